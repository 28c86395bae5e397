/**
 * Code span scanning for the inline parser. A span closes at the next backtick run of exactly
 * the same length; runs proven to have no closer are remembered, so that text full of lone
 * backticks is scanned once rather than once per backtick.
 */

/**
 * Length of the run of `character` starting at `index`.
 *
 * @example
 * runLength('``a', 0, '`'); // 2
 */
export function runLength(source: string, index: number, character: string): number {
  let end = index;
  while (source[end] === character) end++;
  return end - index;
}

/**
 * Code span content as CommonMark shows it: line endings become spaces, and one space is
 * stripped from both sides so that `` `` `x` `` `` can show backticks.
 *
 * @example
 * codeText(' `x` '); // '`x`'
 */
export function codeText(content: string): string {
  const text = content.replace(/\n/g, ' ');
  return text.length > 2 && text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '' ? text.slice(1, -1) : text;
}

/**
 * Returns a scanner for code spans in `source`: called at a backtick, it returns the length
 * of the opening run and the index of the closing run, or -1 when there is none.
 *
 * @example
 * createCodeSpanScanner('`a` b')(0); // { length: 1, close: 2 }
 */
export function createCodeSpanScanner(source: string): (index: number) => { length: number; close: number } {
  // Run length -> an index from which no run of that length follows.
  const noCloserFrom = new Map<number, number>();
  return (index) => {
    const length = runLength(source, index, '`');
    const bound = noCloserFrom.get(length) ?? source.length;
    for (let search = index + length; search < bound; ) {
      const found = source.indexOf('`', search);
      if (found === -1) break;
      const foundLength = runLength(source, found, '`');
      if (foundLength === length) return { length, close: found };
      search = found + foundLength;
    }
    noCloserFrom.set(length, Math.min(bound, index + length));
    return { length, close: -1 };
  };
}
