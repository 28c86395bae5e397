/**
 * Reads a request's JSON body with a byte limit and a deadline, counting bytes as they arrive (a
 * missing or false `content-length` cannot get past the limit) and giving up on a body that
 * trickles in (a client that sends a byte a second cannot hold the handler for long).
 */
import { errorResponse } from './http-responses';

export type JsonBodyResult =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'too-large' | 'timeout' | 'invalid-json' | 'empty' | 'unreadable'; message: string };

export interface JsonBodyLimits {
  /** Largest body, in bytes. */
  maxBytes: number;
  /** How long the whole body may take to arrive, from the first read, in milliseconds. */
  timeoutMs: number;
}

/**
 * @example
 * ```ts
 * const body = await readJsonBody(request, { maxBytes: 1024 * 1024, timeoutMs: 30_000 });
 * if (!body.ok) return bodyErrorResponse(body);
 * ```
 */
export async function readJsonBody(request: Request, limits: JsonBodyLimits): Promise<JsonBodyResult> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limits.maxBytes) return tooLarge(limits.maxBytes);
  if (!request.body) return empty();
  const reader = request.body.getReader();
  let timedOut = false;
  // Cancelling the reader ends a pending read, so a body that never ends cannot keep us waiting.
  // A deadline past what a timer can hold (`Infinity`) means none.
  const timer =
    limits.timeoutMs <= maxTimerMs
      ? setTimeout(() => {
          timedOut = true;
          reader.cancel().catch(() => {});
        }, limits.timeoutMs)
      : undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (timedOut) return { ok: false, reason: 'timeout', message: `The request body did not arrive within ${limits.timeoutMs} ms.` };
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) {
        await reader.cancel().catch(() => {});
        return tooLarge(limits.maxBytes);
      }
      chunks.push(value);
    }
  } catch {
    // The body failed as it was read (the client went away, a proxy cut it): there is nothing to parse.
    if (timedOut) return { ok: false, reason: 'timeout', message: `The request body did not arrive within ${limits.timeoutMs} ms.` };
    return { ok: false, reason: 'unreadable', message: 'The request body could not be read to its end.' };
  } finally {
    clearTimeout(timer);
  }
  if (size === 0) return empty();
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { ok: false, reason: 'invalid-json', message: 'The request body is not valid JSON.' };
  }
}

/**
 * The refusal for a body that could not be read: 413 past the limit, 408 past the deadline, 400 otherwise.
 *
 * @example
 * ```ts
 * if (!body.ok) return bodyErrorResponse(body); // 413 { error: { code: 'body-too-large', … } }
 * ```
 */
export function bodyErrorResponse(result: Extract<JsonBodyResult, { ok: false }>): Response {
  if (result.reason === 'too-large') return errorResponse(413, 'body-too-large', result.message);
  if (result.reason === 'timeout') return errorResponse(408, 'body-timeout', result.message);
  return errorResponse(400, 'invalid-request', result.message);
}

const maxTimerMs = 2 ** 31 - 1;

function tooLarge(maxBytes: number): JsonBodyResult {
  return { ok: false, reason: 'too-large', message: `The request body exceeds ${maxBytes} bytes.` };
}

function empty(): JsonBodyResult {
  return { ok: false, reason: 'empty', message: 'The request has no body; send a JSON object.' };
}
