/**
 * Saves that send what changed: the session routes' second form of `PUT /sessions/{id}`. The
 * snapshot is cut as the IndexedDB storage cuts it (`session-pieces`: messages, tool calls and
 * checkpoints in chunks of `piecesPerChunk`, the rest is the head); a save sends the head and the
 * chunks that differ from the ones the server holds, with a fingerprint of those (`base`), so the
 * server applies the changes only to the very chunks the browser had. Adding one message to a
 * 10,000-message conversation sends the head and one chunk (tens of KB), not 3 MB.
 *
 * Used by the browser (loaded with the first save, so it costs nothing up front) and by the
 * server; the kit functions come in as `kit`, so this module imports nothing of the main bundle.
 */
import type { PieceList, SessionChunks, SessionHead } from './session-pieces';
import type { AgentSnapshot, StoredSession } from './session-types';

/** The kit functions this module uses. */
export interface ChangesKit {
  chunksOf(snapshot: AgentSnapshot): SessionChunks;
  headOf(record: StoredSession, chunks: SessionChunks, lineage: string): SessionHead;
  sameChunk(previous: readonly unknown[] | undefined, next: readonly unknown[]): boolean;
  snapshotToJson(snapshot: unknown): unknown;
  contentHash(content: string): string;
}

const lists: readonly PieceList[] = ['messages', 'toolCalls', 'checkpoints'];

/** One chunk as the server holds it: its items (as given: the same objects mean unchanged) and, once computed, the fingerprint of their JSON. */
interface KnownChunk {
  readonly items: readonly unknown[];
  hash?: string;
}

/** What a browser knows the server holds of one session: its revision and its chunks. */
export interface KnownPieces {
  readonly revision: number;
  readonly chunks: Readonly<Record<PieceList, KnownChunk[]>>;
}

/**
 * The body of a save that sends what changed: `base`, the fingerprint of the chunks it builds on;
 * `head`, the snapshot with its three lists emptied; `counts`, how many chunks each list has now;
 * `chunks`, the ones that changed, as `[list, index, items]`.
 */
export interface SessionChanges {
  readonly base: string;
  readonly head: unknown;
  readonly counts: Readonly<Record<PieceList, number>>;
  readonly chunks: readonly (readonly [PieceList, number, readonly unknown[]])[];
}

/**
 * The chunk `items` of `list` as JSON data (a checkpoint's binary files as base64, as in a
 * snapshot; everything else as it is).
 *
 * @example
 * ```ts
 * const text = JSON.stringify(chunkJson(kit, 'messages', chunk));
 * ```
 */
export function chunkJson(kit: ChangesKit, list: PieceList, items: readonly unknown[]): readonly unknown[] {
  if (list !== 'checkpoints') return items;
  return ((kit.snapshotToJson({ sandbox: { checkpoints: items } }) as { sandbox: { checkpoints: unknown[] } }).sandbox.checkpoints);
}

/** Fingerprints of chunks met before, by their first item: a chunk of the same objects is not serialized again. */
const seen = new WeakMap<object, { readonly items: readonly unknown[]; readonly hash: string }>();

/**
 * The fingerprint of chunk `items` of `list` (of its JSON). Remembered while its first item
 * lives, so the same chunk (the same objects: state is immutable) costs nothing the next time.
 *
 * @example
 * ```ts
 * if (chunkHash(kit, 'messages', chunk) !== storedHash) write(chunk);
 * ```
 */
export function chunkHash(kit: ChangesKit, list: PieceList, items: readonly unknown[]): string {
  const key = items[0];
  const keyed = typeof key === 'object' && key !== null ? key : undefined;
  const met = keyed && seen.get(keyed);
  if (met && kit.sameChunk(met.items, items)) return met.hash;
  const hash = kit.contentHash(JSON.stringify(chunkJson(kit, list, items)));
  if (keyed) seen.set(keyed, { items, hash });
  return hash;
}

/**
 * Notes `hash` as the fingerprint of chunk `items` (a store that keeps fingerprints next to its
 * chunks, read back with them), so it is not computed again while these objects live.
 *
 * @example
 * ```ts
 * rememberChunkHash(items, row.hash);
 * ```
 */
export function rememberChunkHash(items: readonly unknown[], hash: string): void {
  const key = items[0];
  if (typeof key === 'object' && key !== null) seen.set(key, { items, hash });
}

const hashOf = (kit: ChangesKit, list: PieceList, chunk: KnownChunk): string => (chunk.hash ??= chunkHash(kit, list, chunk.items));

/** The fingerprint of a session's chunks: of each chunk's fingerprint, list by list. */
function baseOf(kit: ChangesKit, chunks: KnownPieces['chunks']): string {
  return kit.contentHash(JSON.stringify(lists.map((list) => chunks[list].map((chunk) => hashOf(kit, list, chunk)))));
}

/**
 * What the server holds once `snapshot` was saved (or loaded) at `revision`; fingerprints are
 * computed only when a later save needs them.
 *
 * @example
 * ```ts
 * known.set(id, knownPieces(kit, snapshot, revision));
 * ```
 */
export function knownPieces(kit: ChangesKit, snapshot: AgentSnapshot, revision: number): KnownPieces {
  const chunks = kit.chunksOf(snapshot);
  const known = {} as Record<PieceList, KnownChunk[]>;
  for (const list of lists) known[list] = chunks[list].map((items) => ({ items }));
  return { revision, chunks: known };
}

/**
 * The changes that make `known` into `snapshot`, and what the server will hold once they are
 * saved (`next`, at the revision the save answers). A chunk of the same objects is unchanged
 * without a look; another is compared by its JSON's fingerprint (a snapshot read back from
 * IndexedDB holds equal chunks of new objects).
 *
 * @example
 * ```ts
 * const { changes, next } = sessionChanges(kit, snapshot, known);
 * await put({ changes, expectedRevision: known.revision });
 * ```
 */
export function sessionChanges(kit: ChangesKit, snapshot: AgentSnapshot, known: KnownPieces): { changes: SessionChanges; next: (revision: number) => KnownPieces } {
  const chunks = kit.chunksOf(snapshot);
  const sent: [PieceList, number, readonly unknown[]][] = [];
  const now = {} as Record<PieceList, KnownChunk[]>;
  const counts = {} as Record<PieceList, number>;
  const base = baseOf(kit, known.chunks);
  for (const list of lists) {
    counts[list] = chunks[list].length;
    now[list] = chunks[list].map((items, index) => {
      const before = known.chunks[list][index];
      if (before !== undefined && kit.sameChunk(before.items, items)) return before;
      const hash = chunkHash(kit, list, items);
      if (before === undefined || hashOf(kit, list, before) !== hash) sent.push([list, index, chunkJson(kit, list, items)]);
      return { items, hash };
    });
  }
  const head = kit.snapshotToJson(kit.headOf({ snapshot } as StoredSession, chunks, '').snapshot);
  return { changes: { base, head, counts, chunks: sent }, next: (revision) => ({ revision, chunks: now }) };
}

/** How many sessions' chunks a client remembers (the ones open in this tab, in practice). */
const rememberedSessions = 8;

/** What a browser remembers of the sessions it saved or loaded last (see `changesMemory`). */
export interface ChangesMemory {
  /** The changes for a save of `snapshot` at `expectedRevision`, when the chunks the server has at that revision are known; forgets them either way. */
  changes(id: string, snapshot: AgentSnapshot, expectedRevision: number | null): ReturnType<typeof sessionChanges> | undefined;
  /** Notes what the server holds after a save (`sent`: the changes it took) or a load at `revision`. */
  remember(id: string, snapshot: AgentSnapshot, revision: number, sent?: ReturnType<typeof sessionChanges>): void;
}

/**
 * What the HTTP session storage remembers of the last sessions it saved or loaded, so that their
 * next save sends what changed.
 *
 * @example
 * ```ts
 * const memory = changesMemory(kit);
 * const sent = memory.changes('chat-1', snapshot, revision); // undefined: send it whole
 * ```
 */
export function changesMemory(kit: ChangesKit): ChangesMemory {
  const known = new Map<string, KnownPieces>();
  return {
    changes(id, snapshot, expectedRevision) {
      const before = known.get(id);
      known.delete(id);
      return before !== undefined && before.revision === expectedRevision ? sessionChanges(kit, snapshot, before) : undefined;
    },
    remember(id, snapshot, revision, sent) {
      known.delete(id);
      known.set(id, sent ? sent.next(revision) : knownPieces(kit, snapshot, revision));
      if (known.size > rememberedSessions) known.delete(known.keys().next().value!);
    },
  };
}

/** Most chunks a list may say it has (10 million items), as the IndexedDB storage allows. */
const maxChunks = 100_000;

/**
 * The whole snapshot (as JSON data, for the same checks as a whole save) that `changes` make of
 * `stored`, the snapshot the server holds; `'base-changed'` when the chunks it holds are not the
 * ones the changes were made against (the browser then sends the whole snapshot). Throws a
 * `TypeError` saying what is wrong with changes that are not well-formed.
 *
 * @example
 * ```ts
 * const whole = applySessionChanges(kit, stored.snapshot, body.changes, piecesPerChunk);
 * if (whole !== 'base-changed') readSnapshot(snapshotFromJson(whole));
 * ```
 */
export function applySessionChanges(kit: ChangesKit, stored: AgentSnapshot, value: unknown, perChunk: number): unknown {
  const changes = value as Partial<SessionChanges> | null;
  if (typeof changes !== 'object' || changes === null || typeof changes.base !== 'string' || !isObject(changes.head) || !isObject(changes.counts) || !Array.isArray(changes.chunks)) {
    throw new TypeError('"changes" must be { base, head, counts, chunks }.');
  }
  const counts = changes.counts;
  for (const list of lists) {
    if (!Number.isSafeInteger(counts[list]) || counts[list] < 0 || counts[list] > maxChunks) throw new TypeError(`"changes.counts.${list}" must be a number of chunks.`);
  }
  const given = new Map<string, readonly unknown[]>();
  for (const entry of changes.chunks as unknown[]) {
    const [list, index, items] = Array.isArray(entry) ? entry : [];
    if (!lists.includes(list as PieceList) || !Number.isSafeInteger(index) || (index as number) < 0 || (index as number) >= counts[list as PieceList] || !Array.isArray(items)) {
      throw new TypeError('Each of "changes.chunks" must be [list, index, items], with an index below that list\'s count.');
    }
    given.set(`${list as string}/${index as number}`, items);
  }
  const held = kit.chunksOf(stored);
  const known = {} as Record<PieceList, KnownChunk[]>;
  for (const list of lists) known[list] = held[list].map((items) => ({ items }));
  if (baseOf(kit, known) !== changes.base) return 'base-changed';
  const whole = {} as Record<PieceList, unknown[]>;
  for (const list of lists) {
    whole[list] = [];
    for (let index = 0; index < counts[list]; index++) {
      const heldChunk = held[list][index];
      const items = given.get(`${list}/${index}`) ?? (heldChunk === undefined ? undefined : chunkJson(kit, list, heldChunk));
      if (items === undefined) throw new TypeError(`"changes" leave chunk ${index} of ${list} out, and the server has none there.`);
      // Every chunk but the last is full, or the positions of later items would shift.
      if (items.length > perChunk || (index < counts[list] - 1 && items.length !== perChunk) || items.length === 0) {
        throw new TypeError(`Chunk ${index} of ${list} holds ${items.length} items; every chunk holds ${perChunk}, the last one 1 to ${perChunk}.`);
      }
      whole[list].push(...items);
    }
  }
  const head = changes.head;
  const state = isObject(head.state) ? head.state : {};
  const sandbox = isObject(head.sandbox) ? { sandbox: { ...head.sandbox, checkpoints: whole.checkpoints } } : {};
  if (whole.checkpoints.length > 0 && !isObject(head.sandbox)) throw new TypeError('"changes" hold checkpoints, and the head has no sandbox for them.');
  return { ...head, state: { ...state, messages: whole.messages, toolCalls: whole.toolCalls }, ...sandbox };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
