/**
 * Scanners for the link syntaxes: `(destination "title")` after a link label, `<autolinks>`
 * and bare `https://` URLs. All run in linear time overall, however many `](` a text holds.
 */

/**
 * A parsed `(url "title")`; `end` is the index after the closing `)`.
 *
 * @example
 * createLinkScanner('[a](/x "T")')(3); // { url: '/x', title: 'T', end: 11 }
 */
export interface LinkTarget {
  url: string;
  title: string | undefined;
  end: number;
}

const ESCAPABLE = /^[!-/:-@[-`{-~]$/;
const ESCAPE = /\\([!-/:-@[-`{-~])/g;
const URI_AUTOLINK = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>/y;
const BARE_URL = /https?:\/\/[^\s<]+/y;
const TRAILING_PUNCTUATION = /[?!.,:;*_~'"]/;

/**
 * True for an ASCII punctuation character, the ones a backslash can escape.
 *
 * @example
 * isEscapable('*'); // true
 * isEscapable('a'); // false
 */
export function isEscapable(character: string | undefined): boolean {
  return character !== undefined && ESCAPABLE.test(character);
}

function unescape(text: string): string {
  return text.replace(ESCAPE, '$1');
}

function skipWhitespace(source: string, index: number): number {
  while (index < source.length && /[ \t\n]/.test(source[index] ?? '')) index++;
  return index;
}

/**
 * One pass over the text, so that each destination is found in O(1) instead of rescanning
 * to its end (`[a](` repeated 10k times would otherwise be quadratic): the `)` matching
 * each `(`, the paren depth before each index, and the next whitespace from each index.
 */
function indexParens(source: string): { match: Int32Array; depth: Int32Array; nextSpace: Int32Array } {
  const length = source.length;
  const match = new Int32Array(length).fill(-1);
  const depth = new Int32Array(length + 1);
  const nextSpace = new Int32Array(length + 1).fill(length);
  const open: number[] = [];
  for (let index = 0; index < length; index++) {
    depth[index] = open.length;
    const character = source[index];
    if (character === '\\' && isEscapable(source[index + 1])) depth[++index] = open.length;
    else if (character === '(') open.push(index);
    else if (character === ')' && open.length > 0) match[open.pop() ?? 0] = index;
  }
  depth[length] = open.length;
  for (let index = length - 1; index >= 0; index--) nextSpace[index] = source.charCodeAt(index) <= 0x20 ? index : (nextSpace[index + 1] ?? length);
  return { match, depth, nextSpace };
}

/**
 * Returns a scanner for the `(destination "title")` part of links in `source`: called with
 * the index just after a `]`, it returns the target, `null` when there is none, or
 * `'pending'` when the text ends inside it (the caller can then show the label without the
 * half-streamed URL). `<destination>` in angle brackets and `(title)` in parentheses are not
 * supported: models do not write them.
 *
 * @example
 * const scan = createLinkScanner('[a](https://exa');
 * scan(3); // 'pending'
 */
export function createLinkScanner(source: string): (start: number) => LinkTarget | 'pending' | null {
  let parens: ReturnType<typeof indexParens> | undefined;
  return (start) => {
    if (source[start] !== '(') return null;
    parens ??= indexParens(source);
    const urlStart = skipWhitespace(source, start + 1);
    const close = parens.match[start] ?? -1;
    const space = parens.nextSpace[urlStart] ?? source.length;
    // The destination ends at the `)` matching ours, or at whitespace with parens balanced.
    const destinationEnd = close !== -1 && close < space ? close : space;
    if (destinationEnd >= source.length) return 'pending';
    if (destinationEnd === space && parens.depth[space] !== parens.depth[urlStart]) return null;
    const url = unescape(source.slice(urlStart, destinationEnd));
    let index = skipWhitespace(source, destinationEnd);
    let title: string | undefined;
    const quote = source[index];
    if (index > destinationEnd && (quote === '"' || quote === "'")) {
      const end = source.indexOf(quote, index + 1);
      if (end === -1) return 'pending';
      title = unescape(source.slice(index + 1, end));
      index = skipWhitespace(source, end + 1);
    }
    if (index >= source.length) return 'pending';
    return source[index] === ')' ? { url, title, end: index + 1 } : null;
  };
}

/**
 * Matches a `<scheme:...>` autolink at `index` and returns its URL (e-mail autolinks are not supported).
 *
 * @example
 * scanAutolink('<https://a.example>', 0); // 'https://a.example'
 */
export function scanAutolink(source: string, index: number): string | null {
  URI_AUTOLINK.lastIndex = index;
  return URI_AUTOLINK.exec(source)?.[1] ?? null;
}

/**
 * Matches a bare `http://` or `https://` URL at `index` (GFM extended autolink). Trailing
 * punctuation and unbalanced `)` are left out: "see https://a.example/x)." links `.../x`.
 *
 * @example
 * scanBareUrl('https://a.example/x).', 0); // 'https://a.example/x'
 */
export function scanBareUrl(source: string, index: number): string | null {
  BARE_URL.lastIndex = index;
  const match = BARE_URL.exec(source)?.[0];
  if (match === undefined) return null;
  // Trim with an index and running counts: no re-slicing per character on `https://x.....`.
  let end = match.length;
  let unbalanced = match.split(')').length - match.split('(').length;
  for (;;) {
    const last = match[end - 1] ?? '';
    if (TRAILING_PUNCTUATION.test(last)) end--;
    else if (last === ')' && unbalanced > 0) {
      end--;
      unbalanced--;
    } else break;
  }
  const url = match.slice(0, end);
  // Require a host: `https://` alone, or followed only by punctuation, is not a link.
  return /^https?:\/\/[\p{L}\p{N}]/u.test(url) ? url : null;
}
