import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../create-sandbox';
import type { SandboxEvent } from '../sandbox-types';
import { createSandboxShell } from './sandbox-shell';

const project = { 'README.md': '# Demo\n', 'src/index.ts': 'export const answer = 42;\n', 'etc/passwd': 'sandbox-user:x:1000\n' };

function setup(files: Record<string, string> = project, limits = {}) {
  const sandbox = createSandbox({ files, limits });
  const events: SandboxEvent[] = [];
  sandbox.subscribe((event) => events.push(event));
  return { sandbox, events, shell: createSandboxShell(sandbox) };
}

describe('createSandboxShell', () => {
  it('starts in / with relative paths from there; cwd and env apply to one run only', async () => {
    const { shell } = setup();
    expect(await shell.run({ command: 'pwd; cat README.md; ls' })).toEqual({ exitCode: 0, stdout: '/\n# Demo\nREADME.md\netc\nsrc\n', stderr: '', truncated: false });
    expect((await shell.run({ command: 'pwd; ls', cwd: 'src' })).stdout).toBe('/src\nindex.ts\n');
    expect((await shell.run({ command: 'echo "$GREETING $HOME"', env: { GREETING: 'hi' } })).stdout).toBe('hi /\n');
    expect((await shell.run({ command: 'cd src; export X=1' })).exitCode).toBe(0);
    expect((await shell.run({ command: 'pwd; echo "[$X]"' })).stdout).toBe('/\n[]\n');
  });

  it('leaves nothing behind after process substitution: no dev/fd folders, no events (issue 26, item 11)', async () => {
    const { sandbox, shell, events } = setup();
    expect(await shell.run({ command: 'diff <(printf "a\\nb\\n") <(printf "a\\nc\\n"); cat <(echo hi)' })).toMatchObject({ exitCode: 0, stdout: '2c2\n< b\n---\n> c\nhi\n' });
    expect(sandbox.exists('/dev')).toBe(false);
    expect(events).toEqual([]);
  });

  it('runs xargs -n, -I and -L as GNU xargs does, and refuses what it cannot do (issue 26, item 11)', async () => {
    const { shell } = setup();
    expect((await shell.run({ command: 'echo a b c d e | xargs -n 2 echo item' })).stdout).toBe('item a b\nitem c d\nitem e\n');
    expect((await shell.run({ command: 'printf "x y\\nz\\n" | xargs -I{} echo "<{}>"' })).stdout).toBe('<x y>\n<z>\n');
    expect((await shell.run({ command: 'printf "a\\nb\\nc\\n" | xargs -L 2 echo' })).stdout).toBe('a b\nc\n');
    expect(await shell.run({ command: 'echo a | xargs -P 4 echo; echo after' })).toMatchObject({ exitCode: 2, stdout: '', stderr: expect.stringContaining('not supported: xargs -P') });
  });

  it('refuses a working directory that is not one', async () => {
    const { shell } = setup();
    expect(await shell.run({ command: 'ls', cwd: 'nope' })).toMatchObject({ exitCode: 1, stderr: expect.stringContaining('does not exist') });
    expect(await shell.run({ command: 'ls', cwd: 'README.md' })).toMatchObject({ exitCode: 1, stderr: 'bash: cd: README.md: Not a directory\n' });
  });

  it('writes files into the sandbox, where subscribers see them', async () => {
    const { sandbox, shell, events } = setup();
    expect(await shell.run({ command: 'echo hi > a.txt' })).toMatchObject({ exitCode: 0 });
    expect(sandbox.readFile('/a.txt')).toBe('hi\n');
    expect(events.map(({ type, path }) => ({ type, path }))).toEqual([{ type: 'write', path: '/a.txt' }]);
    await shell.run({ command: 'mkdir -p docs/notes && mv a.txt docs/notes/ && rm README.md' });
    expect(sandbox.glob('**')).toEqual(['/docs/notes/a.txt', '/etc/passwd', '/src/index.ts']);
  });

  it('greps like sandbox.grep over a few hundred files', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 300; index++) {
      const lines = [`// file ${index}`, index % 3 === 0 ? `const value = ${index}; // TODO check` : `const value = ${index};`, index % 7 === 0 ? 'TODO: and here' : ''];
      files[`pkg${index % 10}/module-${index}.ts`] = lines.join('\n') + '\n';
    }
    const { sandbox, shell } = setup(files);
    const result = await shell.run({ command: 'grep -rn TODO /' });
    expect(result.exitCode).toBe(0);
    // just-bash joins the root and a name as `//name`; the path is the same.
    const fromShell = result.stdout.trimEnd().split('\n').map((line) => line.replace(/^\/\//, '/')).sort();
    const fromSandbox = sandbox.grep('TODO', { maxMatches: 10_000 }).matches.map((match) => `${match.path}:${match.line}:${match.text}`).sort();
    expect(fromSandbox.length).toBeGreaterThan(100);
    expect(fromShell).toEqual(fromSandbox);
  });

  it('ends an endless loop at the time limit with a clear message', async () => {
    const shell = createSandboxShell(setup().sandbox, { timeoutMs: 200, maxCommands: 1e9, maxLoopIterations: 1e9 });
    const result = await shell.run({ command: 'while true; do :; done' });
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/time limit of 200 ms/);
  });

  it('ends a loop at the command and iteration limits', async () => {
    const { sandbox } = setup();
    const commands = await createSandboxShell(sandbox, { maxCommands: 500, maxLoopIterations: 1e6 }).run({ command: 'while true; do :; done' });
    expect(commands.exitCode).not.toBe(0);
    expect(commands.stderr).toMatch(/too many commands.*limit of this shell/);
    const iterations = await createSandboxShell(sandbox, { maxCommands: 1e6, maxLoopIterations: 100 }).run({ command: 'while true; do :; done' });
    expect(iterations.exitCode).not.toBe(0);
    expect(iterations.stderr).toMatch(/too many iterations.*limit of this shell/);
  });

  it('cuts long output at maxOutputBytes, with a note', async () => {
    const { sandbox } = setup();
    const shell = createSandboxShell(sandbox, { maxOutputBytes: 100 });
    const result = await shell.run({ command: 'seq 1 10000' });
    expect(result.exitCode).toBe(0);
    expect(result.truncated).toBe(true);
    expect(result.stdout.startsWith('1\n2\n3\n')).toBe(true);
    expect(result.stdout).toMatch(/\[output truncated: \d+ more bytes not shown\]\n$/);
    expect(result.stdout.length).toBeLessThan(200);
    expect((await shell.run({ command: 'echo short' })).truncated).toBe(false);
  });

  it('turns a write beyond the quota into a failure and leaves that file as it was', async () => {
    const { sandbox, shell } = setup({ 'a.txt': 'original\n' }, { maxTotalBytes: 1_000 });
    const versionBefore = sandbox.version;
    const overwrite = await shell.run({ command: 'seq 1 5000 > a.txt' });
    expect(overwrite.exitCode).not.toBe(0);
    expect(overwrite.stderr).toMatch(/ENOSPC/);
    expect(sandbox.readFile('/a.txt')).toBe('original\n');
    const create = await shell.run({ command: 'seq 1 5000 > new.txt' });
    expect(create.exitCode).not.toBe(0);
    expect(sandbox.exists('/new.txt')).toBe(false);
    expect(sandbox.version).toBe(versionBefore);
  });

  it('tells the model plainly what is not there: network, links, permissions, a Python it was not given', async () => {
    const { sandbox, shell } = setup();
    for (const [command, reason] of [
      ['curl https://example.com', /curl: network access is disabled/],
      ['wget https://example.com', /wget: network access is disabled/],
      ['ln -s /etc/passwd link', /ln: the workspace has no symbolic or hard links/],
      ['chmod +x README.md', /chmod: the workspace does not keep file permissions/],
      ['python3 -c "print(1)"', /python3: this shell was not given a Python runtime/],
      ['js-exec -c 1', /js-exec: run JavaScript with `node file.js`/],
    ] as const) {
      const result = await shell.run({ command });
      expect(result.exitCode, command).toBe(2);
      expect(result.stderr, command).toMatch(reason);
      expect(result.stderr, command).toMatch(/not supported: /);
    }
    expect(sandbox.exists('/link')).toBe(false);
  });

  it('stops a waiting command when the caller cancels', async () => {
    const { shell } = setup();
    const controller = new AbortController();
    const running = shell.run({ command: 'sleep 30; echo late > late.txt', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const result = await running;
    expect(result.exitCode).toBe(130);
    controller.abort();
    expect((await shell.run({ command: 'echo x', signal: controller.signal })).exitCode).toBe(130);
  });
});

describe('confinement: hostile paths stay in the sandbox', () => {
  const hostPasswd = readFileSync('/etc/passwd', 'utf8');

  it('resolves `..` at the root to the root, so ../../etc/passwd is the sandbox own file', async () => {
    const { shell } = setup();
    const result = await shell.run({ command: 'cat ../../etc/passwd; cat /../../../etc/passwd; cd src && cat ../../../../etc/passwd' });
    expect(result.stdout).toBe('sandbox-user:x:1000\n'.repeat(3));
    expect(result.stdout).not.toContain(hostPasswd.split('\n')[0]);
  });

  it('keeps cd at the root and lists only sandbox files', async () => {
    const { shell } = setup();
    const result = await shell.run({ command: 'cd / && cd .. && pwd && ls && cd ../../.. && pwd && ls -a ..' });
    expect(result.stdout).toBe('/\nREADME.md\netc\nsrc\n/\n.\n..\nREADME.md\netc\nsrc\n');
  });

  it('finds no host files at absolute paths outside the sandbox', async () => {
    const { sandbox, shell } = setup({ 'a.txt': 'a' });
    for (const command of ['cat /etc/passwd', 'cat /etc/hostname', 'ls /usr/bin', 'cat /proc/self/environ', 'ls /home', 'cat ~/.bashrc']) {
      const result = await shell.run({ command });
      expect(result.exitCode, command).not.toBe(0);
      expect(result.stdout, command).toBe('');
      expect(result.stderr, command).toMatch(/No such file or directory/);
    }
    expect((await shell.run({ command: 'find / -type f' })).stdout).toBe('/a.txt\n');
    expect(sandbox.glob('**', { directories: true })).toEqual(['/a.txt']);
  });

  it('writes through `..` land inside the sandbox, and links are refused', async () => {
    const { sandbox, shell } = setup({ 'src/a.ts': 'a' });
    await shell.run({ command: 'cd src && echo x > ../../../escape.txt && cp a.ts ../../copy.ts' });
    const symlink = await shell.run({ command: 'ln -s / src/root && ls src/root' });
    expect(symlink.exitCode).not.toBe(0);
    expect(sandbox.glob('**', { directories: true })).toEqual(['/copy.ts', '/escape.txt', '/src', '/src/a.ts']);
  });

  it('refuses names the sandbox forbids, without creating anything', async () => {
    const { sandbox, shell } = setup({ 'a.txt': 'a' });
    const result = await shell.run({ command: "echo x > 'back\\slash.txt'" });
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/EACCES.*backslash/);
    expect(sandbox.glob('**')).toEqual(['/a.txt']);
  });
});
