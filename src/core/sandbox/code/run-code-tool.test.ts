import { describe, expect, it } from 'vitest';
import { createSandbox } from '../create-sandbox';
import { commandFor, runCodeTool } from './run-code-tool';

const context = { signal: new AbortController().signal, toolCallId: 'call-1', reportProgress: () => {} };

describe('run_code', () => {
  it('runs a snippet or a file with arguments, through the shell, and answers like bash', async () => {
    const sandbox = createSandbox({ files: { 'src/sum.ts': "const values: number[] = process.argv.slice(2).map(Number);\nconsole.log(values.reduce((a, b) => a + b, 0));\n" } });
    const tool = runCodeTool(sandbox, { worker: false });
    expect(tool).toMatchObject({ name: 'run_code', needsApproval: true, category: 'exec' });
    expect(await tool.execute!({ language: 'typescript', path: 'src/sum.ts', args: ['1', '2', '39'] }, context)).toEqual({ exitCode: 0, stdout: '42\n', stderr: '' });
    const quoted = "const text = \"it's \\\"quoted\\\" $HOME `ls`\"; require('fs').writeFileSync('note.txt', text); console.log(text, process.argv.slice(1));";
    expect(await tool.execute!({ language: 'javascript', code: quoted, args: ["a b", "c'd"] }, context)).toEqual({ exitCode: 0, stdout: "it's \"quoted\" $HOME `ls` [ 'a b', \"c'd\" ]\n", stderr: '' });
    expect(sandbox.readFile('/note.txt')).toBe('it\'s "quoted" $HOME `ls`');
    expect(tool.summarize!({ language: 'typescript', path: 'src/sum.ts', args: ['1'] })).toBe('Run src/sum.ts (TypeScript) with 1');
    expect(tool.summarize!({ language: 'javascript', code: 'a\nb' })).toBe('Run 2 lines of JavaScript');
  });

  it('reports what the program writes as the call\'s progress while it runs', async () => {
    const progress: unknown[] = [];
    const tool = runCodeTool(createSandbox(), { worker: false });
    const code = "console.log('one'); setTimeout(() => { console.error('two'); console.log('three'); }, 5);";
    const result = await tool.execute!({ language: 'javascript', code }, { ...context, reportProgress: (value) => progress.push(value) });
    expect(progress).toEqual([
      { stdout: 'one\n', stderr: '' },
      { stdout: 'one\n', stderr: 'two\n' },
      { stdout: 'one\nthree\n', stderr: 'two\n' },
    ]);
    expect(result).toEqual({ exitCode: 0, stdout: 'one\nthree\n', stderr: 'two\n' });
  });

  it('refuses input that is neither code nor path, or a language it does not offer', async () => {
    const tool = runCodeTool(createSandbox(), { worker: false });
    expect(((await tool.execute!({ language: 'javascript' }, context)) as { stderr: string }).stderr).toBe('run_code: give either code or path, not both and not neither\n');
    expect(((await tool.execute!({ language: 'python', code: 'print(1)' }, context)) as { stderr: string }).stderr).toBe('run_code: python is not offered here (javascript, typescript are)\n');
  });

  it('builds shell lines the shell reads back exactly', () => {
    expect(commandFor({ language: 'python', code: "print('x')", args: ['1'] })).toBe("python3 -c 'print('\\''x'\\'')' '1'");
    expect(commandFor({ language: 'javascript', path: 'my file.js' })).toBe("node 'my file.js'");
  });
});
