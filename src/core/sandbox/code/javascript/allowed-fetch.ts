/**
 * The host's half of a program's `fetch` when the app allowed some origins: the origin is checked
 * against the list before anything is sent, redirects are refused (one could lead anywhere), and
 * the answer is read whole (up to a cap) and handed back as JSON.
 */

/** The most bytes of a response body a program receives. */
const maxBodyChars = 5_000_000;

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new TypeError(`fetch: ${url} is not an absolute URL`);
  }
}

/**
 * Performs a program's request if its origin is allowed; rejects with a sentence otherwise.
 *
 * @example
 * ```ts
 * const answer = await allowedFetch('https://api.example.com/v1', '{"method":"GET","headers":[]}', ['https://api.example.com'], signal);
 * ```
 */
export async function allowedFetch(url: string, initJson: string, allowedOrigins: readonly string[], signal: AbortSignal | undefined): Promise<string> {
  const origin = originOf(url);
  if (!allowedOrigins.includes(origin)) {
    throw new Error(`fetch to ${origin} is not allowed: code in the sandbox may reach only ${allowedOrigins.join(', ')}`);
  }
  const init = JSON.parse(initJson) as { method: string; headers: [string, string][]; body?: string };
  const response = await fetch(url, { method: init.method, headers: init.headers, ...(init.body === undefined ? {} : { body: init.body }), redirect: 'error', ...(signal === undefined ? {} : { signal }) });
  const body = await response.text();
  return JSON.stringify({
    status: response.status,
    statusText: response.statusText,
    url: response.url,
    headers: [...response.headers.entries()],
    body: body.length > maxBodyChars ? body.slice(0, maxBodyChars) : body,
  });
}
