import { getCommandNames } from 'just-bash';
import { describe, expect, it } from 'vitest';
import type { ToolExecutionContext } from '../../tools/define-tool';
import { createToolRegistry } from '../../tools/tool-registry';
import { createSandbox } from '../create-sandbox';
import { bashTool, bashToolCommands } from './bash-tool';

function context(signal = new AbortController().signal): ToolExecutionContext {
  return { signal, toolCallId: 'call-1', reportProgress: () => {} };
}

describe('bashTool', () => {
  it('is a valid tool named bash that asks for approval, with a limit above the shell own', () => {
    const tool = bashTool(createSandbox(), { timeoutMs: 3_000 });
    expect(createToolRegistry([tool]).get('bash')).toBe(tool);
    expect(tool).toMatchObject({ name: 'bash', needsApproval: true, category: 'shell' });
    expect(tool.readOnly).toBeUndefined();
    expect(tool.timeoutMs).toBeGreaterThan(3_000);
    expect(tool.inputSchema).toMatchObject({ type: 'object', required: ['command'], properties: { command: { type: 'string' }, cwd: { type: 'string' } } });
  });

  it('describes a simulated shell with no network, and its limits', () => {
    const { description } = bashTool(createSandbox(), { timeoutMs: 5_000, maxCommands: 2_000 });
    expect(description).toMatch(/simulated shell/);
    expect(description).toMatch(/no network/);
    expect(description).toMatch(/5 s, 2000 commands/);
  });

  it('names only commands the shell has', () => {
    const available = new Set<string>(getCommandNames());
    expect(bashToolCommands.filter((name) => !available.has(name))).toEqual([]);
  });

  it('runs the command in the sandbox and returns exit code and output; a failure is a result', async () => {
    const sandbox = createSandbox({ files: { 'src/a.ts': 'export {};\n' } });
    const tool = bashTool(sandbox);
    expect(await tool.execute!({ command: 'ls; echo done > out.txt', cwd: 'src' }, context())).toEqual({ exitCode: 0, stdout: 'a.ts\n', stderr: '' });
    expect(sandbox.readFile('/src/out.txt')).toBe('done\n');
    expect(await tool.execute!({ command: 'cat missing.txt' }, context())).toEqual({ exitCode: 1, stdout: '', stderr: 'cat: missing.txt: No such file or directory\n' });
  });

  it('marks cut output with truncated: true, under the agent cap on one result by default', async () => {
    const tool = bashTool(createSandbox());
    const output = await tool.execute!({ command: 'seq 1 9000' }, context());
    expect(output).toMatchObject({ exitCode: 0, truncated: true });
    expect(JSON.stringify(output).length).toBeLessThan(20_000);
  });

  it('stops when the call is cancelled', async () => {
    const controller = new AbortController();
    const running = bashTool(createSandbox()).execute!({ command: 'sleep 30' }, context(controller.signal));
    setTimeout(() => controller.abort(), 20);
    expect(await running).toMatchObject({ exitCode: 130 });
  });
});
