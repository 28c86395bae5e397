/**
 * A stored session in pieces, so that saving a long conversation writes what changed rather than
 * all of it. The three lists that grow with a session (messages, tool calls, checkpoints) are cut
 * into chunks of `piecesPerChunk` items at fixed positions; the rest of the record (the summary
 * fields, the state's scalars, the chunk counts) is the head. While a reply streams only its
 * message changes, so a save writes the head and the last chunk of messages: the cost of a save
 * no longer grows with the thread.
 *
 * A chunk is known unchanged when it holds the very same objects (by identity) as when it was last
 * written or read. Agent state is immutable, so a changed message is a new object; a storage that
 * skips unchanged chunks relies on that (see `SessionStorage.save`).
 */
import type { AgentSnapshot, StoredSession } from './session-types';

/** Items per chunk: small enough that the streaming chunk is cheap to write, large enough to keep the number of records low. */
export const piecesPerChunk = 100;

export type PieceList = 'messages' | 'toolCalls' | 'checkpoints';

export const pieceLists: readonly PieceList[] = ['messages', 'toolCalls', 'checkpoints'];

/**
 * The head of a session stored in pieces: the record with the three lists emptied, how many
 * chunks each list has, and the lineage, a random id given at the session's first save, so a
 * session removed and saved again is never mistaken for the one a storage wrote before (its
 * revisions start again from 1).
 */
export interface SessionHead extends StoredSession {
  readonly pieces: { readonly lineage: string; readonly chunks: Readonly<Record<PieceList, number>> };
}

export type SessionChunks = Readonly<Record<PieceList, readonly (readonly unknown[])[]>>;

/**
 * The lists of `snapshot`, each cut into chunks. Checkpoints are a list only when the snapshot
 * has a sandbox part.
 *
 * @example
 * ```ts
 * chunksOf(snapshot).messages.length; // Math.ceil(snapshot.state.messages.length / piecesPerChunk)
 * ```
 */
export function chunksOf(snapshot: AgentSnapshot): SessionChunks {
  return {
    messages: cut(snapshot.state.messages),
    toolCalls: cut(snapshot.state.toolCalls),
    checkpoints: cut(snapshot.sandbox?.checkpoints ?? []),
  };
}

/**
 * The head to store for `record` (a full record, as `nextSessionRecord` makes it): its lists
 * emptied and counted.
 *
 * @example
 * ```ts
 * sessions.put(headOf(record, chunksOf(record.snapshot), lineage));
 * ```
 */
export function headOf(record: StoredSession, chunks: SessionChunks, lineage: string): SessionHead {
  const { snapshot } = record;
  return {
    ...record,
    snapshot: {
      ...snapshot,
      state: { ...snapshot.state, messages: [], toolCalls: [] },
      ...(snapshot.sandbox ? { sandbox: { ...snapshot.sandbox, checkpoints: [] } } : {}),
    },
    pieces: { lineage, chunks: { messages: chunks.messages.length, toolCalls: chunks.toolCalls.length, checkpoints: chunks.checkpoints.length } },
  };
}

/**
 * The full record again, from its head and its chunks (each list's chunks in order).
 *
 * @example
 * ```ts
 * const record = joinPieces(head, { messages, toolCalls, checkpoints });
 * ```
 */
export function joinPieces(head: SessionHead, chunks: SessionChunks): StoredSession {
  const { pieces: _pieces, ...record } = head;
  const { snapshot } = record;
  return {
    ...record,
    snapshot: {
      ...snapshot,
      state: { ...snapshot.state, messages: chunks.messages.flat() as never, toolCalls: chunks.toolCalls.flat() as never },
      ...(snapshot.sandbox ? { sandbox: { ...snapshot.sandbox, checkpoints: chunks.checkpoints.flat() as never } } : {}),
    },
  };
}

/** Whether a stored record is a head (version 2 of the database) rather than a whole record (version 1). */
export function isSessionHead(record: StoredSession): record is SessionHead {
  const pieces = (record as Partial<SessionHead>).pieces;
  return typeof pieces === 'object' && pieces !== null;
}

/**
 * Whether chunk `next` holds the same objects, in the same order, as `previous`.
 *
 * @example
 * ```ts
 * sameChunk([a, b], [a, b]); // true
 * sameChunk([a, b], [a, { ...b }]); // false
 * ```
 */
export function sameChunk(previous: readonly unknown[] | undefined, next: readonly unknown[]): boolean {
  if (previous === undefined || previous.length !== next.length) return false;
  for (let index = 0; index < next.length; index++) if (previous[index] !== next[index]) return false;
  return true;
}

function cut(items: readonly unknown[]): unknown[][] {
  const chunks: unknown[][] = [];
  for (let start = 0; start < items.length; start += piecesPerChunk) chunks.push(items.slice(start, start + piecesPerChunk));
  return chunks;
}
