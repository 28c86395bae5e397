import type { McpServerConfig } from './mcp-server-config';

/** Shorter values are too likely to appear by chance ("1", "on") to be worth replacing. */
const minimumSecretLength = 4;

/**
 * The values of a server's configuration that must never appear in a message: environment and
 * header values, and the query values of its URL (API keys often travel there). Errors from the SDK, the network
 * or the server's own stderr may repeat them.
 *
 * @example
 * ```ts
 * secretsOf({ name: 'docs', transport: 'http', url: 'https://mcp.example.com/mcp?key=abc123', headers: { authorization: 'Bearer xyz789' } });
 * // ['Bearer xyz789', 'abc123']
 * ```
 */
export function secretsOf(config: McpServerConfig): string[] {
  const values: string[] = [];
  if (config.transport === 'stdio') values.push(...Object.values(config.env ?? {}));
  else {
    values.push(...Object.values(config.headers ?? {}));
    const url = new URL(config.url);
    values.push(...url.searchParams.values());
  }
  // Longest first, so a secret that contains another is replaced whole.
  return [...new Set(values.filter((value) => value.length >= minimumSecretLength))].sort((a, b) => b.length - a.length);
}

/**
 * Replaces every secret in a text with `[redacted]`.
 *
 * @example
 * ```ts
 * redact('401 for token abc123', ['abc123']); // '401 for token [redacted]'
 * ```
 */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) result = result.split(secret).join('[redacted]');
  return result;
}

/**
 * A one-line description of an error for people: its message, followed by its cause's when the
 * message alone says little (`fetch failed` hides `connect ECONNREFUSED 127.0.0.1:3000` in its
 * cause), and a hint for the common spawn failures.
 *
 * @example
 * ```ts
 * describeError(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }));
 * // 'fetch failed (connect ECONNREFUSED 127.0.0.1:9)'
 * ```
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  let text = error.message || error.name;
  const cause = error.cause;
  if (cause instanceof Error && cause.message && !text.includes(cause.message)) text += ` (${cause.message})`;
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT' && /spawn/.test(text)) text += ': the command was not found (check `command`, `cwd` and PATH)';
  else if (code === 'EACCES' && /spawn/.test(text)) text += ': the command is not executable';
  else if (typeof code === 'number' && code >= 100 && code < 600 && text.startsWith(httpErrorPrefix)) {
    // The SDK keeps the HTTP status in `code` only; it is the most telling part.
    text = `HTTP ${code}: ${text.slice(httpErrorPrefix.length)}`;
    if (code === 401 || code === 403) text += ' (check the credentials in `headers`)';
  }
  // An HTTP error carries the response body, which may be a whole HTML page.
  return text.length > maxDescriptionLength ? `${text.slice(0, maxDescriptionLength)}...` : text;
}

const httpErrorPrefix = 'Streamable HTTP error: ';
const maxDescriptionLength = 600;
