/**
 * Reads a request's body as bytes with a byte limit and a deadline that moves with the body,
 * counting bytes as they arrive (a missing or false `content-length` cannot get past the limit)
 * and giving up on a body that stalls or trickles in (see `bodyDeadline`). The bytes go into one
 * buffer, sized by `content-length` when the request declares one.
 */
import { bodyDeadline, defaultMinBodyBytesPerSecond } from './body-deadline';

/** How much of a body a route reads, and how long it waits for it. */
export interface BodyLimits {
  /** Largest body, in bytes. */
  maxBytes: number;
  /** Longest gap between two bytes of the body (and before the first), in milliseconds. */
  timeoutMs: number;
  /** The slowest average the body may arrive at after its first `timeoutMs`, in bytes a second. Default 8 KiB. */
  minBytesPerSecond?: number;
}

/** The bytes of a body, or why they could not be read. */
export type BodyBytesResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too-large' | 'timeout' | 'empty' | 'unreadable'; message: string };

/**
 * @example
 * ```ts
 * const body = await readBodyBytes(request, { maxBytes: 25 * 1024 * 1024, timeoutMs: 30_000 }, 'send the audio');
 * if (!body.ok) return bodyErrorResponse(body);
 * ```
 */
export async function readBodyBytes(request: Request, limits: BodyLimits, whatToSend: string): Promise<BodyBytesResult> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limits.maxBytes) return tooLarge(limits.maxBytes);
  if (!request.body) return empty(whatToSend);
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
    // The body failed as it was read (the client went away, a proxy cut it): there is nothing to use.
    if (timedOut) return timeout();
    return { ok: false, reason: 'unreadable', message: 'The request body could not be read to its end.' };
  } finally {
    deadline.stop();
  }
  if (size === 0) return empty(whatToSend);
  return { ok: true, bytes: buffer.subarray(0, size) };
}

/** The first buffer of a body that does not declare its length; it doubles as needed. */
const initialBytes = 16 * 1024;

function grown(buffer: Uint8Array, used: number, bytes: number): Uint8Array {
  const next = new Uint8Array(bytes);
  next.set(buffer.subarray(0, used));
  return next;
}

function tooLarge(maxBytes: number): Extract<BodyBytesResult, { ok: false }> {
  return { ok: false, reason: 'too-large', message: `The request body exceeds ${maxBytes} bytes.` };
}

function empty(whatToSend: string): Extract<BodyBytesResult, { ok: false }> {
  return { ok: false, reason: 'empty', message: `The request has no body; ${whatToSend}.` };
}
