/**
 * A session as rows of the Postgres store (schema 3): the head in `rak_sessions.snapshot` (the
 * snapshot with its messages, tool calls and checkpoints emptied, their chunk counts in
 * `rak_sessions.chunks`) and each chunk of 100 in a row of `rak_session_chunks`, with the
 * fingerprint of its JSON. A save compares the fingerprints and writes only the chunks that
 * changed: adding a message to a 10,000-message conversation writes two rows, not 3 MB. The cut
 * and the fingerprints are those of the IndexedDB storage and of the session routes' changes
 * (`session-pieces`, `session-changes`), so a fingerprint here is the one a browser sends.
 */
import { chunkHash, chunkJson, chunksOf, contentHash, headOf, rememberChunkHash, sameChunk, snapshotToJson, type ChangesKit } from '../../core/internal';
import type { AgentSnapshot, StoredSession } from '../../core/sessions/index';

export type PieceList = 'messages' | 'toolCalls' | 'checkpoints';

const lists: readonly PieceList[] = ['messages', 'toolCalls', 'checkpoints'];

const kit: ChangesKit = { chunksOf, headOf, sameChunk, snapshotToJson, contentHash };

/** One chunk row: which list, its position in it, the fingerprint of its JSON, and its items (`chunkText` writes them). */
export interface ChunkRow {
  readonly list: PieceList;
  readonly position: number;
  readonly hash: string;
  readonly items: readonly unknown[];
}

/**
 * The JSON text of a chunk row's items, as stored.
 *
 * @example
 * ```ts
 * const texts = changed.map(chunkText);
 * ```
 */
export function chunkText(chunk: ChunkRow): string {
  return JSON.stringify(chunkJson(kit, chunk.list, chunk.items));
}

/** A snapshot cut into the rows the store writes. */
export interface StoredPieces {
  /** The head as JSON text (binary files of `sandbox.files` as base64). */
  readonly head: string;
  /** How many chunks each list has (the `chunks` column); `null`: the head is the whole snapshot (a small session), with no chunks. */
  readonly counts: Readonly<Record<PieceList, number>> | null;
  readonly chunks: readonly ChunkRow[];
}

/**
 * The rows of `snapshot`, with the fingerprint of each chunk. Throws what `JSON.stringify` throws
 * for what JSON cannot hold.
 *
 * @example
 * ```ts
 * const { head, counts, chunks } = storedPieces(write.snapshot);
 * ```
 */
export function storedPieces(snapshot: AgentSnapshot): StoredPieces {
  const cut = chunksOf(snapshot);
  const chunks: ChunkRow[] = [];
  const counts = {} as Record<PieceList, number>;
  for (const list of lists) {
    counts[list] = cut[list].length;
    // A chunk of the same objects as one met before (the unchanged ones of a save that sent changes) is not serialized again.
    cut[list].forEach((items, position) => chunks.push({ list, position, hash: chunkHash(kit, list, items), items }));
  }
  return { head: JSON.stringify(snapshotToJson(headOf({ snapshot } as StoredSession, cut, '').snapshot)), counts, chunks };
}

/**
 * The stored snapshot as JSON data again, from the head's text, its counts and its chunks (the
 * JSON text of a list of `[list, position, items, hash]`, in any order; `null`: none); `problem`
 * names what is missing or damaged.
 *
 * @example
 * ```ts
 * const value = joinStoredPieces(row.snapshot, row.chunks, row.pieces, (problem) => damaged(problem));
 * ```
 */
export function joinStoredPieces(head: string, countsText: string, piecesText: string | null, problem: (what: string) => Error): unknown {
  const value = JSON.parse(head) as Record<string, unknown>;
  const counts = JSON.parse(countsText) as Record<PieceList, number>;
  const byList = new Map<string, unknown[][]>(lists.map((list) => [list, []]));
  for (const [list, position, items, hash] of (JSON.parse(piecesText ?? '[]') as [string, number, unknown, unknown][])) {
    if (!Array.isArray(items)) throw problem(`its ${list} chunk ${position} is not a list`);
    // The fingerprint stored with it: a save that builds on these very objects does not compute it again.
    if (list !== 'checkpoints' && typeof hash === 'string') rememberChunkHash(items, hash);
    const chunks = byList.get(list);
    if (chunks === undefined) throw problem(`it has a chunk of an unknown list, ${list}`);
    chunks[position] = items;
  }
  const whole = {} as Record<PieceList, unknown[]>;
  for (const list of lists) {
    const chunks = byList.get(list)!;
    for (let position = 0; position < counts[list]; position++) if (chunks[position] === undefined) throw problem(`its ${list} chunk ${position} is missing`);
    whole[list] = chunks.slice(0, counts[list]).flat();
  }
  const state = value.state as Record<string, unknown> | undefined;
  const sandbox = value.sandbox as Record<string, unknown> | undefined;
  return { ...value, state: { ...state, messages: whole.messages, toolCalls: whole.toolCalls }, ...(sandbox ? { sandbox: { ...sandbox, checkpoints: whole.checkpoints } } : {}) };
}
