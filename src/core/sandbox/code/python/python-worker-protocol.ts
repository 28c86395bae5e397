/**
 * The messages between the page (or Node's main thread) and the Python worker. The worker holds
 * Pyodide and a copy of one sandbox's tree in Pyodide's in-memory filesystem; the page keeps the
 * copy current with change sets (`sync`), sends programs (`run`), and receives their output as it
 * is written (`output`) and, at the end, the files the program changed (`result`).
 *
 * Every message is structured-cloneable data (strings, numbers, plain objects, `Uint8Array`,
 * `SharedArrayBuffer`), so the same protocol works over a Web Worker and Node's `worker_threads`.
 */
import type { FileRecord } from '../../storage/file-record';

/** From the page to the worker. */
export type PythonWorkerRequest =
  /** Loads Pyodide. `interrupt` (when the page has `SharedArrayBuffer`) is how the page stops a run at once. */
  | { readonly type: 'init'; readonly indexURL?: string; readonly pyodideURL?: string; readonly allowMicropip: boolean; readonly interrupt?: SharedArrayBuffer }
  /** Changes that bring the worker's copy to the page's tree; `fresh` empties the copy first. */
  | { readonly type: 'sync'; readonly fresh: boolean; readonly written: readonly FileRecord[]; readonly deleted: readonly string[] }
  | {
      readonly type: 'run';
      readonly id: number;
      /** The program's source, and the file name its tracebacks show. */
      readonly code: string;
      readonly filename: string;
      /** `sys.argv`. */
      readonly argv: readonly string[];
      /** `sys.path[0]`: the script's directory, or '' for `-c`. */
      readonly pathEntry: string;
      readonly cwd: string;
      readonly env: Readonly<Record<string, string>>;
      readonly stdin: string;
      readonly memoryBytes: number;
      readonly maxOutputBytes: number;
    };

/** The files a run changed, as the page applies them. Paths are canonical sandbox paths. */
export interface PythonFileChanges {
  readonly written: readonly FileRecord[];
  readonly deleted: readonly string[];
}

/** From the worker to the page. */
export type PythonWorkerResponse =
  /** Pyodide has loaded (`loadMs` after `init`). */
  | { readonly type: 'ready'; readonly loadMs: number }
  /** Pyodide could not load (the package is missing, its files are not served, ...). */
  | { readonly type: 'load-failed'; readonly message: string }
  | { readonly type: 'output'; readonly id: number; readonly stream: 'stdout' | 'stderr'; readonly text: string }
  | {
      readonly type: 'result';
      readonly id: number;
      readonly exitCode: number;
      /** Set when the worker stopped the program itself (its memory or output limit); its changes are then left out. */
      readonly stopped?: 'memory' | 'output';
      readonly changes: PythonFileChanges;
    }
  /** A request failed in a way that is not the program's failure (a bug of the worker). */
  | { readonly type: 'failed'; readonly id?: number; readonly message: string };
