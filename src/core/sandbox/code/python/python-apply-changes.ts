/**
 * Applies a Python run's file changes to the real sandbox through its public API (so its quotas
 * apply and its subscribers, the file explorer and the turn's checkpoint see every change), all or
 * nothing: when the sandbox refuses one change (a quota, a path rule), the ones made before it are
 * undone and the error is thrown.
 */
import type { FileContent, Sandbox } from '../../sandbox-types';
import type { FileRecord } from '../../storage/file-record';
import type { PythonFileChanges } from './python-worker-protocol';

function contentOf(sandbox: Sandbox, path: string): FileContent {
  return sandbox.stat(path).binary === true ? sandbox.readBytes(path) : sandbox.readFile(path);
}

/** The files and directories at or under `path`, to put back if deleting it must be undone. */
function savedTree(sandbox: Sandbox, path: string): FileRecord[] {
  return sandbox.toRecords().filter((record) => record.path === path || record.path.startsWith(`${path}/`));
}

/**
 * Makes `changes` on `sandbox`: deletions first, then directories and files in path order.
 *
 * @example
 * ```ts
 * applyPythonChanges(sandbox, { written: [{ path: '/out.txt', kind: 'text', text: 'hi', modified: 0 }], deleted: [] });
 * ```
 */
export function applyPythonChanges(sandbox: Sandbox, changes: PythonFileChanges): void {
  const undo: (() => void)[] = [];
  try {
    for (const path of changes.deleted) {
      if (!sandbox.exists(path)) continue;
      const saved = savedTree(sandbox, path);
      sandbox.delete(path, { recursive: true });
      undo.push(() => {
        for (const record of saved) {
          if (record.kind === 'directory') sandbox.mkdir(record.path);
          else sandbox.writeFile(record.path, record.kind === 'text' ? record.text : record.bytes);
        }
      });
    }
    for (const record of changes.written) {
      const existed = sandbox.exists(record.path);
      if (record.kind === 'directory') {
        if (existed && sandbox.stat(record.path).kind === 'directory') continue;
        if (existed) {
          const previous = contentOf(sandbox, record.path);
          sandbox.delete(record.path);
          undo.push(() => sandbox.writeFile(record.path, previous));
        }
        sandbox.mkdir(record.path);
        undo.push(() => sandbox.delete(record.path, { recursive: true }));
        continue;
      }
      let previous: FileContent | undefined;
      if (existed && sandbox.stat(record.path).kind === 'directory') {
        const saved = savedTree(sandbox, record.path);
        sandbox.delete(record.path, { recursive: true });
        undo.push(() => {
          for (const entry of saved) {
            if (entry.kind === 'directory') sandbox.mkdir(entry.path);
            else sandbox.writeFile(entry.path, entry.kind === 'text' ? entry.text : entry.bytes);
          }
        });
      } else if (existed) previous = contentOf(sandbox, record.path);
      sandbox.writeFile(record.path, record.kind === 'text' ? record.text : record.bytes);
      undo.push(() => (previous === undefined ? sandbox.delete(record.path) : sandbox.writeFile(record.path, previous)));
    }
  } catch (error) {
    for (const step of undo.reverse()) {
      try {
        step();
      } catch {
        // Putting back what was there cannot exceed a quota it was within; keep undoing the rest.
      }
    }
    throw error;
  }
}
