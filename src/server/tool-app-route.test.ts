import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ToolCatalog, ToolUiResource } from '../core/index';
import { createAgentHandler, type AgentHandler } from './agent-handler';
import type { McpServerConfig } from './mcp/index';

/**
 * `GET {base}/tools/{name}/app` against a real stdio MCP server written with the ext-apps server
 * helpers (test/fixtures/mcp-app-server.mjs): the catalog names the app, the route reads exactly
 * the resource the tool declared, behind `authorize`, and refuses broken resources.
 */
const fixture = resolve(import.meta.dirname, '../../test/fixtures/mcp-app-server.mjs');
const base = 'http://localhost/api/agent';
const handlers: AgentHandler[] = [];

function appServer(mode?: string): McpServerConfig {
  return { name: 'apps', transport: 'stdio', command: process.execPath, args: [fixture], ...(mode ? { env: { MCP_APP_FIXTURE: mode } } : {}) };
}

function handlerWith(server: McpServerConfig, authorize: (request: Request) => boolean = () => true): AgentHandler {
  const handler = createAgentHandler({ basePath: '/api/agent', mcpServers: [server], authorize, onError: () => {} });
  handlers.push(handler);
  return handler;
}

afterAll(async () => {
  await Promise.all(handlers.map((handler) => handler.close()));
});

describe('the MCP App route', () => {
  const handler = handlerWith(appServer());

  it('lists the app in the catalog (URI and the tools it may call), and answers its HTML and metadata from the MCP server', async () => {
    const catalog = (await (await handler(new Request(`${base}/tools`))).json()) as ToolCatalog;
    const show = catalog.tools.find((tool) => tool.name === 'apps__show_counter');
    expect(show?.ui).toEqual({ resourceUri: 'ui://counter/app.html', appTools: { show_counter: 'apps__show_counter', increment: 'apps__increment' } });
    expect(catalog.tools.find((tool) => tool.name === 'apps__increment')?.ui).toBeUndefined();

    const response = await handler(new Request(`${base}/tools/apps__show_counter/app`));
    expect(response.status).toBe(200);
    const resource = (await response.json()) as ToolUiResource;
    expect(resource).toMatchObject({ uri: 'ui://counter/app.html', mimeType: 'text/html;profile=mcp-app', prefersBorder: true, csp: { connectDomains: ['https://api.example.com'] } });
    expect(resource.html).toContain('<output id="count">');
  });

  it('reads only what a listed tool declared: a tool without an app, an unknown tool, and a URI are 404s', async () => {
    const noApp = await handler(new Request(`${base}/tools/apps__increment/app`));
    expect(noApp.status).toBe(404);
    expect(((await noApp.json()) as { error: { code: string } }).error.code).toBe('no-app');
    for (const path of ['/tools/ui%3A%2F%2Fsecret%2Fnotes.html/app', '/tools/apps__secret/app',]) {
      const response = await handler(new Request(`${base}${path}`));
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('secret</p>');
    }
    expect((await handler(new Request(`${base}/tools/apps__show_counter/app`, { method: 'POST', body: '{}' }))).status).toBe(405);
  });

  it('is authorized like the other routes: nothing is read from the MCP server for a refused request', async () => {
    let asked = 0;
    const guarded = handlerWith(appServer(), () => {
      asked += 1;
      return false;
    });
    const response = await guarded(new Request(`${base}/tools/apps__show_counter/app`));
    expect(response.status).toBe(401);
    expect(asked).toBe(1);
    expect(await response.text()).not.toContain('<output');
  });

  it.each([
    ['empty', /its HTML is empty/],
    ['oversized', /its HTML is \d+ bytes, more than the 2097152 allowed/],
    ['not-html', /its content is "application\/javascript", not HTML/],
  ])('a server whose app is %s gets a 502 that says why, and no HTML', async (mode, why) => {
    const broken = handlerWith(appServer(mode));
    const response = await broken(new Request(`${base}/tools/apps__show_counter/app`));
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('app-unavailable');
    expect(body.error.message).toMatch(why);
    expect(body.error.message).toContain('The MCP server "apps" did not give the app ui://counter/app.html');
  });
});
