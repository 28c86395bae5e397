/**
 * Line classifiers for the block parser. Each looks at one line, without regexes that can
 * backtrack, so a 50 KB line of spaces or `#` costs one pass.
 */

/**
 * An opening code fence: ```` ```ts ```` or `~~~`.
 *
 * @example
 * matchFence('```ts'); // { indent: 0, character: '`', length: 3, language: 'ts' }
 */
export interface FenceMarker {
  /** Columns of indentation of the opening fence, removed from each content line. */
  indent: number;
  character: '`' | '~';
  length: number;
  language: string;
}

/**
 * A list item marker (`-`, `+`, `*`, `1.`, `1)`) and the content after it.
 *
 * @example
 * matchListMarker('2. two'); // { indent: 0, ordered: true, bullet: '.', start: 2, contentIndent: 3, content: 'two' }
 */
export interface ListMarker {
  indent: number;
  ordered: boolean;
  /** The bullet character, or the delimiter (`.` or `)`) of an ordered marker. */
  bullet: string;
  start: number;
  /** Column where the item's content starts; continuation lines are stripped to it. */
  contentIndent: number;
  content: string;
}

const BLANK = /^[ \t]*$/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const HEADING = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const THEMATIC_BREAK = /^([-*_])\1{2,}$/;
const QUOTE = /^ {0,3}>/;
// Any indentation: nested lists are often indented more than CommonMark allows.
const LIST_MARKER = /^[ \t]*(?:([-+*])|(\d{1,9})([.)]))(?=[ \t]|$)/;

/**
 * True for an empty or whitespace-only line.
 *
 * @example
 * isBlank(' \t'); // true
 */
export function isBlank(line: string): boolean {
  return BLANK.test(line);
}

/**
 * Width of the leading whitespace in columns; a tab advances to the next multiple of 4.
 *
 * @example
 * indentWidth('\t  x'); // 6
 */
export function indentWidth(line: string): number {
  let column = 0;
  for (let index = 0; index < line.length; index++) {
    const character = line[index];
    if (character === ' ') column++;
    else if (character === '\t') column += 4 - (column % 4);
    else break;
  }
  return column;
}

/**
 * Removes up to `columns` columns of leading whitespace, splitting a tab when needed.
 *
 * @example
 * stripIndent('    code', 2); // '  code'
 */
export function stripIndent(line: string, columns: number): string {
  let column = 0;
  let index = 0;
  while (index < line.length && column < columns) {
    const character = line[index];
    if (character === ' ') column++;
    else if (character === '\t') {
      const next = column + 4 - (column % 4);
      if (next > columns) return ' '.repeat(next - columns) + line.slice(index + 1);
      column = next;
    } else break;
    index++;
  }
  return line.slice(index);
}

/**
 * Matches an opening code fence. A backtick fence's info string may not contain backticks.
 *
 * @example
 * matchFence('~~~ python extra')?.language; // 'python'
 */
export function matchFence(line: string): FenceMarker | null {
  const match = FENCE_OPEN.exec(line);
  const run = match?.[1];
  if (!match || run === undefined) return null;
  const character = run[0] === '~' ? '~' : '`';
  const info = line.slice(match[0].length).trim();
  if (character === '`' && info.includes('`')) return null;
  // Only a class-name-safe first word: the language becomes `class="language-x"` and a label.
  const language = (info.split(/[ \t]/, 1)[0] ?? '').replace(/[^\w#+.-]/g, '');
  return { indent: indentWidth(line), character, length: run.length, language };
}

/**
 * True when `line` closes `fence`: same character, at least as long, nothing after it.
 *
 * @example
 * closesFence('````', matchFence('```')!); // true
 */
export function closesFence(line: string, fence: FenceMarker): boolean {
  const run = FENCE_CLOSE.exec(line)?.[1];
  return run !== undefined && run[0] === fence.character && run.length >= fence.length;
}

/**
 * Matches an ATX heading (`# Title`, optionally closed by `#`s).
 *
 * @example
 * matchHeading('## Title ##'); // { level: 2, text: 'Title' }
 */
export function matchHeading(line: string): { level: 1 | 2 | 3 | 4 | 5 | 6; text: string } | null {
  const match = HEADING.exec(line);
  if (!match) return null;
  let text = line.slice(match[0].length).trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  // A closing sequence counts only when separated by a space: `# C#` keeps its `#`.
  if (end === 0) text = '';
  else if (end < text.length && (text[end - 1] === ' ' || text[end - 1] === '\t')) text = text.slice(0, end).trimEnd();
  return { level: (match[1]?.length ?? 1) as 1 | 2 | 3 | 4 | 5 | 6, text };
}

/**
 * True for `---`, `***`, `___` (three or more, spaces allowed between).
 *
 * @example
 * isThematicBreak('* * *'); // true
 */
export function isThematicBreak(line: string): boolean {
  return indentWidth(line) <= 3 && THEMATIC_BREAK.test(line.replace(/[ \t]/g, ''));
}

/**
 * True when the line starts a blockquote (`> text`).
 *
 * @example
 * isQuote('> quoted'); // true
 */
export function isQuote(line: string): boolean {
  return QUOTE.test(line);
}

/**
 * Matches a list item marker; `null` for thematic breaks such as `- - -`.
 *
 * @example
 * matchListMarker('- [ ] task')?.content; // '[ ] task'
 */
export function matchListMarker(line: string): ListMarker | null {
  const match = LIST_MARKER.exec(line);
  if (!match || isThematicBreak(line)) return null;
  const indent = indentWidth(line);
  const markerEnd = indent + match[0].trimStart().length;
  const after = line.slice(match[0].length);
  const spaces = indentWidth(after);
  // Blank content or 5+ spaces: content starts one column after the marker (CommonMark).
  const contentIndent = isBlank(after) || spaces > 4 ? markerEnd + 1 : markerEnd + spaces;
  return {
    indent,
    ordered: match[2] !== undefined,
    bullet: match[1] ?? match[3] ?? '.',
    start: match[2] === undefined ? 1 : Number(match[2]),
    contentIndent,
    content: after.replace(/^[ \t]+/, ''),
  };
}

/**
 * True when the line starts a block that interrupts a paragraph. Following CommonMark, an
 * empty list item or an ordered item not starting at 1 does not, so "in 2024. we" stays text.
 *
 * @example
 * startsBlock('- item'); // true
 * startsBlock('2. item'); // false
 */
export function startsBlock(line: string): boolean {
  if (matchFence(line) || matchHeading(line) || isThematicBreak(line) || isQuote(line)) return true;
  const marker = matchListMarker(line);
  return marker !== null && marker.indent <= 3 && marker.content !== '' && (!marker.ordered || marker.start === 1);
}
