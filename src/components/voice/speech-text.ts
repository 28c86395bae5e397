import { parseBlocks, type MarkdownBlock } from '../markdown/parse-blocks';
import { parseInline } from '../markdown/parse-inline';
import type { InlineNode } from '../markdown/inline-node';

/** What `speechText` says in place of what it does not read. */
export interface SpeechTextWords {
  /** Said instead of a fenced code block, e.g. "Code block skipped." */
  codeSkipped: string;
}

/**
 * A reply's markdown as words to speak: no markup (`**`, `#`, `>`, list markers, table pipes),
 * links as their text without the URL, images as their alt text, inline code as its words, and
 * each fenced code block replaced by `words.codeSkipped`. One line per block, list item and table
 * row, each ending in punctuation so that a voice pauses between them. Pure and linear in the
 * text's length (it builds on the kit's markdown parser).
 *
 * @example
 * speechText('## Steps\n\n1. Open [the docs](https://example.com)\n\n```sh\nnpm i\n```', { codeSkipped: 'Code block skipped.' });
 * // 'Steps.\nOpen the docs.\nCode block skipped.'
 */
export function speechText(markdown: string, words: SpeechTextWords): string {
  const lines: string[] = [];
  for (const block of parseBlocks(markdown)) speakBlock(block, words, lines);
  return lines.join('\n');
}

function speakBlock(block: MarkdownBlock, words: SpeechTextWords, lines: string[]): void {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return addLine(lines, inlineWords(block.text));
    case 'code':
      return addLine(lines, words.codeSkipped);
    case 'blockquote':
      for (const child of block.children) speakBlock(child, words, lines);
      return;
    case 'list':
      for (const item of block.items) for (const child of item.children) speakBlock(child, words, lines);
      return;
    case 'table':
      for (const row of [block.header, ...block.rows]) addLine(lines, row.map((cell) => inlineWords(cell)).filter((cell) => cell !== '').join(', '));
      return;
    case 'thematic-break':
      return;
    default: {
      const unknown: never = block;
      return unknown;
    }
  }
}

/** The words of inline markdown: text, code as written, link and emphasis text, image alt text. */
function inlineWords(source: string): string {
  return wordsOf(parseInline(source)).replace(/\s+/g, ' ').trim();
}

function wordsOf(nodes: readonly InlineNode[]): string {
  let text = '';
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
      case 'code':
        text += node.text;
        break;
      case 'image':
        text += node.alt;
        break;
      case 'hard-break':
      case 'soft-break':
        text += ' ';
        break;
      case 'strong':
      case 'emphasis':
      case 'strike':
      case 'link':
        text += wordsOf(node.children);
        break;
      default: {
        const unknown: never = node;
        return unknown;
      }
    }
  }
  return text;
}

// A line that ends without punctuation gets a full stop: a voice then pauses before the next.
function addLine(lines: string[], line: string): void {
  const trimmed = line.trim();
  if (trimmed === '') return;
  lines.push(/[\p{P}]$/u.test(trimmed) ? trimmed : `${trimmed}.`);
}
