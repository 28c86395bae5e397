/**
 * Reads a request's JSON body with a byte limit, counting bytes as they arrive (a missing or
 * false `content-length` cannot get past it).
 */
export type JsonBodyResult = { ok: true; value: unknown } | { ok: false; reason: 'too-large' | 'invalid-json' | 'empty'; message: string };

/**
 * @example
 * ```ts
 * const body = await readJsonBody(request, 1024 * 1024);
 * if (!body.ok) return errorResponse(body.reason === 'too-large' ? 413 : 400, body.reason, body.message);
 * ```
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBodyResult> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge(maxBytes);
  if (!request.body) return { ok: false, reason: 'empty', message: 'The request has no body; send a JSON object.' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  if (size === 0) return { ok: false, reason: 'empty', message: 'The request has no body; send a JSON object.' };
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

function tooLarge(maxBytes: number): JsonBodyResult {
  return { ok: false, reason: 'too-large', message: `The request body exceeds ${maxBytes} bytes.` };
}
