import { useMemo, useSyncExternalStore } from 'react';
import type { Sandbox, SandboxEntry } from '../core/index';
import { useSandbox } from './sandbox-context';
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
  const store = useMemo(() => (sandbox ? createDirectoryStore(sandbox, directory) : undefined), [sandbox, directory]);
  const subscribe = store?.subscribe ?? subscribeToNothing;
  const getSnapshot = store?.getSnapshot ?? getNoEntries;
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

const subscribeToNothing = () => () => {};
const getNoEntries = () => noEntries;

/**
 * One directory's listing as an external store. The listing is read again only when the sandbox
 * changed since the last read and (while subscribed) a change touched this directory.
 */
function createDirectoryStore(sandbox: Sandbox, directory: string) {
  let entries = noEntries;
  let readAt = -1;
  let subscribed = false;
  let touched = true;

  function getSnapshot(): readonly SandboxEntry[] {
    if (readAt === sandbox.version) return entries;
    // Unsubscribed, changes are not tracked: any version change may concern this directory.
    if (subscribed && !touched) {
      readAt = sandbox.version;
      return entries;
    }
    readAt = sandbox.version;
    touched = false;
    entries = merge(entries, list(sandbox, directory));
    return entries;
  }

  function subscribe(onChange: () => void): () => void {
    subscribed = true;
    // A change between the render's read and this subscription is caught by comparing versions.
    touched = readAt !== sandbox.version;
    const unsubscribe = sandbox.subscribe((event) => {
      if (!touchesDirectory(event, directory)) return;
      touched = true;
      onChange();
    });
    return () => {
      subscribed = false;
      unsubscribe();
    };
  }
  return { getSnapshot, subscribe };
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
