import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rejection, run, trackedConnect } from '../../../test/server/mcp-everything';
import { createAgentHandler } from '../index';
import type { McpStdioServerConfig } from './mcp-server-config';

/**
 * A stdio MCP server that crashes is started again, with backoff, and its tools come back;
 * meanwhile the source (and the handler's catalog, `unavailable`) says what is down. The server
 * is a real MCP server built with the SDK (test/server/crashing-mcp-server.mjs). Issue 26, item 12.
 */
const script = join(import.meta.dirname, '../../../test/server/crashing-mcp-server.mjs');
const directory = mkdtempSync(join(tmpdir(), 'mcp-restart-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function crashing(name: string): { config: McpStdioServerConfig; starts: () => number[]; refuse: (count: number) => void } {
  const startsFile = join(directory, `${name}-starts`);
  const refuseFile = join(directory, `${name}-refuse`);
  writeFileSync(startsFile, '');
  return {
    config: { name, transport: 'stdio', command: process.execPath, args: [script, `--starts=${startsFile}`, `--refuse=${refuseFile}`] },
    starts: () => readFileSync(startsFile, 'utf8').split('\n').filter(Boolean).map(Number),
    refuse: (count) => writeFileSync(refuseFile, String(count)),
  };
}

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error('Timed out waiting.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const connect = trackedConnect();

describe('a crashed stdio MCP server', () => {
  it('is started again with backoff; meanwhile its tools are out and failures say why; then they come back', async () => {
    const server = crashing('crashy');
    const stderr: string[] = [];
    const source = await connect([server.config], { restart: { initialDelayMs: 50, maxDelayMs: 200 }, onServerStderr: (_server, text) => stderr.push(text) });
    const names = () => source.tools.map((tool) => tool.name).sort();
    expect(names()).toEqual(['crashy__crash', 'crashy__pid']);
    const first = Number(await run(source, 'crashy__pid', {}));
    // The next two starts fail at once: the backoff goes on until one connects.
    server.refuse(2);

    const crash = await rejection(run(source, 'crashy__crash', {}));
    expect(crash.code).toBe('disconnected');
    expect(names()).toEqual([]);
    expect(source.downTools.map((tool) => tool.name).sort()).toEqual(['crashy__crash', 'crashy__pid']);
    expect(source.failures).toEqual([
      { server: 'crashy', error: 'The MCP server "crashy" is down: it closed the connection; its stderr ended with: "crashing on purpose", and it is started again in 50 ms (attempt 1).' },
    ]);
    // A call that still comes (from a catalog read before) is an error result that says so.
    const downPid = source.downTools.find((tool) => tool.name === 'crashy__pid')!;
    const meanwhile = await rejection(Promise.resolve(downPid.execute!({}, { signal: new AbortController().signal, toolCallId: 'call-2', reportProgress: () => {} })));
    expect(meanwhile.code).toBe('disconnected');
    expect(meanwhile.message).toMatch(/^The MCP server "crashy" is not connected, so its tool "pid" cannot run: it closed the connection; .*, and it is started again in 50 ms \(attempt 1\)\.$/);

    await waitUntil(() => names().length === 2);
    expect(source.failures).toEqual([]);
    const second = Number(await run(source, 'crashy__pid', {}));
    expect(second).not.toBe(first);
    // One process before the crash, one after; the two refused starts in between.
    expect(server.starts()).toEqual([first, second]);
    expect(stderr.filter((text) => text.includes('refusing to start'))).toHaveLength(2);
  });

  it('is not started again once the source is closed, even while a restart waits', async () => {
    const server = crashing('closing');
    const source = await connect([server.config], { restart: { initialDelayMs: 100, maxDelayMs: 100 }, onServerStderr: () => {} });
    await rejection(run(source, 'closing__crash', {}));
    expect(source.failures).toHaveLength(1);
    await source.close();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.starts()).toHaveLength(1);
  });

  it('is not started again with restart: false', async () => {
    const server = crashing('once');
    const source = await connect([server.config], { restart: false, onServerStderr: () => {} });
    await rejection(run(source, 'once__crash', {}));
    expect(source.failures).toEqual([]);
    const later = await rejection(run(source, 'once__pid', {}));
    expect(later.message).toMatch(/^The MCP server "once" is not connected \(it closed the connection/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.starts()).toHaveLength(1);
  });

  it('leaves the catalog of createAgentHandler while down (unavailable says why) and comes back', async () => {
    const server = crashing('handler');
    const reported: unknown[] = [];
    const handler = createAgentHandler({ authorize: () => true, onError: (error) => reported.push(error), mcpServers: [server.config] });
    try {
      const catalog = async () => (await handler(new Request('http://app.test/tools'))).json() as Promise<{ tools: Array<{ name: string }>; unavailable: Array<{ source: string; error: string }> }>;
      const call = async (name: string) => (await handler(new Request(`http://app.test/tools/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"input":{}}' }))).text();
      expect((await catalog()).tools.map((tool) => tool.name)).toEqual(['handler__pid', 'handler__crash']);
      expect(await call('handler__crash')).toMatch(/"type":"error".*closed the connection/);
      const down = await catalog();
      expect(down.tools).toEqual([]);
      expect(down.unavailable).toEqual([{ source: 'mcp:handler', error: expect.stringMatching(/^The MCP server "handler" is down: it closed the connection; .*crashing on purpose.*, and it is started again in 1000 ms \(attempt 1\)\.$/) }]);
      expect(await call('handler__pid')).toMatch(/"type":"error".*is not connected, so its tool \\"pid\\" cannot run/);
      await waitUntil(async () => (await catalog()).tools.length === 2);
      expect((await catalog()).unavailable).toEqual([]);
      expect(await call('handler__pid')).toContain(`{"type":"output","value":"${server.starts()[1]}"}`);
    } finally {
      await handler.close();
    }
  });
});
