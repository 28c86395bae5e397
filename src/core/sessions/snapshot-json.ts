/**
 * Bytes in JSON, the way a session file (`writeSessionFile`) and the session routes between the
 * browser and the server both carry them: every `Uint8Array` (a binary file in a checkpoint, say)
 * travels as `{ "$bytes": base64 }`. Written once here, so the file and the wire cannot drift apart.
 */
import { base64ToBytes, bytesToBase64 } from '../persistence/base64';
import { PersistenceError } from '../persistence/persistence-error';

const bytesKey = '$bytes';

/**
 * A `JSON.stringify` replacer that writes every `Uint8Array` as `{ $bytes: base64 }`.
 *
 * @example
 * ```ts
 * const text = JSON.stringify({ snapshot: agent.snapshot() }, bytesReplacer);
 * ```
 */
export function bytesReplacer(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? { [bytesKey]: bytesToBase64(value) } : value;
}

/**
 * A `JSON.parse` reviver that reads every `{ $bytes: base64 }` back into a `Uint8Array`; one that
 * is not base64 throws `refuse()` (what the caller's readers should hear: a damaged file, a server
 * that sent something wrong).
 *
 * @example
 * ```ts
 * const value = JSON.parse(text, bytesReviver(() => new PersistenceError('corrupt', 'Not base64.')));
 * ```
 */
export function bytesReviver(refuse: () => PersistenceError): (key: string, value: unknown) => unknown {
  return (_key, value) => {
    if (typeof value !== 'object' || value === null || Object.keys(value).length !== 1 || !(bytesKey in value)) return value;
    const bytes = base64ToBytes(String((value as Record<string, unknown>)[bytesKey]));
    if (!bytes) throw refuse();
    return bytes;
  };
}

/**
 * `value` as plain JSON data, bytes as `{ $bytes: base64 }` (for a server that answers with it).
 *
 * @example
 * ```ts
 * return jsonResponse({ ...session, snapshot: snapshotToJson(session.snapshot) });
 * ```
 */
export function snapshotToJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, bytesReplacer)) as unknown;
}

/**
 * The reverse of `snapshotToJson`; throws `invalid-record` for bytes that are not base64. Check
 * the result with `readSnapshot` (or a store's own rules).
 *
 * @example
 * ```ts
 * await store.save(userId, { id, snapshot: snapshotFromJson(body.snapshot) }, expectedRevision);
 * ```
 */
export function snapshotFromJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), bytesReviver(() => new PersistenceError('invalid-record', 'The conversation holds binary content that is not valid base64.'))) as unknown;
}
