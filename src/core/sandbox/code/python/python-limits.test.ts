import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../create-sandbox';
import { endPythonWorkers, runPython } from './run-python';

afterAll(() => endPythonWorkers());

// One sandbox, so one worker, where a test does not need files of its own (a worker is per sandbox).
const shared = createSandbox();

describe('runPython limits', { timeout: 60_000 }, () => {
  it('ends an infinite loop at the time limit with exit code 124, changing nothing, and the warm worker runs the next program', async () => {
    const sandbox = createSandbox({ files: { '/keep.txt': 'before' } });
    const result = await runPython(sandbox, { language: 'python', code: 'open("keep.txt", "w").write("after")\nopen("new.txt", "w").write("x")\nprint("looping", flush=True)\nwhile True: pass' }, { timeoutMs: 1_000 });
    expect(result.exitCode).toBe(124);
    expect(result.stopped).toBe('timeout');
    expect(result.stdout).toBe('looping\n');
    expect(result.stderr).toContain('ran longer than the time limit of 1000 ms');
    expect(sandbox.readFile('/keep.txt')).toBe('before');
    expect(sandbox.exists('/new.txt')).toBe(false);
    // The next run sees the sandbox's files, not what the stopped one left in the worker's copy.
    const next = await runPython(sandbox, { language: 'python', code: 'import os; print(open("keep.txt").read(), os.path.exists("new.txt"))' });
    expect(next).toEqual({ exitCode: 0, stdout: 'before False\n', stderr: '' });
  });

  it('stops at once when the signal aborts (exit code 130), also a program that swallows KeyboardInterrupt', async () => {
    const sandbox = shared;
    const controller = new AbortController();
    const running = runPython(sandbox, { language: 'python', code: 'print("started", flush=True)\nwhile True:\n    try:\n        while True: pass\n    except KeyboardInterrupt:\n        pass', signal: controller.signal, onOutput: () => controller.abort() });
    const result = await running;
    expect(result.exitCode).toBe(130);
    expect(result.stopped).toBe('cancelled');
    const next = await runPython(sandbox, { language: 'python', code: 'print(6 * 7)' });
    expect(next.stdout).toBe('42\n');
  });

  it('stops a program past its output limit', async () => {
    const result = await runPython(shared, { language: 'python', code: 'while True: print("x" * 100)' }, { maxOutputBytes: 10_000 });
    expect(result.stopped).toBe('output');
    expect(result.exitCode).toBe(1);
    expect(result.stdout.length).toBeLessThanOrEqual(10_000);
    expect(result.stderr).toContain('output limit of 10000 bytes');
  });

  it('ends a memory bomb with MemoryError and stopped: memory, and the next run works', async () => {
    const sandbox = shared;
    const result = await runPython(sandbox, { language: 'python', code: 'blocks = []\nwhile True: blocks.append(bytearray(1 << 20))' }, { memoryBytes: 64 * 1024 * 1024 });
    expect(result.stopped).toBe('memory');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('MemoryError');
    expect(result.stderr).toContain('memory limit of 67108864 bytes');
    const next = await runPython(sandbox, { language: 'python', code: 'print(len(bytearray(1 << 20)))' });
    expect(next.stdout).toBe('1048576\n');
  });
});
