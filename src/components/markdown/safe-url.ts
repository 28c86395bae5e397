/**
 * URL allowlist for links produced by the markdown renderer.
 *
 * Model output is untrusted: a prompt injection can make a model emit `[click](javascript:...)`.
 * React does not block such hrefs, so every link goes through {@link safeUrl} first.
 */

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

// Only the names that can help spell a scheme or are common in URLs; anything else stays
// encoded, and the scheme check below refuses a URL whose scheme part still contains `&`.
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  apos: "'",
  colon: ':',
  gt: '>',
  lt: '<',
  newline: '\n',
  nbsp: '\u00a0',
  quot: '"',
  sol: '/',
  tab: '\t',
};

// Numeric references may omit the `;` (browsers accept `&#106avascript:`); named ones may
// not: no legacy name that HTML decodes without `;` spells a scheme character.
const ENTITY = /&(?:#[xX]([0-9a-fA-F]{1,6});?|#(\d{1,7});?|([a-zA-Z][a-zA-Z0-9]{1,31});)/g;

function decodeEntities(value: string): string {
  return value.replace(ENTITY, (match, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? match;
    const codePoint = hex !== undefined ? Number.parseInt(hex, 16) : Number(decimal);
    // Invalid code points decode to U+FFFD like in HTML, never to a throw.
    return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '\ufffd';
  });
}

/**
 * True when the URL names a scheme (a `:` before any `/`, `?` or `#`) that is not allowed.
 * Anything odd before the `:` (spaces, controls, `&`, `%`) makes the scheme not allowed, so
 * obfuscations are refused without having to know how a browser would read them.
 */
function hasRefusedScheme(value: string): boolean {
  const colon = value.indexOf(':');
  const pathStart = value.search(/[/?#]/);
  return colon !== -1 && (pathStart === -1 || pathStart > colon) && !ALLOWED_SCHEMES.has(value.slice(0, colon).toLowerCase());
}

// A loop rather than a `\s+$` regex: that regex backtracks quadratically on long inner runs.
function trimControls(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
  return value.slice(start, end);
}

/**
 * Returns a URL that is safe to put in an `href`, or `null` when it must not be linked.
 *
 * Allowed: `http:`, `https:`, `mailto:`, and relative, protocol-relative and `#anchor` URLs.
 * Everything else (`javascript:`, `vbscript:`, `data:`, `file:`, unknown schemes) is refused,
 * including obfuscated spellings: mixed case, leading whitespace or control characters, tabs or
 * newlines inside the scheme, and HTML character references such as `&#106;avascript:`.
 * The returned URL has character references decoded (as CommonMark does) and tabs and
 * newlines removed (as browsers do).
 *
 * @example
 * safeUrl('https://example.com/a?b=1'); // 'https://example.com/a?b=1'
 * safeUrl('#section-2');                // '#section-2'
 * safeUrl('&#106;avascript:alert(1)');  // null
 */
export function safeUrl(url: string): string | null {
  const decoded = trimControls(decodeEntities(url).replace(/[\t\n\r]/g, ''));
  // The check also sees through double encoding (`&amp;#106;`), in case the URL is ever
  // decoded again downstream.
  let checked = decoded;
  for (let round = 0; round < 3; round++) checked = decodeEntities(checked);
  return decoded === '' || hasRefusedScheme(decoded) || hasRefusedScheme(checked) ? null : decoded;
}
