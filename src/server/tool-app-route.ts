/**
 * `GET {base}/tools/{name}/app`: the MCP App of a catalog tool, read from its MCP server
 * (`resources/read`) when asked. The request names a tool, never a URI, so only a resource that
 * a listed tool declared can be read. The answer is a `ToolUiResource`; a server that is down,
 * refuses, or sends something that is not usable HTML is a 502 that says so.
 */
import type { ToolDefinition } from '../core/index';
import { errorResponse, jsonResponse } from './http-responses';

/**
 * @example
 * ```ts
 * if (request.method === 'GET' && app) return handleToolApp(request, catalog.get(name), reportError);
 * ```
 */
export async function handleToolApp(request: Request, name: string, tool: ToolDefinition | undefined, reportError: (error: unknown) => void): Promise<Response> {
  if (!tool) return errorResponse(404, 'unknown-tool', `There is no tool named ${JSON.stringify(name)} in this server's catalog.`);
  const read = tool.ui?.read;
  if (!read) return errorResponse(404, 'no-app', `The tool ${JSON.stringify(name)} has no app (it declares no ui:// resource).`);
  try {
    const resource = await read(request.signal);
    // The app runs in the browser's sandbox; this response is data for it, not a page to show.
    return jsonResponse(resource, 200, { 'x-content-type-options': 'nosniff' });
  } catch (error) {
    if (request.signal.aborted) return errorResponse(499, 'aborted', 'The client went away.');
    reportError(error);
    const message = error instanceof Error ? error.message : String(error);
    return errorResponse(502, 'app-unavailable', message);
  }
}
