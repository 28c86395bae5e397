/**
 * `POST {base}/tools/{name}`: runs one catalog tool with the same rules as the browser: the input
 * is validated before anything runs, the call has a time limit, a client that goes away aborts
 * it, and every failure is a result line (`{ type: 'error', code, message }`), not a crash.
 */
import { createId, type ToolCallLine, type ToolDefinition, type ToolExecutionContext } from '../core/index';
import { describeToolFailure, invokeTool, validateToolInput, type ToolLifecycle } from '../core/internal';
import { errorResponse, ndjsonResponse } from './http-responses';
import { McpToolCallError } from './mcp/mcp-tool-call-error';
import { bodyErrorResponse, readJsonBody } from './read-json-body';

export interface ToolRouteOptions {
  maxBodyBytes: number;
  /** The longest the request body may go without a byte arriving. */
  bodyTimeoutMs: number;
  /** The slowest average the body may arrive at, in bytes a second (default 8 KiB). */
  minBodyBytesPerSecond?: number;
  /** Time limit for tools that set none. */
  defaultTimeoutMs: number;
  reportError: (error: unknown) => void;
  /** Replace a failing tool's own error message with a generic one (the server log keeps it). */
  redactToolErrors?: boolean | undefined;
  /** Runs each tool's `init` once (per handler) before its first call. */
  toolLifecycle: ToolLifecycle;
}

/**
 * @example
 * ```ts
 * return handleToolCall(request, catalog.get(name)!, { maxBodyBytes, bodyTimeoutMs: 30_000, defaultTimeoutMs: 60_000, reportError, toolLifecycle });
 * ```
 */
export async function handleToolCall(request: Request, tool: ToolDefinition, options: ToolRouteOptions): Promise<Response> {
  const body = await readJsonBody(request, { maxBytes: options.maxBodyBytes, timeoutMs: options.bodyTimeoutMs, minBytesPerSecond: options.minBodyBytesPerSecond });
  if (!body.ok) return bodyErrorResponse(body);
  const call = body.value as { input?: unknown; toolCallId?: unknown } | null;
  if (typeof call !== 'object' || call === null || Array.isArray(call) || !('input' in call)) {
    return errorResponse(400, 'invalid-request', 'Send `{ "input": … }`: the tool call\'s arguments as the `input` field.');
  }
  const toolCallId = typeof call.toolCallId === 'string' ? call.toolCallId : createId('server', '-');
  return ndjsonResponse(runTool(tool, call.input, toolCallId, request.signal, options), (error): ToolCallLine => {
    options.reportError(error);
    return { type: 'error', code: 'failed', message: `The tool "${tool.name}" returned a result that is not JSON.` };
  });
}

async function* runTool(tool: ToolDefinition, input: unknown, toolCallId: string, signal: AbortSignal, options: ToolRouteOptions): AsyncGenerator<ToolCallLine> {
  if (!tool.execute) {
    yield { type: 'error', code: 'failed', message: `The tool "${tool.name}" has no implementation on the server.` };
    return;
  }
  const validated = await validateToolInput(tool, input);
  if (!validated.ok) {
    yield { type: 'error', code: 'invalid-input', message: validated.message };
    return;
  }
  // Progress arrives while the tool runs; it is queued and written as it comes.
  const queue: ToolCallLine[] = [];
  let wake: (() => void) | undefined;
  const push = (line: ToolCallLine) => {
    queue.push(line);
    wake?.();
  };
  const execute = tool.execute;
  const run = (context: ToolExecutionContext) => execute(validated.value, context);
  // The tool's `init` runs inside the call, so the time limit and a client that leaves apply to it.
  const ready = (context: ToolExecutionContext) => options.toolLifecycle.prepare(tool)?.then(() => run(context)) ?? run(context);
  void invokeTool(ready, {
    signal,
    toolCallId,
    timeoutMs: tool.timeoutMs ?? options.defaultTimeoutMs,
    reportProgress: (value) => push({ type: 'progress', value }),
  }).then((outcome) => {
    // A tool that answered with an error result worked as it should: the model reads the error, and the server log stays quiet.
    const answeredWithError = outcome.status === 'failed' && isToolErrorResult(outcome.error);
    if (outcome.status === 'failed' && !answeredWithError) options.reportError(outcome.error);
    if (outcome.status === 'output') return push({ type: 'output', value: outcome.output ?? null });
    const message = outcome.status === 'failed' && options.redactToolErrors && !answeredWithError ? `The tool "${tool.name}" failed on the server.` : describeToolFailure(tool.name, outcome);
    push({ type: 'error', code: outcome.status, message });
  });
  for (;;) {
    while (queue.length > 0) {
      const line = queue.shift()!;
      yield line;
      if (line.type !== 'progress') return;
    }
    await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
  }
}

/**
 * An error result the tool gave as its answer (an MCP result with `isError: true`), as opposed
 * to a failure of the tool or of the server: its text is the tool's own, meant for the model.
 */
function isToolErrorResult(error: unknown): boolean {
  return error instanceof McpToolCallError && error.code === 'tool-error';
}
