/**
 * The JSON object that a server-sent event carries as its data, or `undefined` when the data is
 * not a JSON object (a keep-alive some servers send as data, say): the stream readers skip such
 * an event. The shape is the caller's to check, field by field, as it reads.
 *
 * @example
 * ```ts
 * parseEventData<{ type?: string }>('{"type":"ping"}'); // { type: 'ping' }
 * parseEventData('keep-alive'); // undefined
 * ```
 */
export function parseEventData<T extends object>(data: string): T | undefined {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}
