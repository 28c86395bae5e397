/**
 * A snapshot as JSON, the way a session file (`writeSessionFile`), the Postgres store and the
 * session routes between the browser and the server all carry it. Bytes are encoded only where
 * the snapshot's schema holds bytes: the `bytes` of a binary file record in `sandbox.files` and in
 * each checkpoint's `changes.written`, written as `{ "$bytes": base64 }`. Everything else (the
 * conversation, tool inputs and outputs, which the model and tools write) is JSON as it is, so a
 * tool input `{ "$bytes": "aGk=" }` stays that object on every device.
 *
 * Older data (snapshot format 3 and before) applied the encoding to the whole snapshot: its
 * writer turned every `Uint8Array` into `{ $bytes }`, its reader turned every `{ $bytes }` back.
 * It is read by the same schema rule, which is its migration: a snapshot's state is JSON (no
 * `Uint8Array` in it), so the old writer produced `{ $bytes }` only in file records, and one
 * anywhere else was written by the model or a tool and is kept as that JSON (the old reader's
 * turning it into bytes, or refusing the conversation when it was not base64, was the bug).
 * Written once here, so the file, the database and the wire cannot drift apart.
 */
import { base64ToBytes, bytesToBase64 } from '../persistence/base64';
import { PersistenceError } from '../persistence/persistence-error';

const bytesKey = '$bytes';

/**
 * `snapshot` as plain JSON data: the bytes of its binary file records as `{ $bytes: base64 }`,
 * everything else as it is (shared, not copied). Anything that is not a snapshot comes back as
 * it is.
 *
 * @example
 * ```ts
 * const text = JSON.stringify({ snapshot: snapshotToJson(agent.snapshot()), expectedRevision });
 * ```
 */
export function snapshotToJson(snapshot: unknown): unknown {
  return mapFileRecords(snapshot, (record) =>
    record.kind === 'binary' && record.bytes instanceof Uint8Array ? { ...record, bytes: { [bytesKey]: bytesToBase64(record.bytes) } } : record,
  );
}

/**
 * The reverse of `snapshotToJson`, for JSON of any snapshot version: the `{ $bytes: base64 }` of
 * binary file records become `Uint8Array`s, nothing else changes. Bytes that are not base64 throw
 * `refuse(problem)` (default: `invalid-record`), naming the file. Check the result with
 * `readSnapshot`, which reports anything else that is wrong.
 *
 * @example
 * ```ts
 * await store.save(userId, { id, snapshot: snapshotFromJson(body.snapshot) }, expectedRevision);
 * ```
 */
export function snapshotFromJson(value: unknown, refuse: (problem: string) => PersistenceError = invalidRecord): unknown {
  return mapFileRecords(value, (record) => {
    const encoded = record.bytes;
    if (record.kind !== 'binary' || !isObject(encoded) || !(bytesKey in encoded) || Object.keys(encoded).length !== 1) return record;
    const text = encoded[bytesKey];
    const bytes = typeof text === 'string' ? base64ToBytes(text) : undefined;
    if (bytes === undefined) throw refuse(`the binary file ${JSON.stringify(record.path)} has content that is not valid base64`);
    return { ...record, bytes };
  });
}

function invalidRecord(problem: string): PersistenceError {
  return new PersistenceError('invalid-record', `The conversation cannot be read: ${problem}.`);
}

/**
 * `value` with `change` applied to every file record of its workspace part (`sandbox.files` and
 * each checkpoint's `changes.written`); the objects on the way are copied, the rest is shared.
 * Shapes it does not expect are left for `readSnapshot` to report.
 */
function mapFileRecords(value: unknown, change: (record: Record<string, unknown>) => Record<string, unknown>): unknown {
  if (!isObject(value) || !isObject(value.sandbox)) return value;
  const sandbox = value.sandbox;
  const records = (list: unknown) => (Array.isArray(list) ? list.map((record: unknown) => (isObject(record) ? change(record) : record)) : list);
  const checkpoint = (entry: unknown) =>
    isObject(entry) && isObject(entry.changes) ? { ...entry, changes: { ...entry.changes, written: records(entry.changes.written) } } : entry;
  return {
    ...value,
    sandbox: { ...sandbox, ...(sandbox.files !== undefined ? { files: records(sandbox.files) } : {}), ...(Array.isArray(sandbox.checkpoints) ? { checkpoints: sandbox.checkpoints.map(checkpoint) } : {}) },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
