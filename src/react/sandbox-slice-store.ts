import type { Sandbox, SandboxEvent } from '../core/index';

/** What a hook shows of the sandbox (one file, one directory's listing) and how to read it. */
export interface SandboxSlice<T> {
  /** The value before the first read, and for good when there is no sandbox. */
  initial: T;
  /** Reads the slice; returns `previous` itself when nothing it shows changed, so React skips the render. */
  read: (sandbox: Sandbox, previous: T) => T;
  /** Whether an event can change the slice; other events are skipped without reading anything. */
  touches: (event: SandboxEvent) => boolean;
}

/** An external store for `useSyncExternalStore`. */
export interface SandboxSliceStore<T> {
  getSnapshot: () => T;
  subscribe: (onChange: () => void) => () => void;
}

const subscribeToNothing = () => () => {};

/**
 * One slice of a sandbox as an external store, versioned by the sandbox's `version`: the slice is
 * read again only when the sandbox changed since the last read and (while subscribed) a change
 * touched the slice. Without a sandbox the store holds `slice.initial` and never changes.
 *
 * @example
 * ```ts
 * const store = createSandboxSliceStore(sandbox, { initial: '', read: (box) => box.readFile('/a.txt'), touches: (event) => touchesFile(event, '/a.txt') });
 * useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
 * ```
 */
export function createSandboxSliceStore<T>(sandbox: Sandbox | undefined, slice: SandboxSlice<T>): SandboxSliceStore<T> {
  if (!sandbox) return { getSnapshot: () => slice.initial, subscribe: subscribeToNothing };
  return createVersionedStore(sandbox, slice);
}

function createVersionedStore<T>(sandbox: Sandbox, slice: SandboxSlice<T>): SandboxSliceStore<T> {
  let value = slice.initial;
  let readAt = -1;
  let subscribed = false;
  let touched = true;

  function getSnapshot(): T {
    if (readAt === sandbox.version) return value;
    // Unsubscribed, changes are not tracked: any version change may concern this slice.
    if (subscribed && !touched) {
      readAt = sandbox.version;
      return value;
    }
    readAt = sandbox.version;
    touched = false;
    value = slice.read(sandbox, value);
    return value;
  }

  function subscribe(onChange: () => void): () => void {
    subscribed = true;
    // A change between the render's read and this subscription is caught by comparing versions.
    touched = readAt !== sandbox.version;
    const unsubscribe = sandbox.subscribe((event) => {
      if (!slice.touches(event)) return;
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
