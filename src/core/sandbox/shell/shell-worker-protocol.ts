/**
 * The messages between the page and the shell's Web Worker. The worker keeps a copy of the
 * sandbox's tree between runs; the page keeps it current with change sets (`sync`, sent in parts
 * so no single message blocks the page for long) and sends each script (`run`). The worker runs
 * it on its copy and answers with the result and the operations the script performed, which the
 * page then performs on the real sandbox at once. If the real sandbox changed while the script
 * ran, the page first asks the worker to replay the operations on a copy with those changes too
 * (`rebase`), so the operations are either all made or none is.
 *
 * Every message is structured-cloneable data (strings, numbers, plain objects, `Uint8Array`).
 */
import type { FileRecord } from '../storage/file-record';
import type { SandboxLimits } from '../tree/sandbox-limits';
import type { ShellOperation } from './shell-operations';
import type { SandboxShellResult, ShellRunLimits, ProgramOptions } from './shell-types';

/** From the page to the worker. */
export type ShellWorkerRequest =
  /**
   * A part of the change set that brings the worker's copy to the page's tree; the parts add up
   * and are applied when the next `run` starts. `fresh` starts a new, empty copy with these limits.
   */
  | { readonly type: 'sync'; readonly fresh?: SandboxLimits; readonly written: readonly FileRecord[]; readonly deleted: readonly string[] }
  /** Runs a script on the copy (after applying the synced changes). */
  | {
      readonly type: 'run';
      readonly id: number;
      readonly command: string;
      readonly cwd?: string;
      /** The run's own variables, over `shellEnv`. */
      readonly env?: Record<string, string>;
      /** The shell's variables. */
      readonly shellEnv?: Record<string, string>;
      readonly limits: ShellRunLimits;
      /** What programs of the run may do. */
      readonly programs?: ProgramOptions;
    }
  /**
   * The page's tree changed during the run: these changes turn the tree the run started from (or
   * the last rebase's) into the page's current one. Replay the run's operations on top of them.
   */
  | { readonly type: 'rebase'; readonly id: number; readonly written: readonly FileRecord[]; readonly deleted: readonly string[] };

/** From the worker to the page. */
export type ShellWorkerResponse =
  /** The worker's code has loaded: errors from now on are not load failures. */
  | { readonly type: 'ready' }
  | { readonly type: 'result'; readonly id: number; readonly result: SandboxShellResult; readonly operations: readonly ShellOperation[] }
  /** Output a program of the run (`node`, `python3`) wrote, as it wrote it; the result holds it too. */
  | { readonly type: 'output'; readonly id: number; readonly stream: 'stdout' | 'stderr'; readonly text: string }
  /** `problem` says why the operations do not apply to the changed tree; absent when they do. */
  | { readonly type: 'rebased'; readonly id: number; readonly problem?: string }
  /** A request failed in a way that is not a script's failure (a bug, or memory). */
  | { readonly type: 'failed'; readonly id?: number; readonly message: string };
