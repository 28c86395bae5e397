/**
 * The sandbox's path rules, applied by the server stores before they keep anything: a device
 * loads a session's files and checkpoints through the sandbox, which refuses a path that climbs
 * above the root (`/../../etc/passwd`), holds a NUL or a backslash, has an empty name (`a//b`),
 * a name or path that is too long, or names the root as a file; one such path makes every
 * device refuse the session's whole tree. So the store refuses it first (`invalid-record`,
 * naming the path: a 400 from the session routes) and keeps nothing of that write. Paths the
 * sandbox accepts are kept as they were given.
 */
import { PersistenceError } from '../../core/index';
import { parsePath } from '../../core/internal';
import type { StorageChanges } from '../../core/sandbox/index';
import type { SessionWrite } from '../../core/sessions/index';

/**
 * Throws `invalid-record` for the first written or deleted path of `changes` that a sandbox
 * refuses.
 *
 * @example
 * ```ts
 * checkChangePaths({ written: [], deleted: ['/../x'] }, 'chat-1'); // throws, naming "/../x"
 * ```
 */
export function checkChangePaths(changes: Partial<StorageChanges> | null | undefined, id: string): void {
  for (const record of changes?.written ?? []) checkPath(record?.path, id);
  for (const path of changes?.deleted ?? []) checkPath(path, id);
}

/**
 * Throws `invalid-record` for the first path in the workspace part of the snapshot (its files,
 * and what each checkpoint wrote and deleted) that a sandbox refuses.
 *
 * @example
 * ```ts
 * checkSnapshotPaths({ id: 'chat-1', snapshot: agent.snapshot() });
 * ```
 */
export function checkSnapshotPaths(write: SessionWrite): void {
  const sandbox = write.snapshot?.sandbox as Partial<NonNullable<SessionWrite['snapshot']['sandbox']>> | undefined;
  if (typeof sandbox !== 'object' || sandbox === null) return;
  // Shapes other than lists are the snapshot rules' to report; only paths are judged here.
  if (Array.isArray(sandbox.files)) checkChangePaths({ written: sandbox.files }, write.id);
  if (!Array.isArray(sandbox.checkpoints)) return;
  for (const checkpoint of sandbox.checkpoints) {
    const changes = (checkpoint as { changes?: unknown } | null)?.changes as Partial<StorageChanges> | undefined;
    if (typeof changes === 'object' && changes !== null) {
      checkChangePaths({ written: Array.isArray(changes.written) ? changes.written : [], deleted: Array.isArray(changes.deleted) ? changes.deleted : [] }, write.id);
    }
  }
}

function checkPath(path: unknown, id: string): void {
  // Not a string: the record rules (`normalizeFileRecord`, `checkDeletedPath`) say so.
  if (typeof path !== 'string') return;
  let problem: string;
  try {
    if (parsePath(path).segments.length > 0) return;
    problem = 'it names the sandbox root, which is not a file';
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  throw new PersistenceError('invalid-record', `Session "${id}" cannot keep the path ${JSON.stringify(path)}: a device's sandbox refuses it (${problem}). Nothing was written.`);
}
