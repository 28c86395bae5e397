/**
 * `node`, `tsx` (also as `npx tsx`) and `python3` in the shell: each runs a program from the
 * sandbox in the kit's runtimes (JavaScript and TypeScript on QuickJS, Python on Pyodide), with the
 * sandbox as its filesystem, stdin from the pipeline and output into it, so pipes and redirects work
 * as with the real commands. The runtimes load on the first such command.
 */
import type { Command, ExecResult } from 'just-bash';
import type { CodeLanguage, CodeNetworkOptions, CodeRunLimits, CodeRunRequest, CodeRunResult } from '../code/code-types';
import { runCode } from '../code/run-code';
import type { PythonRuntimeOptions } from '../code/python/run-python';
import type { Sandbox } from '../sandbox-types';
import { textOfByteString } from './byte-encodings';
import type { SandboxFileSystem } from './sandbox-file-system';
import type { ShellRefusals } from './shell-refusals';

/** What the code commands of one run need from it. */
export interface CodeCommandsContext {
  sandbox: Sandbox;
  fs: SandboxFileSystem;
  refusals: ShellRefusals;
  /** The limits of a program that starts now (its time is what is left of the script's). */
  limits: () => CodeRunLimits;
  signal: AbortSignal;
  /** Receives what programs write, as they write it. */
  onOutput?: (chunk: { stream: 'stdout' | 'stderr'; text: string }) => void;
  /** Origins programs may reach with `fetch`. */
  network?: CodeNetworkOptions;
  /** A program used up the script's time (its limit is what was left of it): the script ends too. */
  onTimeUp?: () => void;
}

/** A parsed command line: what to run, or what to print at once (`--version`), or a usage error. */
type Invocation = { run: Pick<CodeRunRequest, 'code' | 'path' | 'args'> & { language: CodeLanguage; print?: boolean } } | { output: ExecResult };

const version = 'v22.0.0';

function usage(name: string, message: string): { output: ExecResult } {
  return { output: { stdout: '', stderr: `${name}: ${message}\n`, exitCode: 9 } };
}

/** Node's command line, the parts that matter in a sandbox: a file, `-e`, `-p`, `--version`, flags that change nothing. */
function parseNode(args: readonly string[], stdin: string, typescriptByDefault: boolean): Invocation {
  const rest = [...args];
  while (rest.length > 0) {
    const argument = rest.shift()!;
    if (argument === '-v' || argument === '--version') return { output: { stdout: `${version}\n`, stderr: '', exitCode: 0 } };
    if (argument === '-e' || argument === '--eval' || argument === '-p' || argument === '--print') {
      if (rest.length === 0) return usage('node', `${argument} requires an argument`);
      const code = rest.shift()!;
      const typescript = typescriptByDefault || args.includes('--input-type=module-typescript') || args.includes('--input-type=commonjs-typescript');
      return { run: { language: typescript ? 'typescript' : 'javascript', code, args: rest.filter((entry) => entry !== '--'), print: argument === '-p' || argument === '--print' } };
    }
    if (argument === '--') break;
    if (argument.startsWith('-')) {
      // Flags about the engine, warnings or types change nothing here; anything else is not Node's.
      if (/^--(experimental-|no-warnings|no-deprecation|input-type=|enable-source-maps|stack-size=|max-old-space-size=|disable-warning=|trace-uncaught|import=tsx|loader=tsx|require=tsx)/.test(argument)) continue;
      if (argument === '--import' || argument === '--loader' || argument === '-r' || argument === '--require') {
        rest.shift();
        continue;
      }
      return usage('node', `bad option: ${argument} (the sandbox's node runs a file, -e or -p)`);
    }
    rest.unshift(argument);
    break;
  }
  const path = rest.shift();
  if (path === undefined) {
    // `echo 'console.log(1)' | node`: the program is stdin.
    return { run: { language: typescriptByDefault ? 'typescript' : 'javascript', code: stdin, args: [] } };
  }
  const typescript = typescriptByDefault || /\.[mc]?ts$/.test(path);
  return { run: { language: typescript ? 'typescript' : 'javascript', path, args: rest } };
}

/** Python's command line: a file, `-c`, `-V`. */
function parsePython(args: readonly string[], stdin: string): Invocation {
  const rest = [...args];
  while (rest.length > 0) {
    const argument = rest.shift()!;
    if (argument === '-V' || argument === '--version') return { output: { stdout: 'Python 3.14\n', stderr: '', exitCode: 0 } };
    if (argument === '-c') {
      if (rest.length === 0) return usage('python3', 'Argument expected for the -c option');
      return { run: { language: 'python', code: rest.shift()!, args: rest } };
    }
    if (argument === '-u' || argument === '-B' || argument === '-E' || argument === '-I' || argument === '-s' || argument === '-S') continue;
    if (argument === '-m') return usage('python3', 'modules cannot be run with -m in the sandbox (there is no pip); run a file');
    if (argument === '-') break;
    if (argument.startsWith('-')) return usage('python3', `unknown option ${argument}`);
    return { run: { language: 'python', path: argument, args: rest } };
  }
  return { run: { language: 'python', code: stdin, args: rest } };
}

/** Runs programs: the JavaScript runtime, and Python when the shell was given one. */
export type CodeRunner = (sandbox: Sandbox, request: CodeRunRequest, limits: CodeRunLimits, network?: CodeNetworkOptions) => Promise<CodeRunResult>;

function environmentOf(context: Parameters<Command['execute']>[1]): Record<string, string> {
  return context.exportedEnv ?? Object.fromEntries(context.env);
}

function codeCommand(name: string, parse: (args: readonly string[], stdin: string) => Invocation, run: CodeRunner, shell: CodeCommandsContext): Command {
  return {
    name,
    async execute(args, context) {
      const stdin = textOfByteString(context.stdin);
      const invocation = parse(args, stdin);
      if ('output' in invocation) return invocation.output;
      const { print, ...request } = invocation.run;
      // A `> file` before this command must be visible to the program.
      shell.fs.flush();
      try {
        const code = print === true ? `console.log(eval(${JSON.stringify(request.code)}))` : request.code;
        const result = await run(
          shell.sandbox,
          { ...request, ...(code === undefined ? {} : { code }), cwd: context.cwd, env: environmentOf(context), stdin, signal: shell.signal, ...(shell.onOutput === undefined ? {} : { onOutput: shell.onOutput }) },
          shell.limits(),
          shell.network,
        );
        if (result.stopped === 'timeout') shell.onTimeUp?.();
        return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode, stdoutKind: 'text' };
      } catch (error) {
        return { stdout: '', stderr: `${name}: ${error instanceof Error ? error.message : String(error)}\n`, exitCode: 127 };
      }
    },
  };
}

/**
 * Runs `python3` programs on Pyodide with `options`, loading it on the first program.
 *
 * @example
 * ```ts
 * codeCommands(shell, pythonRunner({ indexURL: '/pyodide/' }));
 * ```
 */
export function pythonRunner(options: PythonRuntimeOptions): CodeRunner {
  return async (sandbox, request, limits, network) => {
    const { runPython } = await import('../code/python/run-python');
    return runPython(sandbox, request, limits, { ...options, ...(network === undefined ? {} : { network }) });
  };
}

/**
 * The code commands of one run, for just-bash's `customCommands`. Python runs only when `python`
 * is given (Pyodide needs its files served by the app); without it `python3` says so.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: codeCommands({ sandbox, fs, refusals, limits: () => ({ timeoutMs: 10_000 }), signal }) });
 * // `node report.js > report.txt` runs report.js on QuickJS
 * ```
 */
export function codeCommands(shell: CodeCommandsContext, python?: CodeRunner): Command[] {
  const node = (typescript: boolean) => (args: readonly string[], stdin: string) => parseNode(args, stdin, typescript);
  const javascript: CodeRunner = (sandbox, request, limits, network) => runCode(sandbox, request, limits, network === undefined ? {} : { network });
  const commands = [codeCommand('node', node(false), javascript, shell), codeCommand('tsx', node(true), javascript, shell), codeCommand('ts-node', node(true), javascript, shell)];
  const tsx = commands[1]!;
  commands.push({
    name: 'npx',
    async execute(args, context) {
      const [tool, ...rest] = args.filter((entry) => entry !== '-y' && entry !== '--yes');
      if (tool === 'tsx' || tool === 'ts-node') return tsx.execute(rest, context);
      return shell.refusals.refuse(`npx ${tool ?? ''}: there is no package registry in the sandbox; npx runs only tsx (TypeScript on the sandbox's runtime)`.trim());
    },
  });
  if (python !== undefined) commands.push(codeCommand('python3', parsePython, python, shell), codeCommand('python', parsePython, python, shell));
  return commands;
}
