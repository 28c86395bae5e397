/**
 * The whole-tree record of the IndexedDB storage: every file in a few big values of the `meta`
 * store, so a cold load reads a handful of values instead of one record per file. It is kept in
 * parts of about a megabyte (`snapshot-part-0`, `-1`, ...; their count and generation in
 * `snapshot-parts`): writing or reading one value of the whole tree would copy it all in one
 * task, and a part is copied in a slice of its own (see `sliced-writes`).
 *
 * Data written before the parts keep the tree as one value under `snapshot`; it is still read,
 * and removed when a new whole-tree record is written. A version of this library from before the
 * parts does not know `snapshot-parts`, finds no `snapshot`, and reads the per-file records: the
 * data stays readable both ways, so the format version is unchanged.
 */
import { requestResult } from '../../persistence/idb-request';
import type { FileRecord } from './file-record';
import { partsOf, writeInSlices } from './sliced-writes';

const legacyKey = 'snapshot';
const indexKey = 'snapshot-parts';
const partPrefix = 'snapshot-part-';
const partBytes = 1_000_000;
/** More parts than a damaged index could make us delete one by one (a part is about 1 MB). */
const maxParts = 1_000_000;

interface PartsIndex {
  readonly generation: number;
  readonly parts: number;
}

interface LegacySnapshot {
  readonly generation: number;
  readonly files: unknown;
}

/**
 * Writes `records` as the whole-tree record of `generation`, in slices, replacing any other.
 *
 * @example
 * ```ts
 * await writeWholeTree(transaction.objectStore('meta'), generation, records, 'saving all files');
 * ```
 */
export async function writeWholeTree(meta: IDBObjectStore, generation: number, records: readonly FileRecord[], doing: string): Promise<void> {
  await removeWholeTree(meta, doing);
  const parts = partsOf(records, partBytes);
  await writeInSlices(parts.map((part, index) => ({ part, index })), ({ part, index }) => meta.put(part, `${partPrefix}${index}`), doing);
  meta.put({ generation, parts: parts.length } satisfies PartsIndex, indexKey);
}

/**
 * Removes the whole-tree record (in either form).
 *
 * @example
 * ```ts
 * await removeWholeTree(transaction.objectStore('meta'), 'clearing the sandbox');
 * ```
 */
export async function removeWholeTree(meta: IDBObjectStore, doing: string): Promise<void> {
  // Part by part, from the count the index holds: a key range would need the page's IDBKeyRange,
  // which is not the one of an injected factory (fake-indexeddb in tests).
  const index = await requestResult<Partial<PartsIndex> | undefined>(meta.get(indexKey), doing);
  const parts = Number.isSafeInteger(index?.parts) ? Math.min(index!.parts!, maxParts) : 0;
  for (let part = 0; part < parts; part++) meta.delete(`${partPrefix}${part}`);
  meta.delete(legacyKey);
  meta.delete(indexKey);
}

/**
 * The files of the whole-tree record if it was written at `generation` (so it is as new as the
 * per-file records), else `undefined`. Each part is its own request, so the page copies one part
 * per task. The caller checks the records.
 *
 * @example
 * ```ts
 * const files = (await readWholeTree(meta, generation, 'loading the sandbox')) ?? (await readEveryFile());
 * ```
 */
export async function readWholeTree(meta: IDBObjectStore, generation: unknown, doing: string): Promise<unknown[] | undefined> {
  const [index, legacy] = await Promise.all([
    requestResult<PartsIndex | undefined>(meta.get(indexKey), doing),
    requestResult<LegacySnapshot | undefined>(meta.get(legacyKey), doing),
  ]);
  if (index !== undefined && index.generation === generation && Number.isSafeInteger(index.parts) && index.parts > 0 && index.parts <= maxParts) {
    const parts = await Promise.all(Array.from({ length: index.parts }, (_, part) => requestResult<unknown>(meta.get(`${partPrefix}${part}`), doing)));
    // A missing or damaged part: the per-file records are still there and complete.
    if (!parts.every(Array.isArray)) return undefined;
    return (parts as unknown[][]).flat();
  }
  if (legacy !== undefined && legacy.generation === generation) return legacy.files as unknown[];
  return undefined;
}
