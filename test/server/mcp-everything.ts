/**
 * Test helpers for MCP against the real reference server @modelcontextprotocol/server-everything,
 * started over stdio as its README says (`node dist/index.js stdio`). Each server gets a marker
 * argument, which the server ignores, so parallel test files (and a test looking for its process)
 * tell them apart.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, expect } from 'vitest';
import type { ToolDefinition, ToolExecutionContext } from '../../src/core/index';
import { connectMcpServers, McpToolCallError, type McpStdioServerConfig, type McpToolSource } from '../../src/server/mcp/index';

const packageJsonPath = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json');
/** The server's entry file. */
export const everythingBin = join(dirname(packageJsonPath), JSON.parse(readFileSync(packageJsonPath, 'utf8')).bin['mcp-server-everything']);
/** Unique to this test file's process: part of every marker. */
export const runId = `${process.pid}-${Date.now()}`;

/** A stdio config for server-everything named `name`. */
export function everything(name: string, extra: Partial<McpStdioServerConfig> = {}): McpStdioServerConfig {
  return { name, transport: 'stdio', command: process.execPath, args: [everythingBin, 'stdio', `--test-marker=${runId}-${name}`], ...extra };
}

export function toolNamed(source: McpToolSource, name: string): ToolDefinition {
  const tool = source.tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`No tool ${name} in ${source.tools.map((candidate) => candidate.name).join(', ')}`);
  return tool;
}

/** Runs a tool of the source as the agent would, with a fresh signal unless given one. */
export function run(source: McpToolSource, name: string, input: unknown, context: Partial<ToolExecutionContext> = {}): Promise<unknown> {
  return Promise.resolve(toolNamed(source, name).execute!(input as never, { signal: new AbortController().signal, toolCallId: 'call-1', reportProgress: () => {}, ...context }));
}

/** The McpToolCallError a call rejects with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<McpToolCallError> {
  const error = await promise.then(
    () => expect.unreachable('the call should fail'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(McpToolCallError);
  return error as McpToolCallError;
}

/**
 * `connectMcpServers` with the servers' stderr silenced, closing every source after the file's
 * tests. (A server still busy with a call that was stopped does not leave when its stdin closes;
 * the SDK then waits 2 s before SIGTERM, as MCP's stdio shutdown says.)
 */
export function trackedConnect(): (...parameters: Parameters<typeof connectMcpServers>) => Promise<McpToolSource> {
  const sources: McpToolSource[] = [];
  afterAll(() => Promise.all(sources.map((source) => source.close())));
  return async (servers, options) => {
    const source = await connectMcpServers(servers, { onServerStderr: () => {}, ...options });
    sources.push(source);
    return source;
  };
}

/** server-everything over Streamable HTTP (`node dist/index.js streamableHttp`, `PORT`), on a free port. */
export interface EverythingHttpServer {
  /** Its MCP endpoint. */
  url: string;
  stop(): Promise<void>;
}

export async function startEverythingHttp(): Promise<EverythingHttpServer> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const child = spawn(process.execPath, [everythingBin, 'streamableHttp', `--test-marker=${runId}-http`], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (stderr.includes(`listening on port ${port}`)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything (streamableHttp) exited with ${code}: ${stderr}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
