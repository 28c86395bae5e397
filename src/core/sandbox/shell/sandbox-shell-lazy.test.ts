import { describe, expect, it, vi } from 'vitest';

// Counts evaluations of the just-bash module: the factory runs when something first imports it.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('just-bash', async (importOriginal) => {
  loads.count++;
  return await importOriginal<typeof import('just-bash')>();
});

describe('loading just-bash', () => {
  it('happens on the first run, not when the sandbox and shell entries are imported or the shell, the bash tool and the AI SDK session created', async () => {
    const { createSandbox } = await import('../index');
    const { createSandboxShell, bashTool, toAISandboxSession } = await import('./index');
    const sandbox = createSandbox({ files: { 'a.txt': 'hi\n' } });
    const shell = createSandboxShell(sandbox);
    bashTool(sandbox);
    toAISandboxSession(sandbox);
    expect(loads.count).toBe(0);

    expect(await shell.run({ command: 'cat a.txt' })).toMatchObject({ exitCode: 0, stdout: 'hi\n' });
    expect(loads.count).toBe(1);
    await createSandboxShell(sandbox).run({ command: 'true' });
    expect(loads.count).toBe(1);
  });
});
