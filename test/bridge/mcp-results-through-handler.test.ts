import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/core/index';
import { httpToolBridge } from '../../src/core/bridge/http-tool-bridge';
import { createAgentHandler, type AgentHandler } from '../../src/server/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { lastRequest, resultFor } from '../conformance/helpers';
import { everything, startEverythingHttp, type EverythingHttpServer } from '../server/mcp-everything';
import { serve, type Served } from './serve';

/**
 * What MCP tool results become for the model, end to end: the real server-everything, over stdio
 * and over Streamable HTTP, behind createAgentHandler; a browser agent calls its tools through
 * the bridge, and the prompt of the model's next step is read. Issue 26, item 12.
 */
let httpServer: EverythingHttpServer;
const handlers: AgentHandler[] = [];
const reported: unknown[][] = [[], []];
const served: Served[] = [];

beforeAll(async () => {
  httpServer = await startEverythingHttp();
  const transports = [everything('everything'), { name: 'everything', transport: 'http' as const, url: httpServer.url }];
  for (const [index, server] of transports.entries()) {
    const handler = createAgentHandler({ basePath: '/api/agent', authorize: () => true, onError: (error) => reported[index]!.push(error), redactToolErrors: true, mcpServers: [server] });
    handlers.push(handler);
    served.push(await serve(handler));
  }
}, 30_000);

afterAll(async () => {
  await Promise.all(served.map((server) => server.stop()));
  await Promise.all(handlers.map((handler) => handler.close()));
  await httpServer.stop();
}, 30_000);

describe.each([
  ['stdio', 0],
  ['streamable HTTP', 1],
])('server-everything over %s', (_transport, index) => {
  const base = () => `${served[index]!.url}/api/agent`;

  async function runOne(name: string, input: Record<string, unknown>) {
    const { tools } = await httpToolBridge(base()).loadTools();
    const model = scriptedModel([toolCall(`everything__${name}`, input, 'call-1'), text('Done.')]);
    const agent = createAgent({ model, tools, permissions: { allow: [`everything__${name}`] } });
    await agent.send('go');
    return { result: resultFor(lastRequest(model), 'call-1'), call: agent.getState().toolCalls[0]! };
  }

  it('publishes outputSchema in the catalog, and the model receives structuredContent', async () => {
    const catalog = await (await fetch(`${base()}/tools`)).json();
    const entry = catalog.tools.find((tool: { name: string }) => tool.name === 'everything__get-structured-content');
    expect(entry.outputSchema).toMatchObject({ type: 'object', properties: { temperature: { type: 'number' }, conditions: { type: 'string' }, humidity: { type: 'number' } } });
    expect(catalog.tools.find((tool: { name: string }) => tool.name === 'everything__echo').outputSchema).toBeUndefined();
    const { tools } = await httpToolBridge(base()).loadTools();
    expect(tools.find((tool) => tool.name === 'everything__get-structured-content')!.outputSchema).toEqual(entry.outputSchema);
    const { result } = await runOne('get-structured-content', { location: 'Chicago' });
    expect(result).toEqual({ type: 'json', value: { temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 } });
  });

  it('sends an image to the model as an image part, never as base64 text', async () => {
    const { result, call } = await runOne('get-tiny-image', {});
    expect(result.type).toBe('content');
    const parts = result.value as Array<{ type: string; text?: string; data?: string; mediaType?: string }>;
    expect(parts.map((part) => part.type)).toEqual(['text', 'image-data', 'text']);
    expect(parts[1]).toMatchObject({ mediaType: 'image/png', data: expect.stringMatching(/^iVBOR/) });
    expect(Buffer.from(parts[1]!.data!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(parts.filter((part) => part.type === 'text').map((part) => part.text)).toEqual(["Here's the image you requested:", 'The image above is the MCP logo.']);
    // The call keeps the image as media for the app, not as text.
    expect(call.output).toMatchObject({ type: 'content', value: [{ type: 'text' }, { type: 'media', mediaType: 'image/png' }, { type: 'text' }] });
  });

  it("makes a tool's error result the model's error result, without an onError report", async () => {
    const before = reported[index]!.length;
    const { result, call } = await runOne('gzip-file-as-resource', { name: 'out.gz', data: 'ftp://example.com/file.txt' });
    expect(call.state).toBe('output-error');
    // The tool's own words reach the model even with redactToolErrors: they are its answer, not a failure of the server.
    expect(result).toEqual({ type: 'error-text', value: expect.stringMatching(/^The tool "everything__gzip-file-as-resource" failed: .*Unsupported URL protocol for ftp:\/\/example\.com\/file\.txt/) });
    expect(reported[index]!.slice(before)).toEqual([]);
  });
});
