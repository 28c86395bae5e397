/**
 * The absolute URL of a Node request, from its `Host` header and its target. A fetch handler
 * needs an absolute URL and Node gives only the pieces, so a `Host` that is not a host (`[::1`,
 * `a b`, `user@host`, empty, or none at all) has no URL: the adapter answers 400 rather than
 * making one up or failing with a 500.
 */
import type { IncomingMessage } from 'node:http';

/**
 * A host as RFC 3986 writes it: a bracketed IPv6 literal or a registered name (letters, digits,
 * `-._~`, percent escapes and sub-delimiters), then an optional port. No spaces, `@`, `/`, `?`, `#`.
 */
const hostPattern = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]+)(?::[0-9]{1,5})?$/;

/**
 * The request's URL, or `undefined` when its `Host` or target cannot make one.
 *
 * @example
 * ```ts
 * const url = requestUrl(request); // new URL('http://example.com/api/agent/tools?x=1')
 * if (!url) return refuse(response, 400, 'invalid-host', 'The request needs a valid Host header.');
 * ```
 */
export function requestUrl(request: IncomingMessage): URL | undefined {
  const host = request.headers.host;
  if (typeof host !== 'string' || !hostPattern.test(host)) return undefined;
  const protocol = (request.socket as { encrypted?: boolean } | null)?.encrypted ? 'https' : 'http';
  // Express strips its mount path from `url` and keeps the full one in `originalUrl`.
  const target = (request as IncomingMessage & { originalUrl?: string }).originalUrl ?? request.url ?? '/';
  try {
    const origin = new URL(`${protocol}://${host}`).origin;
    // Appended, not resolved: a target such as "//other.example/x" stays a path on this host.
    if (target.startsWith('/')) return new URL(`${origin}${target}`);
    // The absolute form ("GET http://host/path") that proxies send names its own origin.
    const absolute = new URL(target);
    return absolute.protocol === 'http:' || absolute.protocol === 'https:' ? absolute : undefined;
  } catch {
    return undefined;
  }
}
