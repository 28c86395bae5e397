/**
 * Many IndexedDB writes in one transaction without one long task. Each `put` copies its value
 * (a structured clone) on the calling thread, so 10,000 file records written in one go block the
 * page for hundreds of milliseconds. Here the writes go out in slices of a few milliseconds:
 * the next slice is issued from the success event of the last request of the previous one, which
 * is a task of its own and keeps the transaction active, so the whole save stays one atomic
 * transaction. When the page is hidden nobody sees a long task, and a hidden page may be frozen
 * or discarded soon: then everything left is written at once.
 */
import { requestResult } from '../../persistence/idb-request';

/** Work per slice, in milliseconds: well under the 50 ms of a long task, with room for the browser's own. */
const sliceMs = 8;

/**
 * Whether the page is hidden (no document, as in a worker or Node, counts as visible).
 *
 * @example
 * ```ts
 * if (isPageHidden()) saveEverythingNow();
 * ```
 */
export function isPageHidden(): boolean {
  return (globalThis as { document?: { visibilityState?: string } }).document?.visibilityState === 'hidden';
}

function now(): number {
  return globalThis.performance?.now() ?? Date.now();
}

/**
 * Calls `write` for every item, inside the transaction the requests belong to, a slice per task.
 * Resolves when every request was issued (the transaction's completion says they are stored);
 * rejects with the first request that fails between slices, or whatever `write` throws (the
 * caller aborts the transaction, so nothing of it is stored).
 *
 * @example
 * ```ts
 * await writeInSlices(records, (record) => store.put(record), 'saving files');
 * ```
 */
export async function writeInSlices<T>(items: readonly T[], write: (item: T) => IDBRequest, doing: string): Promise<void> {
  let index = 0;
  while (index < items.length) {
    const deadline = now() + sliceMs;
    let last: IDBRequest;
    do last = write(items[index++]!);
    while (index < items.length && (now() < deadline || isPageHidden()));
    if (index < items.length) await requestResult(last, doing);
  }
}

/**
 * Splits records into parts of about `bytes` each (by their text and binary sizes), so each part
 * is cloned in a slice of its own.
 *
 * @example
 * ```ts
 * partsOf(records, 1_000_000).length; // 13 for 12.8 MB of text
 * ```
 */
export function partsOf<T extends { readonly kind: string }>(records: readonly T[], bytes: number): T[][] {
  const parts: T[][] = [];
  let part: T[] = [];
  let size = 0;
  for (const record of records) {
    part.push(record);
    const value = record as { text?: string; bytes?: Uint8Array; path?: string };
    size += (value.text?.length ?? 0) * 2 + (value.bytes?.byteLength ?? 0) + (value.path?.length ?? 0) * 2 + 64;
    if (size < bytes) continue;
    parts.push(part);
    part = [];
    size = 0;
  }
  if (part.length > 0 || parts.length === 0) parts.push(part);
  return parts;
}
