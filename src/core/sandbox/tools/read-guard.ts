/**
 * The stale-write guard of the file tools: a file is edited or overwritten only from a view the
 * model has of its current content. What the model knows lives in the sandbox (`noteRead`,
 * `readStatus`): `read_file` records a read, `write_file` and `edit_file` record what they wrote,
 * and any other change (the user, the bash tool, a rollback) makes the file unknown again.
 */
import type { Sandbox } from '../sandbox-types';

/**
 * Throws, with what to do, unless the model knows the current content of the existing file at
 * `path` (`doing` completes "before you …": "edit it", "overwrite it"). Does nothing when the
 * guard is off.
 *
 * @example
 * ```ts
 * assertRead(sandbox, 'src/a.ts', 'edit it', true); // throws 'You have not read "/src/a.ts" …'
 * ```
 */
export function assertRead(sandbox: Sandbox, path: string, doing: string, requireRead: boolean): void {
  if (!requireRead) return;
  const status = sandbox.readStatus(path);
  if (status === 'current') return;
  const at = sandbox.stat(path).path;
  throw new Error(
    (status === 'unread' ? `You have not read "${at}" (or not since the files were restored).` : `"${at}" changed since you last read it.`) + ` Read it with read_file before you ${doing}.`,
  );
}
