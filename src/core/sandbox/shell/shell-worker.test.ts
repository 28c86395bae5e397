import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../create-sandbox';
import type { Sandbox, SandboxEvent } from '../sandbox-types';
import { createSandboxShell } from './sandbox-shell';
import { createShellWorkerHost } from './shell-worker-host';
import type { ShellWorkerRequest, ShellWorkerResponse } from './shell-worker-protocol';
import type { SandboxShellOptions } from './shell-types';

/**
 * The shell in a worker, with a fake worker that runs the real worker code (`shell-worker-host`)
 * in this thread: every message is structured-cloned as `postMessage` would, and delivered in a
 * later task; `terminate()` stops both directions at once. What a browser adds, that the page
 * stays responsive and a tight loop ends on terminate, is the e2e test's to show
 * (test/e2e/shell-worker.e2e.test.ts).
 */
class FakeWorker extends EventTarget {
  static instances: FakeWorker[] = [];
  readonly requests: ShellWorkerRequest[] = [];
  terminated = false;
  /** Settles when the worker's code has handled every request it got (it goes on after terminate, as it would not in a browser). */
  idle: Promise<void> = Promise.resolve();
  private readonly host = createShellWorkerHost((response) => this.deliver(response));

  constructor(private readonly behavior: 'normal' | 'fails-to-load' | 'silent' = 'normal') {
    super();
    FakeWorker.instances.push(this);
    setTimeout(() => {
      if (this.behavior === 'fails-to-load') this.dispatchEvent(new Event('error', { cancelable: true }));
      else this.deliver({ type: 'ready' });
    });
  }

  postMessage(request: ShellWorkerRequest): void {
    if (this.terminated) return;
    const copy = structuredClone(request);
    this.requests.push(copy);
    if (this.behavior !== 'normal') return;
    this.idle = this.idle.then(() => (this.terminated ? undefined : this.host(copy)));
  }

  terminate(): void {
    this.terminated = true;
  }

  private deliver(response: ShellWorkerResponse): void {
    const copy = structuredClone(response);
    setTimeout(() => {
      if (!this.terminated) this.dispatchEvent(new MessageEvent('message', { data: copy }));
    });
  }
}

const inWorker = (behavior?: 'normal' | 'fails-to-load' | 'silent') => () => new FakeWorker(behavior) as unknown as Worker;

const project = { 'README.md': '# Demo\n', 'src/index.ts': 'export const answer = 42;\n', 'src/util/strings.ts': 'export const a = "x";\n', 'data/logo.bin': new Uint8Array([0, 159, 146, 150, 255]) };

function setup(options: SandboxShellOptions, limits = {}) {
  const sandbox = createSandbox({ files: project, limits });
  const events: Omit<SandboxEvent, 'version'>[] = [];
  sandbox.subscribe(({ version: _version, ...event }) => events.push(event));
  return { sandbox, events, shell: createSandboxShell(sandbox, options) };
}

/** The tree without times: what the files are, not when they were written. */
function contents(sandbox: Sandbox) {
  return sandbox.toRecords().map(({ modified: _modified, ...record }) => record);
}

function sync(requests: readonly ShellWorkerRequest[]) {
  const parts = requests.filter((request) => request.type === 'sync');
  return { written: parts.flatMap((part) => part.written.map((record) => record.path)), deleted: parts.flatMap((part) => part.deleted) };
}

afterEach(() => {
  FakeWorker.instances = [];
});

describe('the shell in a worker', () => {
  it.each([
    ['writes, appends and reads back', 'echo one > a.txt; echo two >> a.txt; cat a.txt; wc -l a.txt'],
    ['creates, moves and deletes', 'mkdir -p docs/notes && cp README.md docs/notes/ && mv src/util lib && rm -r data && ls -R'],
    ['truncates with a redirect and writes binary', 'printf "\\x00\\xff" > bin.dat; : > README.md; base64 bin.dat; cat src/index.ts > copy.ts'],
    ['fails halfway: the changes before the failure stay', 'echo kept > kept.txt && cat missing.txt && echo never > never.txt'],
    ['refuses a path the sandbox forbids', "echo x > 'back\\slash.txt'; echo after > after.txt"],
    ['finds, greps and pipes', 'find / -type f | sort; grep -rn export src | sort; seq 1 2000 | tail -3'],
    ['cuts long output', 'seq 1 20000'],
    ['runs in the given directory, with variables', 'pwd; echo "$GREETING $HOME"; ls'],
  ])('%s exactly as in the page: result, events and files', async (_name, command) => {
    const inPage = setup({ worker: false, env: { GREETING: 'hi' } });
    const worker = setup({ worker: inWorker(), env: { GREETING: 'hi' } });
    for (const cwd of ['/', 'src']) {
      const expected = await inPage.shell.run({ command, cwd });
      expect(await worker.shell.run({ command, cwd })).toEqual(expected);
    }
    expect(worker.events).toEqual(inPage.events);
    expect(contents(worker.sandbox)).toEqual(contents(inPage.sandbox));
    expect(FakeWorker.instances).toHaveLength(1);
  });

  it('runs node on the worker\'s copy, streams what the program writes to the page as it writes, and makes its files', async () => {
    const { sandbox, shell } = setup({ worker: inWorker() });
    const chunks: { stream: string; text: string }[] = [];
    const code = "console.log('first'); setTimeout(() => { require('fs').writeFileSync('made.txt', 'by node'); console.error('second'); }, 5);";
    const result = await shell.run({ command: `node -e "${code}" && cat made.txt`, onOutput: (chunk) => chunks.push(chunk) });
    expect(result).toMatchObject({ exitCode: 0, stdout: 'first\nby node', stderr: 'second\n' });
    expect(chunks).toEqual([{ stream: 'stdout', text: 'first\n' }, { stream: 'stderr', text: 'second\n' }]);
    expect(sandbox.readFile('/made.txt')).toBe('by node');
  });

  it('refuses a write beyond the quota as in the page, and leaves the file as it was', async () => {
    const inPage = setup({ worker: false }, { maxTotalBytes: 1_000 });
    const worker = setup({ worker: inWorker() }, { maxTotalBytes: 1_000 });
    const command = 'seq 1 5000 > README.md; echo small > small.txt';
    const expected = await inPage.shell.run({ command });
    expect(expected.stderr).toMatch(/ENOSPC/);
    expect(await worker.shell.run({ command })).toEqual(expected);
    expect(contents(worker.sandbox)).toEqual(contents(inPage.sandbox));
  });

  it('keeps the worker and its copy between runs: the next run sends only what changed', async () => {
    const { sandbox, shell } = setup({ worker: inWorker() });
    await shell.run({ command: 'echo 1 > one.txt' });
    const [worker] = FakeWorker.instances;
    expect(sync(worker!.requests).written.sort()).toEqual(['/README.md', '/data/logo.bin', '/src/index.ts', '/src/util/strings.ts']);

    const before = worker!.requests.length;
    sandbox.writeFile('/src/index.ts', 'export const answer = 43;\n');
    sandbox.delete('/README.md');
    expect(await shell.run({ command: 'cat src/index.ts one.txt; ls' })).toMatchObject({ exitCode: 0, stdout: 'export const answer = 43;\n1\ndata\none.txt\nsrc\n' });
    expect(sync(worker!.requests.slice(before))).toEqual({ written: ['/src/index.ts'], deleted: ['/README.md'] });
    expect(FakeWorker.instances).toHaveLength(1);
  });

  it('sends a large tree in parts', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 300; index++) files[`pkg/file-${index}.txt`] = `${index}\n`.padEnd(10_000, '.');
    const sandbox = createSandbox({ files });
    const shell = createSandboxShell(sandbox, { worker: inWorker() });
    expect(await shell.run({ command: 'ls pkg | wc -l' })).toMatchObject({ exitCode: 0, stdout: '300\n' });
    const parts = FakeWorker.instances[0]!.requests.filter((request) => request.type === 'sync');
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.filter((part) => part.fresh !== undefined)).toHaveLength(1);
    expect(sync(parts).written).toHaveLength(300);
  });

  it('ends the worker when the run is cancelled: nothing the script did is made, and the next run starts afresh', async () => {
    const { sandbox, shell, events } = setup({ worker: inWorker() });
    const controller = new AbortController();
    const running = shell.run({ command: 'echo early > early.txt; sleep 0.3; echo late > late.txt', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await running).toEqual({ exitCode: 130, stdout: '', stderr: 'bash: cancelled\n', truncated: false });
    const [first] = FakeWorker.instances;
    expect(first!.terminated).toBe(true);
    await first!.idle; // the fake's script goes on (a browser's would not): its changes still must not arrive
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);
    expect(sandbox.exists('/early.txt')).toBe(false);

    expect(await shell.run({ command: 'ls' })).toMatchObject({ exitCode: 0, stdout: 'README.md\ndata\nsrc\n' });
    expect(FakeWorker.instances).toHaveLength(2);
    expect(await shell.run({ command: 'echo x', signal: controller.signal })).toMatchObject({ exitCode: 130, stderr: 'bash: cancelled before it started\n' });
  });

  it('runs one script at a time; one waiting for its turn can be cancelled without waiting', async () => {
    const { sandbox, shell } = setup({ worker: inWorker() });
    const first = shell.run({ command: 'sleep 0.1; echo first >> log.txt' });
    const controller = new AbortController();
    const second = shell.run({ command: 'echo second >> log.txt', signal: controller.signal });
    const third = shell.run({ command: 'echo third >> log.txt' });
    controller.abort();
    expect(await second).toMatchObject({ exitCode: 130, stderr: 'bash: cancelled before it started\n' });
    await Promise.all([first, third]);
    expect(sandbox.readFile('/log.txt')).toBe('first\nthird\n');
  });

  it('makes the script changes on top of a change the page made meanwhile, in one step', async () => {
    const { sandbox, shell, events } = setup({ worker: inWorker() });
    const running = shell.run({ command: 'sleep 0.1; echo from-script > script.txt; rm README.md' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    sandbox.writeFile('/page.txt', 'from the page\n');
    expect(await running).toMatchObject({ exitCode: 0 });
    expect(events).toEqual([
      { type: 'write', path: '/page.txt' },
      { type: 'write', path: '/script.txt' },
      { type: 'delete', path: '/README.md' },
    ]);
    expect(sandbox.readFile('/page.txt')).toBe('from the page\n');
    expect(sandbox.readFile('/script.txt')).toBe('from-script\n');
    // The worker's copy is the page's tree again: the next run sees both.
    expect(await shell.run({ command: 'cat page.txt script.txt' })).toMatchObject({ stdout: 'from the page\nfrom-script\n' });
  });

  it('makes none of the script changes when a change the page made meanwhile conflicts with them', async () => {
    const { sandbox, shell } = setup({ worker: inWorker() });
    const running = shell.run({ command: 'echo a > first.txt; sleep 0.1; mkdir -p out && echo b > out/b.txt; echo done' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    sandbox.writeFile('/out', 'a file where the script makes a directory\n');
    const result = await running;
    expect(result.stdout).toBe('done\n');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/the workspace changed while the script ran, and its changes no longer apply .*none of the script's changes were made/);
    expect(sandbox.exists('/first.txt')).toBe(false);
    expect(sandbox.readFile('/out')).toMatch(/a file/);
    expect(await shell.run({ command: 'cat out; ls' })).toMatchObject({ exitCode: 0, stdout: 'a file where the script makes a directory\nREADME.md\ndata\nout\nsrc\n' });
  });

  it('runs in the page when the worker cannot be loaded, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { sandbox, shell } = setup({ worker: inWorker('fails-to-load') });
    expect(await shell.run({ command: 'echo hi > a.txt; cat a.txt' })).toMatchObject({ exitCode: 0, stdout: 'hi\n' });
    expect(await shell.run({ command: 'cat a.txt' })).toMatchObject({ exitCode: 0, stdout: 'hi\n' });
    expect(sandbox.readFile('/a.txt')).toBe('hi\n');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/shell worker could not be loaded/);
    expect(FakeWorker.instances).toHaveLength(1);
  });

  it('ends a worker that does not answer within the time limit', async () => {
    vi.useFakeTimers();
    try {
      const { shell } = setup({ worker: inWorker('silent'), timeoutMs: 1_000 });
      const running = shell.run({ command: 'true' });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await running).toMatchObject({ exitCode: 124, stderr: expect.stringMatching(/time limit of 1000 ms/) });
      expect(FakeWorker.instances[0]!.terminated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
