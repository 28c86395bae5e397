import { useMemo, useSyncExternalStore } from 'react';
import type { Sandbox } from '../core/index';
import { useSandbox } from './sandbox-context';
import { createSandboxSliceStore } from './sandbox-slice-store';
import { sandboxErrorCode, touchesFile } from './sandbox-events';

/**
 * Where a file stands: `ready` (read), `missing` (no such file, or no sandbox), `error` (the
 * path is a directory or not a valid path; `error` says why). `loading` is reserved for
 * sandboxes that read asynchronously; the in-memory sandbox reads synchronously and never reports it.
 */
export type FileStatus = 'loading' | 'ready' | 'missing' | 'error';

/** One file of the workspace, as `useFile` reports it. */
export interface FileState {
  status: FileStatus;
  /** The canonical path when the file exists, else the path as given. */
  path: string;
  /** The text, for a text file that is `ready`; `undefined` for binary files (read them with `sandbox.readBytes`). */
  content: string | undefined;
  binary: boolean;
  /** Bytes (UTF-8 bytes for text); 0 unless `ready`. */
  size: number;
  /** Last change, epoch milliseconds; `undefined` unless `ready`. */
  modified: number | undefined;
  /** Why the file cannot be shown, when `status` is `error`. */
  error?: string;
}

/**
 * One file of the workspace (from `useSandbox()`): its text, or for a binary file only its size.
 * Re-renders only when that file changes (a write, delete or move of it or of a directory that
 * contains it, or a restore); writes to other files do not even re-read it.
 *
 * @example
 * ```tsx
 * function Readme() {
 *   const file = useFile('/README.md');
 *   if (file.status !== 'ready') return <p>{file.status === 'missing' ? 'No README yet.' : file.error}</p>;
 *   return file.binary ? <p>{file.size} bytes</p> : <pre>{file.content}</pre>;
 * }
 * ```
 */
export function useFile(path: string): FileState {
  const sandbox = useSandbox();
  const store = useMemo(
    () =>
      createSandboxSliceStore(sandbox, {
        initial: missing(path),
        read: (box, previous) => {
          const next = read(box, path);
          return sameFileState(previous, next) ? previous : next;
        },
        touches: (event) => touchesFile(event, path),
      }),
    [sandbox, path],
  );
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

function read(sandbox: Sandbox, path: string): FileState {
  try {
    const entry = sandbox.stat(path);
    if (entry.kind === 'directory') return { ...missing(entry.path), status: 'error', error: `"${entry.path}" is a directory.` };
    const binary = entry.binary === true;
    return { status: 'ready', path: entry.path, content: binary ? undefined : sandbox.readFile(entry.path), binary, size: entry.size, modified: entry.modified };
  } catch (error) {
    const code = sandboxErrorCode(error);
    if (code === 'not-found' || code === 'not-a-directory') return missing(path);
    return { ...missing(path), status: 'error', error: error instanceof Error ? error.message : String(error) };
  }
}

function missing(path: string): FileState {
  return { status: 'missing', path, content: undefined, binary: false, size: 0, modified: undefined };
}

function sameFileState(a: FileState, b: FileState): boolean {
  return a.status === b.status && a.path === b.path && a.content === b.content && a.binary === b.binary && a.size === b.size && a.modified === b.modified && a.error === b.error;
}
