/**
 * Reads a request's JSON body with a byte limit and a deadline that moves with the body, counting
 * bytes as they arrive (a missing or false `content-length` cannot get past the limit), giving up
 * on a body that stalls or trickles in (see `bodyDeadline`), and holding as few copies as it can:
 * one buffer for the bytes (sized by `content-length` when the request declares one), then the
 * text, then the parsed value, each dropped as soon as the next exists.
 */
import { readBodyBytes, type BodyLimits } from './read-body-bytes';
import { errorResponse } from './http-responses';

export type JsonBodyResult =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'too-large' | 'timeout' | 'invalid-json' | 'empty' | 'unreadable'; message: string };

export interface JsonBodyLimits extends BodyLimits {
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
  const read = await readBodyBytes(request, limits, 'send a JSON object');
  if (!read.ok) return read;
  return new TextDecoder().decode(read.bytes);
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
