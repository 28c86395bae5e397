import {
  appendNode,
  collectNodes,
  createInlineState,
  plainText,
  processEmphasis,
  pushDelimiter,
  removeItem,
  type InlineItem,
  type Delimiter,
} from './inline-delimiters';
import { codeText, createCodeSpanScanner, runLength } from './inline-code-spans';
import { createLinkScanner, isEscapable, scanAutolink, scanBareUrl } from './inline-links';
import type { InlineNode } from './inline-node';

export type { InlineNode } from './inline-node';

/**
 * Options for {@link parseInline}.
 *
 * @example
 * parseInline('**bol', { streaming: true }); // [{ type: 'text', text: 'bol' }]
 */
export interface ParseInlineOptions {
  /**
   * The text is a prefix of a message still streaming in. Markers that later text may close
   * are hidden instead of shown raw (`**bol` reads "bol"), an unclosed code span runs to the
   * end, and a link whose URL is still arriving shows its label. Default `false`.
   */
  streaming?: boolean;
}

/** An open `[` or `![` waiting for its `]`. */
interface Bracket {
  item: InlineItem;
  image: boolean;
  /** Delimiter stack top when pushed: emphasis inside the label is processed above it. */
  bottom: Delimiter | null;
  sequence: number;
  previous: Bracket | null;
}

const WHITESPACE = /\s/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
// Characters that may precede a bare URL: "(https://...)" and "**https://...**" link.
const URL_BOUNDARY = /[\s*_~(]/;

function isWhitespace(character: string | undefined): boolean {
  return character === undefined || WHITESPACE.test(character);
}

function isPunctuation(character: string | undefined): boolean {
  return character !== undefined && PUNCTUATION.test(character);
}

// Autolinks show their URL as the label.
function linkTo(url: string): InlineNode {
  return { type: 'link', url, title: undefined, children: [{ type: 'text', text: url }] };
}

/**
 * Parses inline markdown: text, `code`, **strong**, *emphasis* (`_` never inside words),
 * ~~strike~~, `[links](url "title")`, `<autolinks>`, bare `https://` URLs, `![images](url)`,
 * hard and soft line breaks and backslash escapes. Raw HTML stays text. Unclosed markers
 * stay literal text (or are hidden with `streaming`); it never throws, and runs in linear
 * time on input such as 10k `*` or `[`.
 *
 * @example
 * parseInline('**Hi** `x*y`');
 * // [{ type: 'strong', children: [{ type: 'text', text: 'Hi' }] },
 * //  { type: 'text', text: ' ' }, { type: 'code', text: 'x*y' }]
 */
export function parseInline(source: string, options: ParseInlineOptions = {}): InlineNode[] {
  const streaming = options.streaming === true;
  const state = createInlineState();
  const scanCodeSpan = createCodeSpanScanner(source);
  const scanLinkTarget = createLinkScanner(source);
  let brackets = null as Bracket | null;
  let sequence = 0;
  let inactiveBefore = 0;
  let index = 0;
  let textStart = 0;
  // Appends the pending text up to `end` as one text node.
  const flush = (end: number): void => {
    if (end > textStart) appendNode(state, { type: 'text', text: source.slice(textStart, end) });
    textStart = end;
  };
  const emit = (node: InlineNode, start: number, end: number): void => {
    flush(start);
    appendNode(state, node);
    index = textStart = end;
  };

  while (index < source.length) {
    const character = source[index] ?? '';
    switch (character) {
      case '\\': {
        if (source[index + 1] === '\n') {
          emit({ type: 'hard-break' }, index, index + 2);
          while (source[index] === ' ') index = ++textStart;
        } else if (isEscapable(source[index + 1])) {
          // The escaped character starts the next text run, past any syntax meaning.
          flush(index);
          textStart = index + 1;
          index += 2;
        } else index++;
        break;
      }
      case '`': {
        const { length, close } = scanCodeSpan(index);
        if (close !== -1) emit({ type: 'code', text: codeText(source.slice(index + length, close)) }, index, close + length);
        else if (!streaming) index += length;
        else {
          // Streaming: the closing run has not arrived yet; the rest is code so far.
          const rest = codeText(source.slice(index + length));
          flush(index);
          if (rest !== '') appendNode(state, { type: 'code', text: rest });
          index = textStart = source.length;
        }
        break;
      }
      case '*':
      case '_':
      case '~': {
        const length = runLength(source, index, character);
        const end = index + length;
        const before = source[index - 1];
        const after = source[end];
        const leftFlanking = !isWhitespace(after) && (!isPunctuation(after) || isWhitespace(before) || isPunctuation(before));
        const rightFlanking = !isWhitespace(before) && (!isPunctuation(before) || isWhitespace(after) || isPunctuation(after));
        let canOpen = leftFlanking;
        let canClose = rightFlanking;
        if (character === '_') {
          canOpen = leftFlanking && (!rightFlanking || isPunctuation(before));
          canClose = rightFlanking && (!leftFlanking || isPunctuation(after));
        } else if (character === '~' && length !== 2) {
          // Only `~~` strikes: a single `~` is usually "approximately".
          canOpen = canClose = false;
        }
        const pendingAtEnd = streaming && end === source.length;
        if (!canOpen && !canClose && !pendingAtEnd) {
          index = end;
          break;
        }
        flush(index);
        const text: { type: 'text'; text: string } = { type: 'text', text: source.slice(index, end) };
        const item = appendNode(state, text);
        pushDelimiter(state, { item, text, character, length, originalLength: length, canOpen, canClose, end, previous: null, next: null });
        index = textStart = end;
        break;
      }
      case '!':
      case '[': {
        const image = character === '!';
        if (image && source[index + 1] !== '[') {
          index++;
          break;
        }
        const end = index + (image ? 2 : 1);
        flush(index);
        const item = appendNode(state, { type: 'text', text: source.slice(index, end) });
        brackets = { item, image, bottom: state.top, sequence: sequence++, previous: brackets };
        index = textStart = end;
        break;
      }
      case ']': {
        const opener = brackets;
        if (!opener) {
          index++;
          break;
        }
        brackets = opener.previous;
        // A link may not contain a link: `[` openers before a finished link are inactive.
        const target = opener.image || opener.sequence >= inactiveBefore ? scanLinkTarget(index + 1) : null;
        if (target === null || (target === 'pending' && !streaming)) {
          index++;
          break;
        }
        flush(index);
        processEmphasis(state, opener.bottom, target === 'pending', source.length);
        if (target === 'pending') {
          // Streaming: show the label as text while its URL is still arriving.
          removeItem(state, opener.item);
          index = textStart = source.length;
          break;
        }
        const children = collectNodes(opener.item, null);
        state.tail = opener.item;
        opener.item.next = null;
        removeItem(state, opener.item);
        if (!opener.image) inactiveBefore = opener.sequence;
        const { url, title } = target;
        emit(opener.image ? { type: 'image', url, title, alt: plainText(children) } : { type: 'link', url, title, children }, index, target.end);
        break;
      }
      case '<': {
        const url = scanAutolink(source, index);
        if (url !== null) emit(linkTo(url), index, index + url.length + 2);
        else index++;
        break;
      }
      case '\n': {
        // Two or more trailing spaces make a hard break; trailing spaces are never shown.
        let spaces = index;
        while (spaces > textStart && source[spaces - 1] === ' ') spaces--;
        flush(spaces);
        textStart = index;
        emit({ type: index - spaces >= 2 ? 'hard-break' : 'soft-break' }, index, index + 1);
        while (source[index] === ' ') index = ++textStart;
        break;
      }
      case 'h': {
        const before = source[index - 1];
        const url = before === undefined || URL_BOUNDARY.test(before) ? scanBareUrl(source, index) : null;
        if (url) emit(linkTo(url), index, index + url.length);
        else index++;
        break;
      }
      default:
        index++;
    }
  }
  flush(source.length);
  processEmphasis(state, null, streaming, source.length);
  return collectNodes(state.head, null);
}
