import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/core/index';
import { httpToolBridge } from '../../src/core/bridge/http-tool-bridge';
import { createAgentHandler, type AgentHandler } from '../../src/server/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { lastRequest, resultFor } from '../conformance/helpers';
import { serve, type Served } from './serve';

/**
 * MCP end to end: the real server-everything over stdio behind createAgentHandler, its tools in
 * the catalog next to the app's own, and a browser agent calling one through the bridge.
 */
const packageJsonPath = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json');
const everythingBin = join(dirname(packageJsonPath), JSON.parse(readFileSync(packageJsonPath, 'utf8')).bin['mcp-server-everything']);

let handler: AgentHandler;
let served: Served;

beforeAll(async () => {
  handler = createAgentHandler({
    basePath: '/api/agent',
    authorize: () => true,
    onError: () => {},
    mcpServers: [
      { name: 'everything', transport: 'stdio', command: process.execPath, args: [everythingBin, 'stdio'], include: ['echo', 'get-sum'] },
      { name: 'missing', transport: 'stdio', command: '/nonexistent/mcp-server' },
    ],
  });
  served = await serve(handler);
}, 30_000);

afterAll(async () => {
  await served.stop();
  await handler.close();
}, 30_000);

describe('MCP servers behind createAgentHandler', () => {
  it('lists the MCP tools in the catalog and the server that failed to start as unavailable', async () => {
    const catalog = await (await fetch(`${served.url}/api/agent/tools`)).json();
    expect(catalog.tools.map((tool: { name: string }) => tool.name)).toEqual(['everything__echo', 'everything__get-sum']);
    expect(catalog.tools[0]).toMatchObject({ category: 'mcp:everything', inputSchema: { type: 'object', properties: { message: expect.any(Object) } } });
    expect(catalog.unavailable).toEqual([{ source: 'mcp:missing', error: expect.stringContaining('missing') }]);
  });

  it('a browser agent calls an MCP tool through the bridge; the model receives its result', async () => {
    const { tools } = await httpToolBridge(`${served.url}/api/agent`).loadTools();
    const model = scriptedModel([toolCall('everything__get-sum', { a: 2, b: 40 }, 'call-1'), text('Done.')]);
    const agent = createAgent({ model, tools, permissions: { allow: ['everything__get-sum'] } });
    await agent.send('add');
    // server-everything answers in text content: the bridge passes its text on.
    expect(resultFor(lastRequest(model), 'call-1')).toEqual({ type: 'text', value: 'The sum of 2 and 40 is 42.' });
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-available', output: 'The sum of 2 and 40 is 42.' });
  });
});
