/**
 * Cross-origin access, off unless configured: without `cors` the browser's same-origin rule
 * stands and no CORS header is ever sent. With it, every response says `Vary: Origin` (refusals
 * and answers to other origins too), so a shared cache never hands one origin's answer, with or
 * without its `access-control-allow-origin`, to another.
 */
export interface CorsOptions {
  /** Origins allowed to call the handler, e.g. `['https://app.example.com']`. No wildcard: name them. */
  origins: readonly string[];
  /** Allow cookies and HTTP auth on cross-origin requests. Default false. */
  credentials?: boolean;
  /** How long a browser may cache a preflight answer. Default 600 s. */
  maxAgeSeconds?: number;
}

/**
 * The CORS headers for `request`: none without `cors`; `Vary: Origin` alone when its origin is
 * not allowed (or it has none); and the `access-control-allow-*` headers when it is.
 *
 * @example
 * ```ts
 * corsHeaders(request, { origins: ['https://app.example.com'] }); // { vary: 'Origin', 'access-control-allow-origin': 'https://app.example.com' }
 * ```
 */
export function corsHeaders(request: Request, cors: CorsOptions | undefined): Record<string, string> {
  if (!cors) return {};
  const origin = request.headers.get('origin');
  if (origin === null || !cors.origins.includes(origin)) return { vary: 'Origin' };
  return { vary: 'Origin', 'access-control-allow-origin': origin, ...(cors.credentials ? { 'access-control-allow-credentials': 'true' } : {}) };
}

/** The answer to a preflight `OPTIONS` request from an allowed origin; `methods` are those the handler's routes take. */
export function preflightResponse(request: Request, cors: CorsOptions, methods = 'GET, POST, OPTIONS'): Response {
  const headers = corsHeaders(request, cors);
  if (!headers['access-control-allow-origin']) return new Response(null, { status: 403, headers });
  return new Response(null, {
    status: 204,
    headers: {
      ...headers,
      'access-control-allow-methods': methods,
      'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? 'content-type',
      'access-control-max-age': String(cors.maxAgeSeconds ?? 600),
    },
  });
}

/** Validates the option up front: a wildcard or a malformed origin is a mistake to report at startup. */
export function assertCorsOptions(cors: CorsOptions): void {
  if (!Array.isArray(cors.origins)) throw new TypeError('createAgentHandler: `cors.origins` must be an array of origins, e.g. ["https://app.example.com"].');
  for (const origin of cors.origins) {
    if (origin === '*') throw new TypeError('createAgentHandler: `cors.origins` does not take "*": the handler spends your model budget, so name the origins that may use it.');
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new TypeError(`createAgentHandler: ${JSON.stringify(origin)} in \`cors.origins\` is not an origin such as "https://app.example.com".`);
    }
    if (parsed.origin !== origin) throw new TypeError(`createAgentHandler: ${JSON.stringify(origin)} in \`cors.origins\` is not an origin; did you mean ${JSON.stringify(parsed.origin)}?`);
  }
}
