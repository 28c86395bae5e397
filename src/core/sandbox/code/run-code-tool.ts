/**
 * The `run_code` tool, for models that would rather hand over a program than a shell line: a
 * snippet or a sandbox file in JavaScript, TypeScript or Python, run through the sandbox's shell
 * (so in the browser it runs in the shell's worker, Stop ends it at once, and its file changes land
 * in one step), answered as the shell answers. It asks for approval (category `exec`), and the
 * approval's heading names the language and the file or the snippet's size.
 */
import { defineTool, type ToolDefinition } from '../../tools/define-tool';
import type { Sandbox } from '../sandbox-types';
import { programProgress } from '../shell/program-progress';
import { createSandboxShell, defaultShellLimits, type SandboxShellOptions } from '../shell/sandbox-shell';
import type { CodeLanguage } from './code-types';

/** Options of `runCodeTool`: the shell's options and the languages offered (JavaScript and TypeScript, and Python when `python` is given). */
export interface RunCodeToolOptions extends SandboxShellOptions {
  languages?: readonly CodeLanguage[];
}

/** What the model sends. */
export interface RunCodeInput {
  language: CodeLanguage;
  code?: string;
  path?: string;
  args?: string[];
}

/** What the model receives: the program's exit code and output, as the `bash` tool gives them. */
export interface RunCodeOutput {
  exitCode: number;
  stdout: string;
  stderr: string;
  truncated?: true;
}

const defaultToolOutputBytes = 8_000;
const toolTimeoutMarginMs = 5_000;

/** A word for the shell that it reads as exactly `text`. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The shell line that runs `input`: `node -e '…' -- args`, `tsx src/main.ts args`, `python3 -c '…'`.
 *
 * @example
 * ```ts
 * commandFor({ language: 'javascript', code: 'console.log(1)' }); // "node -e 'console.log(1)'"
 * ```
 */
export function commandFor(input: RunCodeInput): string {
  const program = input.language === 'python' ? 'python3' : input.language === 'typescript' ? 'tsx' : 'node';
  const args = (input.args ?? []).map(quote).join(' ');
  const tail = args === '' ? '' : ` ${input.code === undefined ? '' : input.language === 'python' ? '' : '-- '}${args}`;
  if (input.code !== undefined) return `${program} ${input.language === 'python' ? '-c' : '-e'} ${quote(input.code)}${tail}`;
  return `${program} ${quote(input.path ?? '')}${tail}`;
}

function summary(input: RunCodeInput): string {
  const language = input.language === 'python' ? 'Python' : input.language === 'typescript' ? 'TypeScript' : 'JavaScript';
  if (input.path !== undefined) return `Run ${input.path} (${language})${input.args?.length ? ` with ${input.args.join(' ')}` : ''}`;
  const lines = (input.code ?? '').split('\n').length;
  return `Run ${lines} line${lines === 1 ? '' : 's'} of ${language}`;
}

/**
 * The `run_code` tool over `sandbox`: input `{ language, code | path, args? }`, output `{ exitCode,
 * stdout, stderr, truncated? }`; a failing program is a normal result with its exit code. Python is
 * offered only when `languages` includes it and the shell has a Python runtime.
 *
 * @example
 * ```ts
 * const agent = createAgent({ model, sandbox, tools: [bashTool(sandbox), runCodeTool(sandbox)] });
 * // the model calls run_code({ language: 'typescript', path: 'src/main.ts' })
 * ```
 */
export function runCodeTool(sandbox: Sandbox, options: RunCodeToolOptions = {}): ToolDefinition<RunCodeInput, RunCodeOutput> {
  const { languages = options.python === undefined ? ['javascript', 'typescript'] : ['javascript', 'typescript', 'python'], ...shellOptions } = options;
  const limits = { ...defaultShellLimits, maxOutputBytes: defaultToolOutputBytes, ...shellOptions };
  const shell = createSandboxShell(sandbox, limits);
  const inputSchema = {
    type: 'object',
    properties: {
      language: { type: 'string', enum: [...languages], description: 'The program\'s language.' },
      code: { type: 'string', description: 'The program to run. Give either code or path.' },
      path: { type: 'string', description: 'A workspace file to run, e.g. "src/main.ts". Give either code or path.' },
      args: { type: 'array', items: { type: 'string' }, description: 'Command-line arguments for the program.' },
    },
    required: ['language'],
    additionalProperties: false,
  } as const;
  return defineTool({
    name: 'run_code',
    description: [
      `Runs a ${languages.join(', ')} program, given as code or as a workspace file, in a sandboxed runtime in the browser (not Node or CPython on a machine).`,
      'The workspace files are its filesystem (relative paths start at "/"); what it writes stays in the workspace.',
      'There is no network and no package manager: only the language\'s standard library and the workspace\'s own modules load.',
      `Limits per call: ${limits.timeoutMs / 1000} s; output beyond ${limits.maxOutputBytes} bytes per stream is cut. Returns the exit code, stdout and stderr.`,
    ].join(' '),
    inputSchema: inputSchema as never,
    needsApproval: true,
    category: 'exec',
    summarize: summary,
    timeoutMs: limits.timeoutMs + toolTimeoutMarginMs,
    execute: async (input, { signal, reportProgress }): Promise<RunCodeOutput> => {
      if ((input.code === undefined) === (input.path === undefined)) return { exitCode: 2, stdout: '', stderr: 'run_code: give either code or path, not both and not neither\n' };
      if (!languages.includes(input.language)) return { exitCode: 2, stdout: '', stderr: `run_code: ${input.language} is not offered here (${languages.join(', ')} are)\n` };
      const onOutput = programProgress(reportProgress, limits.maxOutputBytes);
      const { exitCode, stdout, stderr, truncated } = await shell.run({ command: commandFor(input), signal, onOutput });
      return truncated ? { exitCode, stdout, stderr, truncated } : { exitCode, stdout, stderr };
    },
  });
}
