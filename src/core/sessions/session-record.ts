/**
 * The rules of writing a session record, shared by every session storage so they cannot drift
 * apart: the compare-and-set on the revision, the refusal to overwrite a newer format, the
 * derived summary, and what a rename may change. A storage reads the stored record and writes
 * what these functions return, both in one atomic step (one IndexedDB transaction, say).
 */
import { PersistenceError } from '../persistence/persistence-error';
import { maxSessionTitleLength, sessionMessageCount, sessionTitle } from './session-summary';
import { agentSnapshotVersion, type SessionWrite, type StoredSession } from './session-types';

/**
 * Checks what an agent hands to `save` before anything is read or written: an id to keep it
 * under and a snapshot in the kit's envelope. Throws `invalid-record` otherwise.
 *
 * @example
 * ```ts
 * checkSessionWrite({ id: 'chat-1', snapshot: agent.snapshot() });
 * ```
 */
export function checkSessionWrite(write: SessionWrite): void {
  const snapshot = (write as Partial<SessionWrite> | null)?.snapshot as Record<string, unknown> | undefined;
  if (typeof write?.id !== 'string' || write.id === '') {
    throw new PersistenceError('invalid-record', `A session needs a non-empty string id, got ${JSON.stringify(write?.id)}.`);
  }
  if (typeof snapshot !== 'object' || snapshot === null || snapshot.format !== 'react-agent-kit/agent' || typeof snapshot.version !== 'number') {
    throw new PersistenceError('invalid-record', `Session "${write.id}" has no agent snapshot to save (make one with agent.snapshot()).`);
  }
}

/**
 * The record to store for `write`, given the stored one (`null`: none). Throws, writing nothing:
 * - `future-format` when the stored snapshot is newer than this code reads (it stays as it is);
 * - `conflict` when the stored revision is not `expectedRevision` (`null`: must not exist).
 *
 * The title is derived unless a person renamed the session; `createdAt` stays from the first
 * save; the revision goes up by one.
 *
 * @example
 * ```ts
 * const record = nextSessionRecord(stored ?? null, { id, snapshot }, revision, Date.now());
 * sessions.put(record); // same transaction as the read of `stored`
 * ```
 */
export function nextSessionRecord(
  stored: StoredSession | null,
  write: SessionWrite,
  expectedRevision: number | null,
  now: number,
): StoredSession {
  const { id, snapshot } = write;
  if (stored !== null) refuseNewerFormat(stored);
  const storedRevision = stored === null ? null : stored.revision;
  if (storedRevision !== expectedRevision) throw conflictError(id, expectedRevision, storedRevision);
  const titled = stored?.titled === true;
  return {
    id,
    title: titled && stored !== null ? stored.title : sessionTitle(snapshot.state),
    titled,
    createdAt: stored?.createdAt ?? now,
    updatedAt: now,
    messageCount: sessionMessageCount(snapshot.state),
    revision: (storedRevision ?? 0) + 1,
    snapshot,
  };
}

/**
 * The record after a rename: the new title, `titled` set, and nothing else changed (not the
 * revision, so an agent saving the session meanwhile gets no conflict; not `updatedAt`, so a
 * rename does not move the session to the top of the list). Throws `failed` for a missing
 * session and `invalid-record` for an empty title or one longer than `maxSessionTitleLength`.
 *
 * @example
 * ```ts
 * sessions.put(renamedSessionRecord(stored ?? null, 'chat-1', 'Quarterly report'));
 * ```
 */
export function renamedSessionRecord(stored: StoredSession | null, id: string, title: string): StoredSession {
  const clean = typeof title === 'string' ? title.replace(/\s+/g, ' ').trim() : '';
  if (clean === '') throw new PersistenceError('invalid-record', `Session "${id}" cannot be renamed to an empty title.`);
  const length = clean.length > maxSessionTitleLength ? Array.from(clean).length : clean.length;
  if (length > maxSessionTitleLength) {
    throw new PersistenceError('invalid-record', `Session "${id}" cannot be renamed: a title has at most ${maxSessionTitleLength} characters, this one has ${length}.`);
  }
  if (stored === null) {
    throw new PersistenceError('failed', `There is no session "${id}" to rename; it may have been removed in another tab. Reload the list of sessions.`);
  }
  return { ...stored, title: clean, titled: true };
}

function refuseNewerFormat(stored: StoredSession): void {
  const version = stored.snapshot?.version;
  if (typeof version === 'number' && version > agentSnapshotVersion) {
    throw new PersistenceError(
      'future-format',
      `Session "${stored.id}" was saved by a newer version of react-agent-kit (snapshot version ${version}; this one writes up to ${agentSnapshotVersion}). ` +
        'It was left untouched; update the app to continue it.',
    );
  }
}

function conflictError(id: string, expected: number | null, stored: number | null): PersistenceError {
  const advice = 'Nothing was written; reload the session to continue with the latest version.';
  if (stored === null) {
    return new PersistenceError('conflict', `Session "${id}" was removed by another tab or agent after revision ${expected}. Nothing was written; reload to start over or save it as a new session.`);
  }
  if (expected === null) {
    return new PersistenceError('conflict', `Session "${id}" already exists: another tab or agent saved it first (revision ${stored}). ${advice}`);
  }
  return new PersistenceError('conflict', `Session "${id}" was saved by another tab or agent first: it is at revision ${stored}, this save expected revision ${expected}. ${advice}`);
}

/**
 * Checks a record read back from storage: `null` for none, the record when it has the fields
 * the rules above rely on, else `corrupt` (rather than a confusing conflict later).
 *
 * @example
 * ```ts
 * const stored = checkStoredSession(await requestResult(sessions.get(id), 'loading'), id);
 * ```
 */
export function checkStoredSession(value: unknown, id: string): StoredSession | null {
  if (value === undefined || value === null) return null;
  const record = value as Partial<StoredSession>;
  if (typeof record !== 'object' || typeof record.revision !== 'number' || typeof record.snapshot !== 'object' || record.snapshot === null) {
    throw new PersistenceError('corrupt', `The stored record of session "${id}" is damaged: it has no revision or no snapshot.`);
  }
  return value as StoredSession;
}
