import { generateText, isStepCount, tool, type Experimental_SandboxSession } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toAISandboxSession } from './ai-sdk-sandbox-session';
import { createSandbox } from '../create-sandbox';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

function sandboxOf(session: Experimental_SandboxSession | undefined): Experimental_SandboxSession {
  if (session === undefined) throw new Error('experimental_sandbox is missing');
  return session;
}

/** Tools written for the AI SDK, knowing nothing about react-agent-kit: they use `experimental_sandbox`. */
const tools = {
  read_file: tool({
    inputSchema: z.object({ path: z.string(), startLine: z.number().optional(), endLine: z.number().optional() }),
    execute: async ({ path, startLine, endLine }, { experimental_sandbox }) => ({ content: await sandboxOf(experimental_sandbox).readTextFile({ path, startLine, endLine }) }),
  }),
  shell: tool({
    inputSchema: z.object({ command: z.string(), workingDirectory: z.string().optional() }),
    execute: async ({ command, workingDirectory }, { experimental_sandbox, abortSignal }) => sandboxOf(experimental_sandbox).run({ command, workingDirectory, abortSignal }),
  }),
  write_file: tool({
    inputSchema: z.object({ path: z.string(), content: z.string() }),
    execute: async ({ path, content }, { experimental_sandbox }) => {
      await sandboxOf(experimental_sandbox).writeTextFile({ path, content });
      return { written: path };
    },
  }),
};

describe('toAISandboxSession with ai@7', () => {
  it('lets AI SDK tools read, run and write in the sandbox; the model gets their results in the next step', async () => {
    const sandbox = createSandbox({ files: { 'notes.md': '# Notes\nline two\nline three\n', 'src/index.ts': 'export const a = 1;\n' } });
    const model = new MockLanguageModelV4({
      doGenerate: [
        {
          content: [
            { type: 'tool-call', toolCallId: 'read-1', toolName: 'read_file', input: JSON.stringify({ path: 'notes.md', startLine: 2, endLine: 3 }) },
            { type: 'tool-call', toolCallId: 'run-1', toolName: 'shell', input: JSON.stringify({ command: 'wc -l index.ts && echo ran > ../ran.txt', workingDirectory: 'src' }) },
            { type: 'tool-call', toolCallId: 'write-1', toolName: 'write_file', input: JSON.stringify({ path: 'out/summary.md', content: 'All good.\n' }) },
          ],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        },
        { content: [{ type: 'text', text: 'Done.' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] },
      ],
    });
    const experimental_sandbox = toAISandboxSession(sandbox);

    const result = await generateText({ model, tools, experimental_sandbox, system: experimental_sandbox.description, prompt: 'Summarize the notes.', stopWhen: isStepCount(3) });

    expect(result.text).toBe('Done.');
    expect(sandbox.readFile('/out/summary.md')).toBe('All good.\n');
    expect(sandbox.readFile('/ran.txt')).toBe('ran\n');
    const secondPrompt = model.doGenerateCalls[1]!.prompt;
    const toolResults = secondPrompt.flatMap((message) => (message.role === 'tool' ? message.content : []));
    expect(Object.fromEntries(toolResults.map((part) => [part.type === 'tool-result' ? part.toolCallId : part.type, part.type === 'tool-result' ? part.output : undefined]))).toEqual({
      'read-1': { type: 'json', value: { content: 'line two\nline three' } },
      'run-1': { type: 'json', value: { exitCode: 0, stdout: '1 index.ts\n', stderr: '' } },
      'write-1': { type: 'json', value: { written: 'out/summary.md' } },
    });
    expect(model.doGenerateCalls[0]!.prompt[0]).toMatchObject({ role: 'system', content: expect.stringContaining('in-browser virtual filesystem') });
  });
});

describe('toAISandboxSession file methods', () => {
  const setup = () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\ntwo\nthree\n', 'bin.dat': new Uint8Array([0xff, 0]), 'dir/b.txt': 'b' } });
    return { sandbox, session: toAISandboxSession(sandbox) };
  };

  it('reads as stream, bytes and text (line ranges 1-based, inclusive); null when missing', async () => {
    const { session } = setup();
    expect(await new Response(await session.readFile({ path: '/a.txt' })).text()).toBe('one\ntwo\nthree\n');
    expect(await session.readFile({ path: 'missing' })).toBeNull();
    expect([...(await session.readBinaryFile({ path: 'bin.dat' }))!]).toEqual([0xff, 0]);
    expect(await session.readBinaryFile({ path: 'dir/missing' })).toBeNull();
    expect(await session.readTextFile({ path: 'a.txt', startLine: 2, endLine: 2 })).toBe('two');
    expect(await session.readTextFile({ path: 'a.txt', startLine: 3, endLine: 99 })).toBe('three\n');
    expect(await session.readTextFile({ path: 'bin.dat', encoding: 'latin1' })).toBe('\u00ff\u0000');
    expect(await session.readTextFile({ path: 'a.txt/below' })).toBeNull();
    await expect(session.readTextFile({ path: 'dir' })).rejects.toThrow(/is a directory/);
  });

  it('writes from a stream, bytes and text, creating parents and overwriting; rejects a directory', async () => {
    const { sandbox, session } = setup();
    await session.writeFile({ path: 'new/deep/s.txt', content: new Response('streamed').body! });
    await session.writeBinaryFile({ path: 'a.txt', content: new Uint8Array([104, 105]) });
    await session.writeBinaryFile({ path: 'raw.dat', content: new Uint8Array([0, 1]) });
    await session.writeTextFile({ path: '/t.txt', content: 'é', encoding: 'UTF-8' });
    expect(sandbox.readFile('/new/deep/s.txt')).toBe('streamed');
    expect(sandbox.readFile('/a.txt')).toBe('hi');
    expect(sandbox.stat('/raw.dat').binary).toBe(true);
    expect(sandbox.readFile('/t.txt')).toBe('é');
    await expect(session.writeTextFile({ path: 'dir', content: 'x' })).rejects.toThrow(/is a directory/);
    await expect(session.writeTextFile({ path: 'x.txt', content: 'x', encoding: 'latin1' })).rejects.toThrow(/only utf-8/);
  });

  it('stats, lists and deletes as the AI SDK specifies', async () => {
    const { sandbox, session } = setup();
    expect(await session.stat({ path: 'a.txt' })).toEqual({ type: 'file', size: 14 });
    expect(await session.stat({ path: 'dir' })).toEqual({ type: 'directory', size: 0 });
    expect(await session.stat({ path: 'nope' })).toBeNull();
    expect(await session.listDirectory({ path: '/' })).toEqual([
      { name: 'a.txt', type: 'file' },
      { name: 'bin.dat', type: 'file' },
      { name: 'dir', type: 'directory' },
    ]);
    expect(await session.listDirectory({ path: 'nope' })).toBeNull();
    await expect(session.listDirectory({ path: 'a.txt' })).rejects.toThrow();
    expect(await session.deleteFile({ path: 'dir/b.txt' })).toBe(true);
    expect(await session.deleteFile({ path: 'dir/b.txt' })).toBe(false);
    await expect(session.deleteFile({ path: 'dir' })).rejects.toThrow(/is a directory/);
    expect(sandbox.exists('/dir')).toBe(true);
  });

  it('refuses paths above the base directory', async () => {
    const { session } = setup();
    await expect(session.readTextFile({ path: '../etc/passwd' })).rejects.toThrow(/climbs above the sandbox root/);
    await expect(session.writeTextFile({ path: '/../x', content: 'x' })).rejects.toThrow(/climbs above the sandbox root/);
  });

  it('honors an aborted signal', async () => {
    const { session } = setup();
    await expect(session.readTextFile({ path: 'a.txt', abortSignal: AbortSignal.abort() })).rejects.toThrow();
  });
});

describe('toAISandboxSession commands', () => {
  it('runs with a working directory relative to / and an environment', async () => {
    const session = toAISandboxSession(createSandbox({ files: { 'src/a.ts': '' } }));
    expect(await session.run({ command: 'pwd; ls; echo "$MODE"', workingDirectory: 'src', env: { MODE: 'test' } })).toEqual({ exitCode: 0, stdout: '/src\na.ts\ntest\n', stderr: '' });
    expect(await session.run({ command: 'exit 3' })).toMatchObject({ exitCode: 3 });
  });

  it('spawns a process whose streams carry the output and whose wait gives the exit code', async () => {
    const session = toAISandboxSession(createSandbox());
    const process = await session.spawn({ command: 'echo out; echo err >&2; exit 2' });
    expect(await process.wait()).toEqual({ exitCode: 2 });
    expect(await new Response(process.stdout).text()).toBe('out\n');
    expect(await new Response(process.stderr).text()).toBe('err\n');
    await process.kill();
  });

  it('kills a spawned process; an abort signal makes wait reject with its reason', async () => {
    const session = toAISandboxSession(createSandbox());
    const killed = await session.spawn({ command: 'sleep 30' });
    await killed.kill();
    expect(await killed.wait()).toEqual({ exitCode: 130 });

    const controller = new AbortController();
    const aborted = await session.spawn({ command: 'sleep 30', abortSignal: controller.signal });
    controller.abort(new Error('stop it'));
    await expect(aborted.wait()).rejects.toThrow('stop it');
  });

  it('rejects stdin before starting anything', async () => {
    const sandbox = createSandbox();
    const session = toAISandboxSession(sandbox);
    await expect(session.spawn({ command: 'cat > x.txt', stdin: true })).rejects.toThrow(/stdin is not supported/);
    expect(sandbox.exists('/x.txt')).toBe(false);
  });

  it('describes the environment, or uses the given description', () => {
    const sandbox = createSandbox();
    expect(toAISandboxSession(sandbox).description).toMatch(/in-browser virtual filesystem.*"\/".*no network|no network.*"\/"/s);
    expect(toAISandboxSession(sandbox, { description: 'Custom.' }).description).toBe('Custom.');
  });
});
