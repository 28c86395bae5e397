/**
 * The sandbox as the AI SDK's `Experimental_SandboxSession` (ai@7), so tools written for the AI
 * SDK (`execute(input, { experimental_sandbox })`) work on the in-browser workspace. Types only
 * come from `ai`: the core ships none of its runtime code.
 *
 * Paths follow the AI SDK's rule with `/` as the base directory: relative paths resolve against
 * `/`, absolute paths are used as they are, and nothing above `/` exists (the sandbox refuses it).
 */
import type { Experimental_SandboxDirectoryEntry, Experimental_SandboxFileStat, Experimental_SandboxSession } from 'ai';
import { spawnShell } from './ai-sdk-sandbox-session-process';
import { isSandboxError, SandboxError } from '../tree/sandbox-errors';
import type { Sandbox, SandboxEntry } from '../sandbox-types';
import { storedContent } from '../shell/byte-encodings';
import { createSandboxShell, defaultShellLimits, type SandboxShellOptions } from '../shell/sandbox-shell';

/** Options of `toAISandboxSession`. */
export interface AISandboxSessionOptions {
  /** Limits of the shell behind `run` and `spawn` (see `createSandboxShell`). */
  shell?: SandboxShellOptions;
  /** Replaces the default `description` (what the model should know about the environment). */
  description?: string;
}

function describe(limits: Pick<Required<SandboxShellOptions>, 'timeoutMs' | 'maxCommands' | 'maxLoopIterations' | 'maxOutputBytes'>): string {
  return [
    'An in-browser virtual filesystem (a react-agent-kit sandbox), not a machine: no network, no real processes, no package managers; `node` and `tsx` run programs on a sandboxed JavaScript engine.',
    'The root and working directory is "/"; relative paths resolve against it and nothing exists above it.',
    'Commands run in a simulated bash (just-bash) with common Unix tools: ls, cat, grep, rg, sed, awk, find, sort, head, tail, wc, diff, jq, yq, xargs and more.',
    `Each command may run ${limits.timeoutMs / 1000} s and ${limits.maxCommands} commands; output beyond ${limits.maxOutputBytes} bytes per stream is cut.`,
  ].join(' ');
}

/** Reading a line range like `readTextFile`: 1-based, inclusive, past-the-end is fine. */
function lineRange(text: string, startLine = 1, endLine?: number): string {
  const lines = text.split('\n');
  return lines.slice(Math.max(1, Math.floor(startLine)) - 1, endLine === undefined ? undefined : Math.max(0, Math.floor(endLine))).join('\n');
}

function isUtf8(encoding: string): boolean {
  return /^utf-?8$/i.test(encoding);
}

/**
 * Wraps a sandbox as an AI SDK 7 `Experimental_SandboxSession`: `run` and `spawn` go through the
 * simulated shell (`createSandboxShell`; `spawn` with `stdin: true` is refused), file methods go
 * straight to the sandbox. Missing files read as `null`, `stat` gives `null`, `deleteFile` gives
 * `false`; refusals (a directory where a file is expected, a quota) reject with a `SandboxError`.
 * Writes create parent directories and overwrite; text is stored as text.
 *
 * @example
 * ```ts
 * import { generateText } from 'ai';
 * const experimental_sandbox = toAISandboxSession(sandbox);
 * await generateText({ model, tools: { shell }, experimental_sandbox, system: experimental_sandbox.description, prompt });
 * ```
 */
export function toAISandboxSession(sandbox: Sandbox, options: AISandboxSessionOptions = {}): Experimental_SandboxSession {
  const limits = { ...defaultShellLimits, ...options.shell };
  const shell = createSandboxShell(sandbox, limits);

  /** The entry at `path`, or undefined when nothing is there; other refusals throw. */
  function entryAt(path: string, signal: AbortSignal | undefined): SandboxEntry | undefined {
    signal?.throwIfAborted();
    try {
      return sandbox.stat(path);
    } catch (error) {
      if (isSandboxError(error, 'not-found') || isSandboxError(error, 'not-a-directory')) return undefined;
      throw error;
    }
  }

  function readBytes(path: string, signal: AbortSignal | undefined): Uint8Array | null {
    return entryAt(path, signal) === undefined ? null : sandbox.readBytes(path);
  }

  return {
    description: options.description ?? describe(limits),
    async run({ command, workingDirectory, env, abortSignal }) {
      const { exitCode, stdout, stderr } = await shell.run({ command, signal: abortSignal, ...(workingDirectory === undefined ? {} : { cwd: workingDirectory }), ...(env === undefined ? {} : { env }) });
      return { exitCode, stdout, stderr };
    },
    spawn: (async (spawnOptions: Parameters<Experimental_SandboxSession['spawn']>[0]) => {
      const { stdin, ...rest } = spawnOptions;
      if (stdin === true) {
        throw new Error('spawn: stdin is not supported; the simulated shell runs a script to completion. Pass input in the command (a pipe or a here-document).');
      }
      return spawnShell(shell, rest);
      // The overload for `stdin: true` promises a writable handle; that call always rejects above.
    }) as unknown as Experimental_SandboxSession['spawn'],

    async readFile({ path, abortSignal }) {
      const bytes = readBytes(path, abortSignal);
      if (bytes === null) return null;
      return new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      });
    },
    async readBinaryFile({ path, abortSignal }) {
      return readBytes(path, abortSignal);
    },
    async readTextFile({ path, encoding = 'utf-8', startLine, endLine, abortSignal }) {
      if (entryAt(path, abortSignal) === undefined) return null;
      const text = isUtf8(encoding) ? sandbox.readFile(path) : new TextDecoder(encoding).decode(sandbox.readBytes(path));
      return startLine === undefined && endLine === undefined ? text : lineRange(text, startLine, endLine);
    },

    async writeFile({ path, content, abortSignal }) {
      abortSignal?.throwIfAborted();
      const bytes = new Uint8Array(await new Response(content).arrayBuffer());
      abortSignal?.throwIfAborted();
      sandbox.writeFile(path, storedContent(bytes));
    },
    async writeBinaryFile({ path, content, abortSignal }) {
      abortSignal?.throwIfAborted();
      sandbox.writeFile(path, storedContent(content));
    },
    async writeTextFile({ path, content, encoding = 'utf-8', abortSignal }) {
      abortSignal?.throwIfAborted();
      // Text is stored as text; the sandbox has no other encoding to keep it in.
      if (!isUtf8(encoding)) throw new RangeError(`writeTextFile: only utf-8 is supported, not "${encoding}"; write bytes with writeBinaryFile.`);
      sandbox.writeFile(path, content);
    },

    async stat({ path, abortSignal }): Promise<Experimental_SandboxFileStat | null> {
      const entry = entryAt(path, abortSignal);
      if (entry === undefined) return null;
      return entry.kind === 'directory' ? { type: 'directory', size: 0 } : { type: 'file', size: entry.size };
    },
    async listDirectory({ path, abortSignal }): Promise<Experimental_SandboxDirectoryEntry[] | null> {
      const entry = entryAt(path, abortSignal);
      if (entry === undefined) return null;
      // Rejects for a file, as the AI SDK specifies (`not-a-directory`).
      return sandbox.list(path).map(({ name, kind }) => ({ name, type: kind }));
    },
    async deleteFile({ path, abortSignal }) {
      const entry = entryAt(path, abortSignal);
      if (entry === undefined) return false;
      if (entry.kind === 'directory') throw new SandboxError('is-a-directory', `"${entry.path}" is a directory; deleteFile deletes one file.`, entry.path);
      sandbox.delete(path);
      return true;
    },
  };
}
