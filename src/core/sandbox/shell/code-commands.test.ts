import { describe, expect, it } from 'vitest';
import { createSandbox } from '../create-sandbox';
import { createSandboxShell } from './sandbox-shell';

function shellOver(files: Record<string, string>) {
  const sandbox = createSandbox({ files });
  return { sandbox, shell: createSandboxShell(sandbox, { worker: false }) };
}

describe('node, tsx and python3 in the shell', () => {
  it('runs a file with node, with pipes, redirects and stdin working as with the real command', async () => {
    const { sandbox, shell } = shellOver({
      'count.js': "const text = require('fs').readFileSync(0, 'utf8'); console.log(text.split('\\n').filter(Boolean).length, process.argv.slice(2).join(','));",
      'list.js': "for (const name of ['b', 'a', 'c']) console.log(name);",
    });
    expect(await shell.run({ command: 'printf "x\\ny\\n" | node count.js --flag=1' })).toMatchObject({ exitCode: 0, stdout: '2 --flag=1\n' });
    expect(await shell.run({ command: 'node list.js | sort > sorted.txt && cat sorted.txt' })).toMatchObject({ exitCode: 0, stdout: 'a\nb\nc\n' });
    expect(sandbox.readFile('/sorted.txt')).toBe('a\nb\nc\n');
    expect(await shell.run({ command: "node -e 'console.log(6 * 7)' && node -p '[1, 2].length' && node --version" })).toMatchObject({ exitCode: 0, stdout: '42\n2\nv22.0.0\n' });
  });

  it('sees what the script wrote before it, and what it writes is there after it', async () => {
    const { sandbox, shell } = shellOver({ 'upper.js': "const fs = require('fs'); fs.writeFileSync('out.txt', fs.readFileSync('in.txt', 'utf8').toUpperCase());" });
    const result = await shell.run({ command: 'echo hello > in.txt && node upper.js && cat out.txt' });
    expect(result).toMatchObject({ exitCode: 0, stdout: 'HELLO\n' });
    expect(sandbox.readFile('/out.txt')).toBe('HELLO\n');
  });

  it('runs TypeScript with npx tsx, tsx and node file.ts', async () => {
    const { shell } = shellOver({ 'src/greet.ts': "export const greet = (name: string): string => `hi ${name}`;\n", 'src/main.ts': "import { greet } from './greet';\nconst names: string[] = ['ada'];\nconsole.log(names.map(greet).join());\n" });
    for (const command of ['npx tsx src/main.ts', 'npx -y tsx src/main.ts', 'tsx src/main.ts', 'node src/main.ts', 'cd src && node main.ts']) {
      expect(await shell.run({ command }), command).toMatchObject({ exitCode: 0, stdout: 'hi ada\n' });
    }
  });

  it('passes on a failing program\'s exit code and stderr, and refuses what is not there', async () => {
    const { shell } = shellOver({ 'fail.js': 'process.exitCode = 4; console.error("bad");' });
    expect(await shell.run({ command: 'node fail.js; echo "code $?"' })).toMatchObject({ stdout: 'code 4\n', stderr: 'bad\n' });
    expect(await shell.run({ command: 'node missing.js' })).toMatchObject({ exitCode: 1, stderr: "Error: Cannot find module '/missing.js'\n" });
    expect((await shell.run({ command: 'npx prettier --write .' })).stderr).toContain('there is no package registry in the sandbox');
    expect((await shell.run({ command: 'python3 -c "print(1)"' })).stderr).toContain('this shell was not given a Python runtime');
    expect((await shell.run({ command: 'node --inspect app.js' })).stderr).toContain('node: bad option: --inspect');
  });

  it('runs python3 when the shell was given Python: files, pipes and exit codes', async () => {
    const sandbox = createSandbox({ files: { 'stats.py': "import sys, json\nrows = [int(line) for line in sys.stdin if line.strip()]\njson.dump({'sum': sum(rows), 'args': sys.argv[1:]}, open('out.json', 'w'))\nprint(len(rows))\nsys.exit(3 if rows else 0)\n" } });
    const shell = createSandboxShell(sandbox, { worker: false, python: true });
    const result = await shell.run({ command: 'seq 1 4 | python3 stats.py --x; echo "code $?"; cat out.json' });
    expect(result).toMatchObject({ stdout: '4\ncode 3\n{"sum": 10, "args": ["--x"]}' });
    expect(await shell.run({ command: "python3 -c 'print(6 * 7)' | tr 4 X" })).toMatchObject({ exitCode: 0, stdout: 'X2\n' });
  }, 60_000);

  it('lets programs reach the origins the shell allows, and no other', async () => {
    const sandbox = createSandbox();
    const refused = await createSandboxShell(sandbox, { worker: false }).run({ command: "node -e 'fetch(\"http://127.0.0.1:9/\")'" });
    expect(refused.stderr).toContain('fetch is not available: code in the sandbox has no network access.');
    const allowed = createSandboxShell(sandbox, { worker: false, network: { allowedOrigins: ['http://127.0.0.1:9'] } });
    const other = await allowed.run({ command: "node -e 'fetch(\"http://127.0.0.2:9/\").catch((error) => console.log(error.message))'" });
    expect(other.stdout).toBe('fetch to http://127.0.0.2:9 is not allowed: code in the sandbox may reach only http://127.0.0.1:9\n');
  });

  it('stops an endless program at the script\'s time limit', async () => {
    const sandbox = createSandbox();
    const shell = createSandboxShell(sandbox, { worker: false, timeoutMs: 300 });
    const result = await shell.run({ command: "node -e 'for (;;) {}'; echo after" });
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toContain('time limit');
  });
});
