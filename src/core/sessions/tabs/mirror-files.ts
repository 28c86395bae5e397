/**
 * A following tab's workspace kept equal to the leader's: the leader's file changes (as
 * `recordChangesSince` makes them) made on this tab's sandbox through its own API, so its
 * subscribers (the file explorer) see them as they happen.
 */
import type { Sandbox } from '../../sandbox/sandbox-types';
import type { StorageChanges } from '../../sandbox/storage/sandbox-storage';

/**
 * Makes `changes` on `sandbox`: deletions first, then what was written. Throws when the sandbox
 * refuses one (its rules or quotas differ from the leader's); the caller then asks for the whole
 * tree again.
 *
 * @example
 * ```ts
 * mirrorFileChanges(sandbox, { written: [{ path: '/a.md', kind: 'text', text: 'hi', modified: 0 }], deleted: [] });
 * ```
 */
export function mirrorFileChanges(sandbox: Sandbox, changes: StorageChanges): void {
  for (const path of changes.deleted) {
    if (sandbox.exists(path)) sandbox.delete(path, { recursive: true });
  }
  for (const record of changes.written) {
    if (record.kind === 'directory') {
      sandbox.mkdir(record.path);
    } else {
      sandbox.writeFile(record.path, record.kind === 'text' ? record.text : record.bytes);
    }
  }
}
