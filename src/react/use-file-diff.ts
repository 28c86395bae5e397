import { useMemo } from 'react';
import { useSandbox } from './sandbox-context';
import { useFile } from './use-file';
import { useSandboxChanges } from './use-sandbox-changes';

/** A file's unified diff against a checkpoint, as `useFileDiff` reports it. */
export interface FileDiff {
  /** `ready`: `diff` is set ('' when the file is unchanged); `no-checkpoint`: nothing to compare with. */
  status: 'ready' | 'no-checkpoint';
  /** A unified diff (`---`/`+++` headers, `@@` hunks), or one line for binary files. */
  diff: string;
  /** The checkpoint compared against. */
  checkpointId: string | undefined;
}

/**
 * The unified diff of one file from a checkpoint (default: the latest, as in
 * `useSandboxChanges`) to now, for `<DiffView>`. Recomputed only when that file or the
 * baseline changes; a deleted file diffs against nothing (every line removed).
 *
 * @example
 * ```tsx
 * function Changes({ path }: { path: string }) {
 *   const { diff } = useFileDiff(path);
 *   return <DiffView diff={diff} />;
 * }
 * ```
 */
export function useFileDiff(path: string, checkpointId?: string): FileDiff {
  const sandbox = useSandbox();
  const baseline = useSandboxChanges(checkpointId).checkpointId;
  // The file's state changes exactly when its content may have; the diff follows it.
  const file = useFile(path);
  return useMemo((): FileDiff => {
    if (!sandbox || baseline === undefined) return { status: 'no-checkpoint', diff: '', checkpointId: baseline };
    let diff = '';
    try {
      diff = sandbox.diffFile(file.path, baseline);
    } catch {
      // In neither version (or not a file): nothing to show.
    }
    return { status: 'ready', diff, checkpointId: baseline };
    // `file` stands for the file's content: a new object means it changed (or was deleted).
  }, [sandbox, baseline, file]);
}
