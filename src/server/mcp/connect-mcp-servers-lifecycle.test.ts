import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { everything, rejection, run, runId, trackedConnect } from '../../../test/server/mcp-everything';
import { connectMcpServers } from './connect-mcp-servers';

/**
 * Closing, crashes and failures to connect, against the real reference server
 * @modelcontextprotocol/server-everything over stdio (`node dist/index.js stdio`). Each server
 * gets a marker argument, which the server ignores, so a test can find its process.
 */


/** The pid of the server started with `everything(name)`, found among this process's children. */
function serverPid(name: string): number {
  const lines = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).split('\n');
  const match = lines.map((line) => line.trim().split(/\s+/)).find(([, parent, ...args]) => Number(parent) === process.pid && args.includes(`--test-marker=${runId}-${name}`));
  if (!match) throw new Error(`No process for the MCP server "${name}".`);
  return Number(match[0]);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('Timed out waiting.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}




const connect = trackedConnect();

describe('connectMcpServers lifecycle', () => {
  it('close() ends the child process; later calls fail clearly; closing again is fine', async () => {
    const connectStart = performance.now();
    const source = await connect([everything('closing')]);
    console.info(`[mcp test] one stdio server connected and listed in ${Math.round(performance.now() - connectStart)} ms`);
    const pid = serverPid('closing');
    expect(isRunning(pid)).toBe(true);
    const start = performance.now();
    await source.close();
    const closeMs = performance.now() - start;
    console.info(`[mcp test] close() of a stdio server took ${Math.round(closeMs)} ms`);
    expect(isRunning(pid)).toBe(false);
    const error = await rejection(run(source, 'closing__echo', { message: 'hi' }));
    expect(error.code).toBe('disconnected');
    expect(error.message).toBe('The MCP server "closing" is not connected (it was closed by the application), so its tool "echo" cannot run.');
    await source.close();
  });

  it('a server that crashes after connecting (and is not restarted) fails its calls with its name; the others keep working', async () => {
    const source = await connect([everything('victim'), everything('survivor')], { restart: false });
    const pid = serverPid('victim');
    const running = run(source, 'victim__trigger-long-running-operation', { duration: 5, steps: 5 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.kill(pid, 'SIGKILL');
    const inFlight = await rejection(running);
    expect(inFlight.code).toBe('disconnected');
    expect(inFlight.message).toMatch(/^The MCP server "victim" closed the connection.* before its tool "trigger-long-running-operation" answered\.$/);
    await waitUntil(() => !isRunning(pid));
    const later = await rejection(run(source, 'victim__echo', { message: 'hi' }));
    expect(later.code).toBe('disconnected');
    expect(later.message).toMatch(/^The MCP server "victim" is not connected \(it closed the connection.*\), so its tool "echo" cannot run\.$/);
    expect(await run(source, 'survivor__echo', { message: 'hi' })).toBe('Echo: hi');
  });
});

describe('connectMcpServers failures', () => {
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it('reports servers that cannot start or be reached, without secrets, while a good one works', async () => {
    const port = await closedPort();
    const start = performance.now();
    const source = await connect([
      { name: 'missing', transport: 'stdio', command: '/definitely/not/here/mcp-server', env: { API_KEY: 'missing-secret-value' } },
      everything('good'),
      { name: 'offline', transport: 'http', url: `http://127.0.0.1:${port}/mcp?key=query-secret`, headers: { authorization: 'Bearer header-secret' } },
      { name: 'crashy', transport: 'stdio', command: process.execPath, args: ['-e', 'console.error("boom: bad key", process.env.API_KEY); process.exit(3)'], env: { API_KEY: 'crashy-secret-value' } },
    ]);
    const elapsed = performance.now() - start;
    expect(source.failures.map((failure) => failure.server)).toEqual(['missing', 'offline', 'crashy']);
    const [missing, offline, crashy] = source.failures.map((failure) => failure.error);
    expect(missing).toBe(
      'Could not connect to the MCP server "missing" (stdio, command "/definitely/not/here/mcp-server"): spawn /definitely/not/here/mcp-server ENOENT: the command was not found (check `command`, `cwd` and PATH)',
    );
    expect(offline).toMatch(/^Could not connect to the MCP server "offline" \(http, http:\/\/127\.0\.0\.1:\d+\/mcp\): .*ECONNREFUSED/);
    expect(crashy).toMatch(/^Could not connect to the MCP server "crashy" \(stdio, command ".*"\): the connection closed during startup; its stderr ended with: "boom: bad key \[redacted\]"$/);
    expect(JSON.stringify(source.failures)).not.toMatch(/secret/);
    expect(source.tools.every((tool) => tool.category === 'mcp:good')).toBe(true);
    expect(await run(source, 'good__echo', { message: 'ok' })).toBe('Echo: ok');
    expect(elapsed).toBeLessThan(5000);
  });

  it('gives up on a server that does not answer within connectTimeoutMs, and stops it', async () => {
    const start = performance.now();
    const source = await connect([{ name: 'mute', transport: 'stdio', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)', '--', `--test-marker=${runId}-mute`] }], { connectTimeoutMs: 300 });
    expect(source.failures).toEqual([{ server: 'mute', error: expect.stringMatching(/^Could not connect to the MCP server "mute" \(stdio, .*\): .*300 ms/) }]);
    expect(source.tools).toEqual([]);
    expect(performance.now() - start).toBeLessThan(1500);
    expect(() => serverPid('mute')).toThrow('No process');
  });

  it('refuses an invalid configuration before starting anything', async () => {
    await expect(connectMcpServers([everything('twice'), everything('twice')])).rejects.toThrow(new TypeError('mcpServers[1] ("twice"): another server is already named "twice"; names must be unique.'));
    await expect(connectMcpServers([], { connectTimeoutMs: -1 })).rejects.toThrow(TypeError);
    expect(() => serverPid('twice')).toThrow('No process');
  });

  it('returns an empty source for no servers', async () => {
    const source = await connectMcpServers([]);
    expect(source.tools).toEqual([]);
    expect(source.failures).toEqual([]);
    await source.close();
  });
});
