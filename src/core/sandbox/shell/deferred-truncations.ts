/**
 * A shell redirect (`cmd > file`) first truncates the file (an empty write), then runs the
 * command, then writes its output. Done literally against the sandbox, a write that the sandbox
 * then refuses (a quota) would leave the file emptied, or created empty, although nothing was
 * written. So empty writes are deferred: the next write to the same file replaces it in one
 * atomic step, and any other operation that could observe the file (reading it, listing its
 * directory, ...) first performs the pending truncation, so commands still see shell semantics
 * (`cat a > a` reads an empty file).
 */
import { isWithin } from '../tree/sandbox-path';

/** Empty writes waiting to be performed. Paths are canonical (checked by the sandbox's rules). */
export interface DeferredTruncations {
  /** Records an empty write to `path`. */
  defer(path: string): void;
  /** Forgets a pending empty write to `path` (a real write replaces it); true if there was one. */
  take(path: string): boolean;
  /**
   * Performs the pending empty writes that an operation on `path` could observe: `path` itself,
   * anything below it, and its ancestors. Without `path`, performs all of them.
   */
  settle(path?: string): void;
}

/**
 * Creates the set of pending truncations; `write` performs one (an empty write to the sandbox).
 * If `write` throws, the truncation is dropped and the error reaches the operation that settled it.
 *
 * @example
 * ```ts
 * const truncations = createDeferredTruncations((path) => sandbox.writeFile(path, ''));
 * truncations.defer('/out.txt');
 * truncations.take('/out.txt'); // true: the real write replaces the truncation
 * ```
 */
export function createDeferredTruncations(write: (path: string) => void): DeferredTruncations {
  const pending = new Set<string>();
  return {
    defer(path) {
      pending.add(path);
    },
    take(path) {
      return pending.delete(path);
    },
    settle(path) {
      if (pending.size === 0) return;
      for (const candidate of [...pending]) {
        if (path !== undefined && !isWithin(candidate, path) && !isWithin(path, candidate)) continue;
        pending.delete(candidate);
        write(candidate);
      }
    },
  };
}
