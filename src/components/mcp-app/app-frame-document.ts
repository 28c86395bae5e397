/**
 * The document an MCP App runs in: its HTML after a Content-Security-Policy `<meta>` that allows
 * no network unless its server asked for domains and the app (the host) allows them. Scripts and
 * styles may only be inline (the app is one HTML resource). The frame itself is sandboxed
 * (`allow-scripts` only: an opaque origin, no access to the page, its cookies or its storage).
 */

/** What a resource asks for: `_meta.ui.csp` of its server. */
export interface AppDomainsRequest {
  connectDomains?: readonly string[];
  resourceDomains?: readonly string[];
}

/**
 * The domains both asked for by the resource and allowed by the host. A domain must be an
 * `https:` or `wss:` origin (a `*.` subdomain wildcard allowed) to count; anything else (a
 * path, a quote, a keyword like `'unsafe-eval'`, `*`, `http:`) is dropped, so the policy cannot
 * be widened through the resource's metadata.
 *
 * @example
 * ```ts
 * grantedDomains(['https://api.example.com', 'https://evil.example'], ['https://api.example.com']); // ['https://api.example.com']
 * ```
 */
export function grantedDomains(asked: readonly string[] | undefined, allowed: readonly string[]): string[] {
  const origin = /^(https|wss):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;
  return (asked ?? []).filter((domain) => origin.test(domain) && allowed.includes(domain));
}

/**
 * The frame's policy: nothing but inline scripts and styles, and data: images; the granted
 * domains added to `connect-src` and to the resource directives.
 *
 * @example
 * ```ts
 * appContentSecurityPolicy({}, []); // "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; ..."
 * ```
 */
export function appContentSecurityPolicy(asked: AppDomainsRequest, allowed: readonly string[]): string {
  const connect = grantedDomains(asked.connectDomains, allowed);
  const resource = grantedDomains(asked.resourceDomains, allowed);
  const list = (base: string, extra: readonly string[]) => [base, ...extra].join(' ');
  return [
    "default-src 'none'",
    list("script-src 'unsafe-inline'", resource),
    list("style-src 'unsafe-inline'", resource),
    list('img-src data:', resource),
    list('font-src data:', resource),
    list('media-src data:', resource),
    connect.length > 0 ? `connect-src ${connect.join(' ')}` : "connect-src 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * The `srcdoc` of the app's frame: the policy is the first thing parsed, so it governs all of
 * the app's markup (a `<meta>` policy applies only to what comes after it). The app's own
 * `<!doctype>`, `<html>` and `<head>` that follow are merged into this document by the parser.
 *
 * @example
 * ```ts
 * appFrameDocument('<p>Hi</p>', "default-src 'none'");
 * ```
 */
export function appFrameDocument(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
  return `<!doctype html><html><head>${meta}<meta name="referrer" content="no-referrer">${html}`;
}
