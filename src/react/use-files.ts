import { useMemo, useSyncExternalStore } from 'react';
import type { Sandbox, SandboxEntry } from '../core/index';
import { useSandbox } from './sandbox-context';
import { createSandboxSliceStore } from './sandbox-slice-store';
import { sameEntry, touchesDirectory } from './sandbox-events';

const noEntries: readonly SandboxEntry[] = Object.freeze([]);

/**
 * The entries of one directory of the workspace (files and subdirectories, sorted by name), from
 * `useSandbox()`. Re-renders only when that directory's listing changes: events elsewhere in the
 * tree are skipped without listing anything, and a re-listing that finds the same entries keeps
 * the previous array (and unchanged entries keep their identity, so memoized rows skip too).
 * Not recursive: render a subdirectory with its own `useFiles(entry.path)` when it is opened, so a
 * write re-renders only the folder it happened in. A missing directory (or no sandbox) lists `[]`.
 *
 * @example
 * ```tsx
 * function Folder({ path }: { path: string }) {
 *   const entries = useFiles(path);
 *   return <ul>{entries.map((entry) => <li key={entry.path}>{entry.name}{entry.kind === 'directory' ? '/' : ''}</li>)}</ul>;
 * }
 * ```
 */
export function useFiles(directory = '/'): readonly SandboxEntry[] {
  const sandbox = useSandbox();
  const store = useMemo(
    () =>
      createSandboxSliceStore(sandbox, {
        initial: noEntries,
        read: (box, previous) => merge(previous, list(box, directory)),
        touches: (event) => touchesDirectory(event, directory),
      }),
    [sandbox, directory],
  );
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

function list(sandbox: Sandbox, directory: string): SandboxEntry[] {
  try {
    return sandbox.list(directory);
  } catch {
    // Not there (yet, or any more), or not a directory: nothing to list.
    return [];
  }
}

/** The new listing, reusing the previous array and entry objects where nothing changed. */
function merge(previous: readonly SandboxEntry[], next: SandboxEntry[]): readonly SandboxEntry[] {
  if (next.length === 0) return noEntries;
  const byPath = new Map(previous.map((entry) => [entry.path, entry]));
  let changed = previous.length !== next.length;
  const merged = next.map((entry, index) => {
    const old = byPath.get(entry.path);
    if (old && sameEntry(old, entry)) {
      if (previous[index] !== old) changed = true;
      return old;
    }
    changed = true;
    return entry;
  });
  return changed ? merged : previous;
}
