import { indentWidth, isBlank, startsBlock } from './block-lines';

/**
 * Column alignment from a GFM delimiter row (`:--`, `:-:`, `--:`, `---`).
 *
 * @example
 * // '|:--|:-:|--:|---|' -> ['left', 'center', 'right', 'none']
 */
export type TableAlignment = 'left' | 'center' | 'right' | 'none';

/**
 * A GFM table; cells hold inline markdown source, parsed when rendered.
 *
 * @example
 * parseBlocks('| a |\n|:-:|\n| 1 |')[0]; // { type: 'table', header: ['a'], align: ['center'], rows: [['1']], raw }
 */
export interface MarkdownTable {
  type: 'table';
  raw: string;
  align: TableAlignment[];
  header: string[];
  rows: string[][];
}

const DELIMITER_CELL = /^:?-+:?$/;
const DELIMITER_ROW = /^[ \t|:-]+$/;

/**
 * Splits a table row into trimmed cells. Outer pipes are optional; `\|` is a literal pipe
 * (GFM), also inside code spans.
 *
 * @example
 * splitTableRow('| a | b\\|c |'); // ['a', 'b|c']
 */
export function splitTableRow(line: string): string[] {
  const text = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return text.split(/(?<!\\)\|/).map((cell) => cell.replace(/\\\|/g, '|').trim());
}

function alignmentOf(cell: string): TableAlignment {
  const left = cell.startsWith(':');
  const right = cell.endsWith(':');
  if (left && right) return 'center';
  if (right) return 'right';
  return left ? 'left' : 'none';
}

/**
 * Reads the header and delimiter row at `index`, or `null` when they do not form a table.
 * While streaming, a header whose delimiter row is incomplete is not a table yet, so it
 * renders as a paragraph until the row arrives.
 *
 * @example
 * matchTableHeader(['| a |', '| --: |'], 0); // { header: ['a'], align: ['right'] }
 */
export function matchTableHeader(lines: readonly string[], index: number): { header: string[]; align: TableAlignment[] } | null {
  const headerLine = lines[index];
  const delimiterLine = lines[index + 1];
  if (headerLine === undefined || delimiterLine === undefined || !headerLine.includes('|')) return null;
  if (!DELIMITER_ROW.test(delimiterLine) || !delimiterLine.includes('-')) return null;
  if (indentWidth(headerLine) > 3 || indentWidth(delimiterLine) > 3) return null;
  const delimiters = splitTableRow(delimiterLine);
  const header = splitTableRow(headerLine);
  if (header.length !== delimiters.length || !delimiters.every((cell) => DELIMITER_CELL.test(cell))) return null;
  return { header, align: delimiters.map(alignmentOf) };
}

/**
 * Parses a table starting at `start` (whose header was matched by {@link matchTableHeader});
 * returns the table and the index of the first line after it. Body rows run until a blank
 * line or another block; short rows are padded and long rows cut to the header's width.
 *
 * @example
 * const [table, next] = parseTable(lines, index) ?? [];
 */
export function parseTable(lines: readonly string[], start: number): [MarkdownTable, number] | null {
  const head = matchTableHeader(lines, start);
  if (!head) return null;
  const rows: string[][] = [];
  let index = start + 2;
  for (let line = lines[index]; line !== undefined && !isBlank(line) && !startsBlock(line); line = lines[++index]) {
    const cells = splitTableRow(line);
    rows.push(head.header.map((_, column) => cells[column] ?? ''));
  }
  const table: MarkdownTable = { type: 'table', raw: lines.slice(start, index).join('\n'), ...head, rows };
  return [table, index];
}
