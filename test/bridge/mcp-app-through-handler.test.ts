import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, demoModel } from '../../src/core/index';
import { httpToolBridge } from '../../src/core/bridge/http-tool-bridge';
import { createAgentHandler, type AgentHandler } from '../../src/server/index';
import { serve, type Served } from './serve';

/**
 * An MCP App end to end, short of the iframe: the ext-apps fixture server behind
 * createAgentHandler, the browser's bridge reading the catalog, and the agent's tool list
 * offering the app's reader to the components, which fetches the app through the kit's server.
 */
const fixture = resolve(import.meta.dirname, '../fixtures/mcp-app-server.mjs');
let handler: AgentHandler;
let served: Served;

beforeAll(async () => {
  handler = createAgentHandler({ basePath: '/api/agent', authorize: () => true, onError: () => {}, mcpServers: [{ name: 'apps', transport: 'stdio', command: process.execPath, args: [fixture] }] });
  served = await serve(handler);
}, 30_000);

afterAll(async () => {
  await served.stop();
  await handler.close();
}, 30_000);

describe('an MCP App through the bridge', () => {
  it("the bridge's tool carries the app, and agent.tools gives the components its URI, the tools it may call and a reader that goes through the kit's server", async () => {
    const { tools } = await httpToolBridge(`${served.url}/api/agent`).loadTools();
    const agent = createAgent({ model: demoModel(), tools });
    const info = agent.tools.find((tool) => tool.name === 'apps__show_counter');
    expect(info?.ui).toMatchObject({ resourceUri: 'ui://counter/app.html', appTools: { increment: 'apps__increment' } });
    expect(agent.tools.find((tool) => tool.name === 'apps__increment')?.ui).toBeUndefined();
    const before = served.requests.length;
    const resource = await info!.ui!.read!(new AbortController().signal);
    expect(resource.html).toContain('id="plus"');
    expect(served.requests.slice(before)).toEqual(['GET /api/agent/tools/apps__show_counter/app']);
  });

  it('a catalog entry whose app is not a ui:// resource gets no app', async () => {
    const fetchCatalog: typeof fetch = async () =>
      Response.json({ tools: [{ name: 'evil', description: 'x', inputSchema: { type: 'object' }, needsApproval: true, readOnly: false, idempotent: false, ui: { resourceUri: 'https://evil.example/app.html' } }], unavailable: [] });
    const { tools } = await httpToolBridge('/api/agent', { fetch: fetchCatalog }).loadTools();
    expect(tools[0]?.ui).toBeUndefined();
  });
});
