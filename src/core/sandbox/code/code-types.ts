/**
 * The shapes of code that runs in the sandbox (JavaScript and TypeScript through QuickJS, Python
 * through Pyodide), in a file of their own: the runtimes, the shell's `node` and `python3`
 * commands and the `run_code` tool all use them, and none may import another's module for them.
 */

/** A language the sandbox runs. TypeScript runs as JavaScript with its types stripped. */
export type CodeLanguage = 'javascript' | 'typescript' | 'python';

/** Limits of one run of a program. Every field is optional; see `defaultCodeLimits`. */
export interface CodeRunLimits {
  /** Wall-clock limit, in milliseconds: the program is stopped with exit code 124 after it. */
  timeoutMs?: number;
  /** Most bytes of memory the program's heap may use: past it the program fails with an out-of-memory error. */
  memoryBytes?: number;
  /** Most UTF-8 bytes of stdout and of stderr together: past it the program is stopped. */
  maxOutputBytes?: number;
}

/** Which origins a program may reach with `fetch`. By default none: the sandbox's code has no network. */
export interface CodeNetworkOptions {
  /** Origins (`https://api.example.com`) a program's `fetch` may reach; everything else is refused. */
  allowedOrigins?: readonly string[];
}

/** One run of a program, as the runtimes take it. */
export interface CodeRunRequest {
  language: CodeLanguage;
  /** A program's source. Exactly one of `code` and `path` is given. */
  code?: string;
  /** The sandbox path of the file to run (resolved from `cwd`). */
  path?: string;
  /** The program's arguments (`process.argv.slice(2)`, `sys.argv[1:]`). */
  args?: readonly string[];
  /** Directory the program starts in, in the sandbox. Default `/`. */
  cwd?: string;
  /** Environment variables (`process.env`, `os.environ`). */
  env?: Readonly<Record<string, string>>;
  /** What the program reads on standard input. Default empty. */
  stdin?: string;
  /** Stops the program at once (exit code 130). */
  signal?: AbortSignal;
  /** Receives output as the program writes it, in order. */
  onOutput?: (chunk: CodeOutputChunk) => void;
}

/** A piece of a program's output, as it is written. */
export interface CodeOutputChunk {
  stream: 'stdout' | 'stderr';
  text: string;
}

/** Why a program was stopped before it ended by itself. */
export type CodeStopReason = 'timeout' | 'memory' | 'output' | 'cancelled';

/** What a run returns. It never throws for the program's own failures: they are a non-zero `exitCode` and `stderr`. */
export interface CodeRunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Set when a limit or the signal stopped the program. */
  stopped?: CodeStopReason;
}
