/**
 * `spawn` for the AI SDK sandbox session: a process handle over one shell run. The simulated
 * shell runs a script to completion and returns its output at once, so the handle's streams
 * carry everything in one chunk when the run ends; there is no interactive stdin.
 */
import type { Experimental_SandboxProcess } from 'ai';
import { encodeUtf8 } from '../tree/text-encoding';
import type { SandboxShell, SandboxShellResult } from '../shell/sandbox-shell';

/** What `spawn` passes on (the AI SDK's options without `stdin`, which is refused before this). */
export interface SpawnShellOptions {
  command: string;
  workingDirectory?: string;
  env?: Record<string, string>;
  abortSignal?: AbortSignal;
}

/** A stream that delivers `text` (UTF-8) once `result` settles, then closes; it errors if the run does. */
function bufferedStream(result: Promise<SandboxShellResult>, pick: (result: SandboxShellResult) => string): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        const text = pick(await result);
        if (text !== '') controller.enqueue(encodeUtf8(text));
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

/**
 * Starts `command` on `shell` and returns a process handle at once. `kill()` cancels the run
 * (`wait()` then resolves with exit code 130); an abort through `abortSignal` makes `wait()`
 * reject with the signal's reason, as the AI SDK specifies.
 *
 * @example
 * ```ts
 * const process = spawnShell(shell, { command: 'ls -R' });
 * const { exitCode } = await process.wait();
 * const listing = await new Response(process.stdout).text();
 * ```
 */
export function spawnShell(shell: SandboxShell, { command, workingDirectory, env, abortSignal }: SpawnShellOptions): Experimental_SandboxProcess {
  const controller = new AbortController();
  const forward = () => controller.abort(abortSignal?.reason);
  abortSignal?.addEventListener('abort', forward, { once: true });
  const result = shell
    .run({ command, signal: controller.signal, ...(workingDirectory === undefined ? {} : { cwd: workingDirectory }), ...(env === undefined ? {} : { env }) })
    .finally(() => abortSignal?.removeEventListener('abort', forward));
  // Nobody may read the streams or call wait(); a rejection must not go unhandled because of that.
  result.catch(() => {});
  return {
    stdout: bufferedStream(result, (settled) => settled.stdout),
    stderr: bufferedStream(result, (settled) => settled.stderr),
    async wait() {
      const { exitCode } = await result;
      if (abortSignal?.aborted === true) throw abortSignal.reason;
      return { exitCode };
    },
    async kill() {
      controller.abort();
      await result.catch(() => {});
    },
  };
}
