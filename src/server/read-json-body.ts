/**
 * Reads a request's JSON body with a byte limit and a deadline that moves with the body, counting
 * bytes as they arrive (a missing or false `content-length` cannot get past the limit), giving up
 * on a body that stalls or trickles in (see `bodyDeadline`), and holding as few copies as it can:
 * one buffer for the bytes (sized by `content-length` when the request declares one), then the
 * text, then the parsed value, each dropped as soon as the next exists.
 */
import { bodyDeadline, defaultMinBodyBytesPerSecond } from './body-deadline';
import { errorResponse } from './http-responses';

export type JsonBodyResult =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'too-large' | 'timeout' | 'invalid-json' | 'empty' | 'unreadable'; message: string };

export interface JsonBodyLimits {
  /** Largest body, in bytes. */
  maxBytes: number;
  /** Longest gap between two bytes of the body (and before the first), in milliseconds. */
  timeoutMs: number;
  /** The slowest average the body may arrive at after its first `timeoutMs`, in bytes a second. Default 8 KiB. */
  minBytesPerSecond?: number;
  /** A `JSON.parse` reviver, so that what the route would convert is converted in the one parse. What it throws is a 400 with its message. */
  reviver?: (key: string, value: unknown) => unknown;
}

/**
 * @example
 * ```ts
 * const body = await readJsonBody(request, { maxBytes: 1024 * 1024, timeoutMs: 30_000 });
 * if (!body.ok) return bodyErrorResponse(body);
 * ```
 */
export async function readJsonBody(request: Request, limits: JsonBodyLimits): Promise<JsonBodyResult> {
  // The bytes stay inside readText: only the text lives on while it is parsed.
  const read = await readText(request, limits);
  if (typeof read !== 'string') return read;
  try {
    return { ok: true, value: JSON.parse(read, limits.reviver) };
  } catch (error) {
    if (error instanceof SyntaxError) return { ok: false, reason: 'invalid-json', message: 'The request body is not valid JSON.' };
    return { ok: false, reason: 'invalid-json', message: error instanceof Error ? error.message : 'The request body could not be read as JSON.' };
  }
}

/** The body as text, or why it could not be read. */
async function readText(request: Request, limits: JsonBodyLimits): Promise<string | Extract<JsonBodyResult, { ok: false }>> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limits.maxBytes) return tooLarge(limits.maxBytes);
  if (!request.body) return empty();
  const reader = request.body.getReader();
  let timedOut = false;
  // Cancelling the reader ends a pending read, so a body that never ends cannot keep us waiting.
  const deadline = bodyDeadline({ idleMs: limits.timeoutMs, minBytesPerSecond: limits.minBytesPerSecond ?? defaultMinBodyBytesPerSecond }, () => {
    timedOut = true;
    reader.cancel().catch(() => {});
  });
  const timeout = () => ({ ok: false, reason: 'timeout', message: `The request body stopped arriving (nothing for ${limits.timeoutMs} ms, or slower than the server accepts).` }) as const;
  // The chunks go straight into one buffer: no list of chunks and no second, joined copy.
  let buffer: Uint8Array = new Uint8Array(Number.isSafeInteger(declared) && declared > 0 ? declared : initialBytes);
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (timedOut) return timeout();
      if (done) break;
      deadline.progress(value.byteLength);
      if (size + value.byteLength > limits.maxBytes) {
        await reader.cancel().catch(() => {});
        return tooLarge(limits.maxBytes);
      }
      if (size + value.byteLength > buffer.byteLength) buffer = grown(buffer, size, Math.min(limits.maxBytes, Math.max(buffer.byteLength * 2, size + value.byteLength)));
      buffer.set(value, size);
      size += value.byteLength;
    }
  } catch {
    // The body failed as it was read (the client went away, a proxy cut it): there is nothing to parse.
    if (timedOut) return timeout();
    return { ok: false, reason: 'unreadable', message: 'The request body could not be read to its end.' };
  } finally {
    deadline.stop();
  }
  if (size === 0) return empty();
  return new TextDecoder().decode(buffer.subarray(0, size));
}

/** The first buffer of a body that does not declare its length; it doubles as needed. */
const initialBytes = 16 * 1024;

function grown(buffer: Uint8Array, used: number, bytes: number): Uint8Array {
  const next = new Uint8Array(bytes);
  next.set(buffer.subarray(0, used));
  return next;
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

function tooLarge(maxBytes: number): Extract<JsonBodyResult, { ok: false }> {
  return { ok: false, reason: 'too-large', message: `The request body exceeds ${maxBytes} bytes.` };
}

function empty(): Extract<JsonBodyResult, { ok: false }> {
  return { ok: false, reason: 'empty', message: 'The request has no body; send a JSON object.' };
}
