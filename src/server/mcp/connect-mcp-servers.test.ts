import { beforeAll, describe, expect, it } from 'vitest';
import { everything, rejection, run, toolNamed, trackedConnect } from '../../../test/server/mcp-everything';
import { toolNamePattern, validateToolInput } from '../../core/internal';
import type { McpToolSource } from './connect-mcp-servers';

/**
 * The catalog and calls, against the real reference server @modelcontextprotocol/server-everything,
 * started over stdio as its README says (`node dist/index.js stdio`). The marker argument, which
 * the server ignores, tells the processes of parallel test files apart.
 */





const connect = trackedConnect();

const everythingTools = [
  'echo',
  'get-annotated-message',
  'get-env',
  'get-resource-links',
  'get-resource-reference',
  'get-structured-content',
  'get-sum',
  'get-tiny-image',
  'gzip-file-as-resource',
  'toggle-simulated-logging',
  'toggle-subscriber-updates',
  'trigger-long-running-operation',
];

describe('connectMcpServers over stdio (server-everything)', () => {
  let source: McpToolSource;
  let connectMs = 0;
  beforeAll(async () => {
    const start = performance.now();
    source = await connect([
      everything('everything', { env: { MCP_TEST_SETTING: 'from-config' } }),
      everything('slow', { timeoutMs: 200, include: ['trigger-long-running-operation'] }),
      everything('picked', { include: ['echo', 'get-sum', 'no-such-tool'] }),
      everything('most', { exclude: ['echo', 'get-env'] }),
    ]);
    connectMs = performance.now() - start;
  });

  it('connects every server, in parallel, within a few seconds', () => {
    expect(source.failures).toEqual([]);
    expect(connectMs).toBeLessThan(5000);
    console.info(`[mcp test] 4 stdio servers connected and listed in ${Math.round(connectMs)} ms`);
  });

  it('lists every tool once under <server>__<tool>, leaving out tools that require tasks', () => {
    const names = source.tools.filter((tool) => tool.category === 'mcp:everything').map((tool) => tool.name);
    expect(names.sort()).toEqual(everythingTools.map((tool) => `everything__${tool}`));
    expect(names).not.toContain('everything__simulate-research-query'); // taskSupport: 'required'
    for (const tool of source.tools) expect(tool.name).toMatch(toolNamePattern);
    expect(new Set(source.tools.map((tool) => tool.name)).size).toBe(source.tools.length);
  });

  it('maps description, schema, annotations, category and time limit', () => {
    const echo = toolNamed(source, 'everything__echo');
    expect(echo).toMatchObject({
      description: 'Echoes back the input string (MCP server "everything", tool "echo")',
      inputSchema: { type: 'object', properties: { message: { type: 'string', description: 'Message to echo' } }, required: ['message'] },
      category: 'mcp:everything',
      readOnly: true,
      idempotent: true,
      needsApproval: false,
      timeoutMs: 60_000,
    });
    expect(toolNamed(source, 'everything__toggle-simulated-logging')).toMatchObject({ readOnly: false, idempotent: false, needsApproval: true });
    expect(toolNamed(source, 'everything__gzip-file-as-resource')).toMatchObject({ readOnly: false, idempotent: true, needsApproval: true });
    expect(toolNamed(source, 'slow__trigger-long-running-operation').timeoutMs).toBe(200);
  });

  it("gives schemas that the kit's own validator reads", async () => {
    const sum = toolNamed(source, 'everything__get-sum');
    expect(await validateToolInput(sum, { a: 1, b: 2 })).toEqual({ ok: true, value: { a: 1, b: 2 } });
    expect(await validateToolInput(sum, { a: 'one' })).toMatchObject({ ok: false });
  });

  it('calls tools and maps their results', async () => {
    expect(await run(source, 'everything__echo', { message: 'hello' })).toBe('Echo: hello');
    expect(await run(source, 'everything__get-sum', { a: 2, b: 40 })).toBe('The sum of 2 and 40 is 42.');
    expect(await run(source, 'everything__get-structured-content', { location: 'Chicago' })).toEqual({ temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 });
    const image = await run(source, 'everything__get-tiny-image', undefined);
    expect(image).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: "Here's the image you requested:" },
        { type: 'media', mediaType: 'image/png', data: expect.stringMatching(/^iVBOR[A-Za-z0-9+/]+=*$/) },
        { type: 'text', text: 'The image above is the MCP logo.' },
      ],
    });
    expect(await run(source, 'everything__get-resource-reference', { resourceType: 'Text', resourceId: 2 })).toEqual([
      { type: 'text', text: 'Returning resource reference for Resource 2:' },
      { type: 'resource', uri: 'demo://resource/dynamic/text/2', mimeType: 'text/plain', text: expect.stringMatching(/^Resource 2: This is a plaintext resource created at /) },
      { type: 'text', text: 'You can access this resource using the URI: demo://resource/dynamic/text/2' },
    ]);
    expect(await run(source, 'everything__get-resource-links', { count: 2 })).toEqual([
      { type: 'text', text: 'Here are 2 resource links to resources available in this server:' },
      { type: 'resource_link', uri: 'demo://resource/dynamic/blob/1', name: 'Blob Resource 1', mimeType: 'text/plain', description: 'Resource 1: plaintext resource' },
      { type: 'resource_link', uri: 'demo://resource/dynamic/text/2', name: 'Text Resource 2', mimeType: 'text/plain', description: 'Resource 2: plaintext resource' },
    ]);
  });

  it("passes the configured environment, not the host's", async () => {
    const environment = JSON.parse((await run(source, 'everything__get-env', {})) as string) as Record<string, string>;
    expect(environment.MCP_TEST_SETTING).toBe('from-config');
    expect(environment.PATH).toBe(process.env.PATH);
    expect(process.env.VITEST).toBeDefined();
    expect(environment.VITEST).toBeUndefined();
  });

  it("turns an error result into a thrown error carrying the server's message", async () => {
    const error = await rejection(run(source, 'everything__get-sum', { a: 'two', b: 2 }));
    expect(error.code).toBe('tool-error');
    expect(error.server).toBe('everything');
    expect(error.tool).toBe('get-sum');
    expect(error.message).toMatch(/^MCP error -32602: Input validation error: Invalid arguments for tool get-sum: .*expected number, received string/);
  });

  it('reports progress notifications as progress', async () => {
    const progress: unknown[] = [];
    const result = await run(source, 'everything__trigger-long-running-operation', { duration: 0.15, steps: 3 }, { reportProgress: (value) => progress.push(value) });
    expect(result).toBe('Long running operation completed. Duration: 0.15 seconds, Steps: 3.');
    expect(progress.slice(0, 2)).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
    ]);
  });

  it("stops a call when the signal aborts, with the signal's reason", async () => {
    const controller = new AbortController();
    const reason = new Error('The user stopped the run.');
    const start = performance.now();
    const call = run(source, 'everything__trigger-long-running-operation', { duration: 5, steps: 5 }, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(call).rejects.toBe(reason);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(await run(source, 'everything__echo', { message: 'still here' })).toBe('Echo: still here');
  });

  it('ends a call that passes the server’s timeoutMs', async () => {
    const start = performance.now();
    const error = await rejection(run(source, 'slow__trigger-long-running-operation', { duration: 3, steps: 1 }));
    expect(error.code).toBe('timed-out');
    expect(error.message).toBe('The MCP tool "trigger-long-running-operation" on the server "slow" did not answer within 200 ms.');
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('honours include and exclude by the MCP tool name', () => {
    expect(source.tools.filter((tool) => tool.category === 'mcp:picked').map((tool) => tool.name)).toEqual(['picked__echo', 'picked__get-sum']);
    expect(source.tools.filter((tool) => tool.category === 'mcp:slow').map((tool) => tool.name)).toEqual(['slow__trigger-long-running-operation']);
    const most = source.tools.filter((tool) => tool.category === 'mcp:most').map((tool) => tool.name);
    expect(most).toHaveLength(everythingTools.length - 2);
    expect(most).not.toContain('most__echo');
    expect(most).not.toContain('most__get-env');
  });
});
