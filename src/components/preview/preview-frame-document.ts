/**
 * What goes into the preview's frame before the page's own markup: a Content-Security-Policy
 * that allows no network (scripts, styles, images and fonts only from the document itself and
 * `data:`/`blob:` URLs; `connect-src 'none'`) unless the app lists origins, and a small script
 * that sends the page's console, uncaught errors and unhandled rejections to the preview's owner.
 */

/**
 * The origins from `allowed` that can be put in a policy: `http(s)://` and `ws(s)://` origins
 * (a `*.` subdomain wildcard and a port allowed). Anything else (a path, a keyword, `*`, a quote)
 * is dropped, so a prop cannot widen the policy by accident.
 *
 * @example
 * ```ts
 * policyOrigins(['https://api.example.com', "'unsafe-eval'", '*']); // ['https://api.example.com']
 * ```
 */
export function policyOrigins(allowed: readonly string[] | undefined): string[] {
  const origin = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;
  return (Array.isArray(allowed) ? allowed : []).filter((value): value is string => typeof value === 'string' && origin.test(value));
}

/**
 * The frame's policy: inline scripts and styles (the page is built into one document), `data:`
 * and `blob:` URLs (its modules, images and fonts), and the allowed origins; nothing else loads,
 * connects, frames, submits or sets a base URL.
 *
 * @example
 * ```ts
 * previewContentSecurityPolicy([]); // "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval' data: blob:; ...; connect-src 'none'; ..."
 * ```
 */
export function previewContentSecurityPolicy(allowedOrigins: readonly string[] | undefined): string {
  const origins = policyOrigins(allowedOrigins);
  const list = (base: string) => [base, ...origins].join(' ');
  return [
    "default-src 'none'",
    // The page's code is untrusted anyway (it runs with an opaque origin): inline and eval are its own business.
    list("script-src 'unsafe-inline' 'unsafe-eval' data: blob:"),
    list("style-src 'unsafe-inline' data: blob:"),
    list('img-src data: blob:'),
    list('font-src data:'),
    list('media-src data: blob:'),
    origins.length > 0 ? `connect-src ${origins.join(' ')}` : "connect-src 'none'",
    "worker-src 'none'",
    "frame-src 'none'",
    "child-src 'none'",
    "object-src 'none'",
    "manifest-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * The script that reports to the owner: each message is `{ channel, entry }`, posted to the
 * parent; the owner checks the sender is its frame and the channel is the document it built.
 * Written as a function so that it is checked code, then sent as its source text.
 */
function reporter(channel: string, entryFile: string): void {
  const post = (entry: Record<string, unknown>) => {
    try {
      parent.postMessage({ channel, entry }, '*');
    } catch {
      // A value that cannot be cloned: nothing to report.
    }
  };
  const show = (value: unknown): string => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
    if (typeof value !== 'object' || value === null) return String(value);
    try {
      return (JSON.stringify(value) as string | undefined)?.slice(0, 4_000) ?? Object.prototype.toString.call(value);
    } catch {
      return Object.prototype.toString.call(value);
    }
  };
  // Module files' URLs are data: URLs that carry their sandbox path (x-file=...); inline scripts are the entry's.
  const place = (filename: string, line: number, column: number) => {
    const named = /x-file=([^;,]+)/.exec(filename);
    const file = named ? decodeURIComponent(named[1]!) : filename.startsWith('/') ? filename : filename === 'about:srcdoc' ? entryFile : undefined;
    return file === undefined ? undefined : { file, line, column };
  };
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level];
    console[level] = (...values: unknown[]) => {
      post({ kind: 'console', level, text: values.map(show).join(' ') });
      original.apply(console, values);
    };
  }
  addEventListener('error', (event) => {
    const error: unknown = event.error;
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(event.message).replace(/^Uncaught /, '');
    post({ kind: 'error', text, source: place(String(event.filename ?? ''), event.lineno, event.colno), stack: error instanceof Error ? error.stack : undefined });
  });
  addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    post({ kind: 'rejection', text: show(reason), stack: reason instanceof Error ? reason.stack : undefined });
  });
  addEventListener('securitypolicyviolation', (event) => {
    post({ kind: 'console', level: 'warn', text: `Blocked by the preview's policy (no network unless the app allows an origin): ${event.blockedURI || 'inline'} (${event.effectiveDirective})` });
  });
  addEventListener('load', () => post({ kind: 'loaded' }));
}

/**
 * The elements that open the frame's `<head>`, as markup: the policy (first, so that it governs
 * everything after it), no referrer, and the reporter.
 *
 * @example
 * ```ts
 * previewHeadMarkup({ channel: 'preview-1', entry: '/index.html', allowedOrigins: [] });
 * ```
 */
export function previewHeadMarkup(options: { channel: string; entry: string; allowedOrigins?: readonly string[] }): string {
  const policy = previewContentSecurityPolicy(options.allowedOrigins).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const script = `(${reporter.toString()})(${JSON.stringify(options.channel)}, ${JSON.stringify(options.entry)});`.replace(/<\/script/gi, '<\\/script');
  return `<meta http-equiv="Content-Security-Policy" content="${policy}"><meta name="referrer" content="no-referrer"><script>${script}</script>`;
}
