/**
 * The server's responses in one place: JSON bodies, NDJSON streams, and refusals that carry a
 * `BridgeErrorBody` (a code for code, a message for people, nothing internal).
 */
import { type BridgeError, type BridgeErrorBody } from '../core/index';
import { ndjsonContentType } from '../core/internal';

/** A JSON response. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers } });
}

/**
 * A refusal: `{ error: { code, message } }` with its status.
 *
 * @example
 * ```ts
 * return errorResponse(404, 'not-found', 'There is no tool named "x".');
 * ```
 */
export function errorResponse(status: number, code: string, message: string, headers: Record<string, string> = {}, extra: Partial<BridgeError> = {}): Response {
  const body: BridgeErrorBody = { error: { ...extra, code, message } };
  return jsonResponse(body, status, headers);
}

/**
 * Streams `lines` as NDJSON, one JSON object per line, flushed as each is produced. A line that
 * cannot be serialized is replaced by `fallback(error)` so the stream stays well formed.
 */
export function ndjsonResponse(lines: AsyncIterable<unknown>, fallback: (error: unknown) => unknown): Response {
  const encoder = new TextEncoder();
  const iterator = lines[Symbol.asyncIterator]();
  // Set when the client goes away: a line produced after that has nowhere to go.
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let line: string;
      let last = false;
      try {
        const { done, value } = await iterator.next();
        if (done) {
          if (!cancelled) controller.close();
          return;
        }
        line = serialize(value, fallback);
      } catch (error) {
        if (cancelled) return;
        line = serialize(fallback(error), fallback);
        last = true;
      }
      if (cancelled) return;
      controller.enqueue(encoder.encode(`${line}\n`));
      if (last) controller.close();
    },
    async cancel() {
      cancelled = true;
      await iterator.return?.();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': ndjsonContentType, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } });
}

function serialize(value: unknown, fallback: (error: unknown) => unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    return JSON.stringify(fallback(error));
  }
}
