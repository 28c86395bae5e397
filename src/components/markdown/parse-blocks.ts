import {
  closesFence,
  indentWidth,
  isBlank,
  isQuote,
  isThematicBreak,
  matchFence,
  matchHeading,
  matchListMarker,
  startsBlock,
  stripIndent,
  type FenceMarker,
  type ListMarker,
} from './block-lines';
import { matchTableHeader, parseTable, type MarkdownTable } from './parse-table';

/**
 * One item of a {@link MarkdownBlock} list; `task` is set for `- [ ]` and `- [x]` items.
 *
 * @example
 * parseBlocks('- [x] done')[0]; // { type: 'list', items: [{ task: 'checked', children: [...] }], ... }
 */
export interface MarkdownListItem {
  task: 'none' | 'unchecked' | 'checked';
  children: MarkdownBlock[];
}

/**
 * A block node. Every block carries the `raw` source lines it was parsed from: the same
 * `raw` always parses to the same block, so a renderer can skip blocks whose `raw` did not
 * change while a message streams in. Inline content (`text`, table cells) stays source text
 * for `parseInline`.
 *
 * @example
 * for (const block of parseBlocks(text)) if (block.type === 'code' && block.open) showCursor();
 */
export type MarkdownBlock =
  | { type: 'paragraph'; raw: string; text: string }
  | { type: 'heading'; raw: string; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  /** `open` is true for a fence not closed yet (still streaming): it holds the rest of the text. */
  | { type: 'code'; raw: string; language: string; code: string; open: boolean }
  | { type: 'blockquote'; raw: string; children: MarkdownBlock[] }
  | { type: 'list'; raw: string; ordered: boolean; start: number; items: MarkdownListItem[] }
  | MarkdownTable
  | { type: 'thematic-break'; raw: string };

type Parsed = [MarkdownBlock, number];

// Deeper quotes or lists become paragraphs: bounds recursion on input like 10k `>`.
const MAX_DEPTH = 16;
const TASK = /^\[([ xX])\](?=[ \t]|$)/;

/**
 * Splits a markdown document into block nodes: paragraphs, ATX headings, fenced code,
 * blockquotes, lists (nested, with task items), GFM tables and thematic breaks. Raw HTML is
 * not recognized and stays text. Runs in linear time on any input.
 *
 * @example
 * parseBlocks('# Title\n\n```ts\nconst a = 1;');
 * // [{ type: 'heading', level: 1, text: 'Title', raw: '# Title' },
 * //  { type: 'code', language: 'ts', code: 'const a = 1;', open: true, raw: '```ts\nconst a = 1;' }]
 */
export function parseBlocks(text: string): MarkdownBlock[] {
  return parseLines(text.replace(/\r\n?/g, '\n').replace(/\0/g, '\ufffd').split('\n'), 0);
}

function parseLines(lines: readonly string[], depth: number): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let index = 0;
  while (index < lines.length) {
    if (isBlank(lines[index] ?? '')) {
      index++;
      continue;
    }
    const [block, next] = parseBlock(lines, index, depth);
    blocks.push(block);
    index = next;
  }
  return blocks;
}

function parseBlock(lines: readonly string[], start: number, depth: number): Parsed {
  const line = lines[start] ?? '';
  const fence = matchFence(line);
  if (fence) return parseFence(lines, start, fence);
  const heading = matchHeading(line);
  if (heading) return [{ type: 'heading', raw: line, ...heading }, start + 1];
  if (isThematicBreak(line)) return [{ type: 'thematic-break', raw: line }, start + 1];
  if (depth < MAX_DEPTH) {
    if (isQuote(line)) return parseBlockquote(lines, start, depth);
    const marker = matchListMarker(line);
    if (marker) return parseList(lines, start, marker, depth);
  }
  return parseTable(lines, start) ?? parseParagraph(lines, start);
}

function rawOf(lines: readonly string[], start: number, end: number): string {
  return lines.slice(start, end).join('\n');
}

// An unclosed fence takes every remaining line: while streaming, the rest is code, not text.
function parseFence(lines: readonly string[], start: number, fence: FenceMarker): Parsed {
  const code: string[] = [];
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (closesFence(line, fence)) {
      const block = { type: 'code', raw: rawOf(lines, start, index + 1), language: fence.language, code: code.join('\n'), open: false } as const;
      return [block, index + 1];
    }
    code.push(stripIndent(line, fence.indent));
  }
  return [{ type: 'code', raw: rawOf(lines, start, lines.length), language: fence.language, code: code.join('\n'), open: true }, lines.length];
}

function parseParagraph(lines: readonly string[], start: number): Parsed {
  let index = start + 1;
  for (let line = lines[index]; line !== undefined; line = lines[++index]) {
    if (isBlank(line) || startsBlock(line) || matchTableHeader(lines, index)) break;
  }
  const text = lines
    .slice(start, index)
    .map((line) => line.replace(/^[ \t]+/, ''))
    .join('\n')
    .trimEnd();
  return [{ type: 'paragraph', raw: rawOf(lines, start, index), text }, index];
}

// Lazy continuation: a plain text line right after text continues it without a `>` or indent.
function isLazyLine(line: string): boolean {
  return !isBlank(line) && !startsBlock(line) && matchListMarker(line) === null;
}

function parseBlockquote(lines: readonly string[], start: number, depth: number): Parsed {
  const inner: string[] = [];
  let index = start;
  for (let line = lines[index]; line !== undefined; line = lines[++index]) {
    if (isQuote(line)) inner.push(line.replace(/^ {0,3}> ?/, ''));
    else if (isLazyLine(line) && !isBlank(inner[inner.length - 1] ?? '')) inner.push(line);
    else break;
  }
  return [{ type: 'blockquote', raw: rawOf(lines, start, index), children: parseLines(inner, depth + 1) }, index];
}

function nextNonBlank(lines: readonly string[], index: number): number {
  while (index < lines.length && isBlank(lines[index] ?? '')) index++;
  return index;
}

/**
 * Reads one item's lines, starting after its marker line. A line belongs to the item when it
 * is indented to the item's content, or (leniently, as models write lists) at least two
 * columns past the marker; plain text right after text continues it lazily.
 */
function readItemLines(lines: readonly string[], start: number, marker: ListMarker): [string[], number] {
  const itemLines = [marker.content];
  const childIndent = Math.min(marker.contentIndent, marker.indent + 2);
  let index = start + 1;
  let afterBlank = false;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (isBlank(line)) {
      const next = nextNonBlank(lines, index);
      if (next >= lines.length || indentWidth(lines[next] ?? '') < childIndent) break;
      for (; index < next; index++) itemLines.push('');
      afterBlank = true;
      continue;
    }
    if (indentWidth(line) >= childIndent) itemLines.push(stripIndent(line, marker.contentIndent));
    else if (!afterBlank && isLazyLine(line)) itemLines.push(line);
    else break;
    afterBlank = false;
    index++;
  }
  return [itemLines, index];
}

function parseList(lines: readonly string[], start: number, first: ListMarker, depth: number): Parsed {
  const items: MarkdownListItem[] = [];
  let marker: ListMarker | null = first;
  let index = start;
  let end = start;
  while (marker) {
    const [itemLines, next] = readItemLines(lines, index, marker);
    const task = TASK.exec(itemLines[0] ?? '');
    if (task) itemLines[0] = (itemLines[0] ?? '').slice(task[0].length).replace(/^[ \t]+/, '');
    items.push({ task: task ? (task[1] === ' ' ? 'unchecked' : 'checked') : 'none', children: parseLines(itemLines, depth + 1) });
    end = next;
    // The list goes on, across blank lines, while the next marker is of the same kind.
    index = nextNonBlank(lines, next);
    const candidate: ListMarker | null = matchListMarker(lines[index] ?? '');
    marker = candidate && candidate.ordered === first.ordered && candidate.bullet === first.bullet ? candidate : null;
  }
  const list = { type: 'list', raw: rawOf(lines, start, end), ordered: first.ordered, start: first.start, items } as const;
  return [list, end];
}
