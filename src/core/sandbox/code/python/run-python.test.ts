import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../create-sandbox';
import { endPythonWorkers, runPython } from './run-python';

afterAll(() => endPythonWorkers());

// One warm worker serves every test of this file (Pyodide's cold start is about 2 s).
describe('runPython', { timeout: 60_000 }, () => {
  it('runs a program on the sandbox files, streams its output and writes its changes back', async () => {
    const sandbox = createSandbox({ files: { '/data.csv': 'a,b\n1,2\n', '/old/x.txt': 'x' } });
    const events: string[] = [];
    sandbox.subscribe((event) => events.push(`${event.type} ${event.path}`));
    const chunks: string[] = [];
    const code = 'import os, shutil\nprint(open("data.csv").read().split()[1])\nopen("out.txt", "w").write("hi")\nos.makedirs("new/deep")\nshutil.rmtree("old")\nprint(sorted(os.listdir("/")))';
    const result = await runPython(sandbox, { language: 'python', code, onOutput: (chunk) => chunks.push(chunk.text) });
    expect(result).toEqual({ exitCode: 0, stdout: "1,2\n['data.csv', 'dev', 'lib', 'new', 'out.txt', 'proc', 'tmp']\n", stderr: '' });
    expect(chunks.join('')).toBe(result.stdout);
    expect(sandbox.readFile('/out.txt')).toBe('hi');
    expect(sandbox.stat('/new/deep').kind).toBe('directory');
    expect(sandbox.exists('/old')).toBe(false);
    expect(sandbox.exists('/tmp')).toBe(false);
    expect(events).toEqual(['delete /old', 'mkdir /new', 'mkdir /new/deep', 'write /out.txt']);
  });

  it('runs a file that imports a module of the sandbox, with its arguments; a changed module is seen by the next run', async () => {
    const sandbox = createSandbox({ files: { '/src/main.py': 'import sys\nimport helper\nprint(helper.greet(sys.argv[1]), sys.argv[0])', '/src/helper.py': 'def greet(name):\n    return "hello " + name' } });
    const first = await runPython(sandbox, { language: 'python', path: 'src/main.py', args: ['ada'] });
    expect(first).toEqual({ exitCode: 0, stdout: 'hello ada src/main.py\n', stderr: '' });
    sandbox.writeFile('/src/helper.py', 'def greet(name):\n    return "bye " + name');
    const second = await runPython(sandbox, { language: 'python', path: '/src/main.py', args: ['bob'] });
    expect(second.stdout).toBe('bye bob /src/main.py\n');
  });

  it('reports exit codes as python3 does: an exception is 1 with its traceback, sys.exit(n) is n', async () => {
    const sandbox = createSandbox({ files: { '/work/a.txt': 'A' } });
    const raised = await runPython(sandbox, { language: 'python', code: 'print("before")\nraise ValueError("bad")' });
    expect(raised.exitCode).toBe(1);
    expect(raised.stdout).toBe('before\n');
    expect(raised.stderr).toMatch(/^Traceback \(most recent call last\):\n {2}File "<string>", line 2, in <module>\n.*ValueError: bad\n$/s);
    expect(raised.stderr).not.toContain('sandbox-runner');
    expect((await runPython(sandbox, { language: 'python', code: 'import sys; sys.exit(3)' })).exitCode).toBe(3);
    expect(await runPython(sandbox, { language: 'python', code: 'import sys; sys.exit("no")' })).toEqual({ exitCode: 1, stdout: '', stderr: 'no\n' });
    expect((await runPython(sandbox, { language: 'python', path: 'missing.py' })).exitCode).toBe(2);
    const syntax = await runPython(sandbox, { language: 'python', code: 'def (' });
    expect(syntax.exitCode).toBe(1);
    expect(syntax.stderr).toMatch(/SyntaxError: /);
  });

  it('reads stdin, the environment and the working directory it is given', async () => {
    const sandbox = createSandbox({ files: { '/work/a.txt': 'A' } });
    const result = await runPython(sandbox, { language: 'python', code: 'import os, sys\nprint(sys.stdin.read().upper(), os.environ["NAME"], os.getcwd(), open("a.txt").read())', stdin: 'in', env: { NAME: 'n' }, cwd: '/work' });
    expect(result.stdout).toBe('IN n /work A\n');
  });

  it('runs atexit handlers at the end, and the next run starts with the interpreter as python3 starts it', async () => {
    const sandbox = createSandbox();
    const first = await runPython(sandbox, { language: 'python', code: 'import atexit, sys\natexit.register(lambda: print("bye"))\nsys.setrecursionlimit(50)\nprint("hi")\nsys.stdout = open("log.txt", "w")' });
    expect(first).toEqual({ exitCode: 0, stdout: 'hi\n', stderr: '' });
    expect(sandbox.readFile('/log.txt')).toBe('bye\n');
    const second = await runPython(sandbox, { language: 'python', code: 'import sys\nprint(sys.getrecursionlimit() > 50, sys.stdout is sys.__stdout__)' });
    expect(second.stdout).toBe('True True\n');
  });
});
