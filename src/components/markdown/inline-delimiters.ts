import type { InlineNode } from './inline-node';

/**
 * Emphasis resolution for the inline parser: the CommonMark delimiter-stack algorithm, with
 * its "openers bottom" bound so that input such as 10k `*` runs stays linear.
 * Nodes live in a doubly linked list while parsing so that wrapping a range is O(1) splicing.
 */

/**
 * A node in the parse-time list.
 *
 * @example
 * const item: InlineItem = appendNode(state, { type: 'text', text: 'a' });
 */
export interface InlineItem {
  node: InlineNode;
  previous: InlineItem | null;
  next: InlineItem | null;
}

/**
 * A run of `*`, `_` or `~~` that may open or close emphasis.
 *
 * @example
 * // `**` in '**a**' at index 0: { character: '*', length: 2, canOpen: true, canClose: false, end: 2, ... }
 */
export interface Delimiter {
  item: InlineItem;
  text: { type: 'text'; text: string };
  character: string;
  length: number;
  originalLength: number;
  canOpen: boolean;
  canClose: boolean;
  /** Source index after the run, to recognize a run at the end of a streaming text. */
  end: number;
  previous: Delimiter | null;
  next: Delimiter | null;
}

/**
 * The list (with a sentinel head) and the top of the delimiter stack.
 *
 * @example
 * const state: InlineState = createInlineState();
 */
export interface InlineState {
  head: InlineItem;
  tail: InlineItem;
  top: Delimiter | null;
}

// Deeper emphasis is flattened to text: bounds render recursion on input like `*(*(*(...`.
const MAX_NESTING = 12;
const depthOf = new WeakMap<InlineNode, number>();

/**
 * Creates an empty state.
 *
 * @example
 * const state = createInlineState();
 * appendNode(state, { type: 'text', text: 'a' });
 */
export function createInlineState(): InlineState {
  const head: InlineItem = { node: { type: 'text', text: '' }, previous: null, next: null };
  return { head, tail: head, top: null };
}

/**
 * Appends a node at the end of the list.
 *
 * @example
 * const item = appendNode(state, { type: 'hard-break' });
 */
export function appendNode(state: InlineState, node: InlineNode): InlineItem {
  const item: InlineItem = { node, previous: state.tail, next: null };
  state.tail.next = item;
  state.tail = item;
  return item;
}

/**
 * Unlinks an item from the list.
 *
 * @example
 * removeItem(state, appendNode(state, { type: 'text', text: 'gone' }));
 */
export function removeItem(state: InlineState, item: InlineItem): void {
  if (item.previous) item.previous.next = item.next;
  if (item.next) item.next.previous = item.previous;
  else if (item.previous) state.tail = item.previous;
}

/**
 * Pushes a delimiter on the stack.
 *
 * @example
 * pushDelimiter(state, { item, text, character: '*', length: 1, originalLength: 1, canOpen: true, canClose: false, end: 1, previous: null, next: null });
 */
export function pushDelimiter(state: InlineState, delimiter: Delimiter): void {
  delimiter.previous = state.top;
  if (state.top) state.top.next = delimiter;
  state.top = delimiter;
}

function removeDelimiter(state: InlineState, delimiter: Delimiter): void {
  if (delimiter.previous) delimiter.previous.next = delimiter.next;
  if (delimiter.next) delimiter.next.previous = delimiter.previous;
  else state.top = delimiter.previous;
}

/**
 * Plain text of nodes: image alt text, and emphasis nested too deeply.
 *
 * @example
 * plainText(parseInline('a *b* `c`')); // 'a b c'
 */
export function plainText(nodes: readonly InlineNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'code') text += node.text;
    else if (node.type === 'image') text += node.alt;
    else if (node.type === 'hard-break' || node.type === 'soft-break') text += ' ';
    else text += plainText(node.children);
  }
  return text;
}

/**
 * The nodes strictly between two items, with adjacent text merged (into new objects).
 *
 * @example
 * const children = collectNodes(opener.item, closer.item);
 */
export function collectNodes(after: InlineItem, before: InlineItem | null): InlineNode[] {
  const nodes: InlineNode[] = [];
  for (let item = after.next; item && item !== before; item = item.next) {
    const node = item.node;
    const last = nodes[nodes.length - 1];
    if (node.type === 'text' && node.text === '') continue;
    if (node.type === 'text' && last?.type === 'text') nodes[nodes.length - 1] = { type: 'text', text: last.text + node.text };
    else nodes.push(node);
  }
  return nodes;
}

function wrap(character: string, used: number, children: InlineNode[]): InlineNode {
  let depth = 1;
  for (const child of children) depth = Math.max(depth, 1 + (depthOf.get(child) ?? 0));
  if (depth > MAX_NESTING) return { type: 'text', text: plainText(children) };
  const node: InlineNode = character === '~' ? { type: 'strike', children } : used === 2 ? { type: 'strong', children } : { type: 'emphasis', children };
  depthOf.set(node, depth);
  return node;
}

// CommonMark "rule of 3": `*foo**bar*` must not pair the `**` with a `*` run.
function isOddMatch(opener: Delimiter, closer: Delimiter): boolean {
  return (opener.canClose || closer.canOpen) && closer.originalLength % 3 !== 0 && (opener.originalLength + closer.originalLength) % 3 === 0;
}

/**
 * Pairs openers and closers above `bottom`, wrapping what lies between them in emphasis,
 * strong or strike nodes, then drops the remaining delimiters (they stay literal text).
 * With `hidePending`, a run that could still be closed by text yet to stream in is hidden
 * instead, so `**bold` shows as "bold" and never flashes raw asterisks.
 *
 * @example
 * processEmphasis(state, null, false, source.length);
 * const nodes = collectNodes(state.head, null);
 */
export function processEmphasis(state: InlineState, bottom: Delimiter | null, hidePending: boolean, sourceLength: number): void {
  const openersBottom = new Map<string, Delimiter | null>();
  // Walk down to the first delimiter above `bottom` (only the ones this call processes).
  let closer = state.top === bottom ? null : state.top;
  while (closer && closer.previous !== bottom) closer = closer.previous;
  while (closer) {
    const next: Delimiter | null = closer.next;
    if (!closer.canClose) {
      closer = next;
      continue;
    }
    const key = `${closer.character}${closer.canOpen ? 1 : 0}${closer.originalLength % 3}`;
    const limit = openersBottom.has(key) ? openersBottom.get(key) : bottom;
    let opener = closer.previous;
    while (opener && opener !== bottom && opener !== limit) {
      if (opener.character === closer.character && opener.canOpen && (closer.character === '~' || !isOddMatch(opener, closer))) break;
      opener = opener.previous;
    }
    if (!opener || opener === bottom || opener === limit) {
      openersBottom.set(key, closer.previous);
      if (!closer.canOpen) removeDelimiter(state, closer);
      closer = next;
      continue;
    }
    const used = closer.character === '~' || (opener.length >= 2 && closer.length >= 2) ? 2 : 1;
    opener.length -= used;
    closer.length -= used;
    opener.text.text = opener.character.repeat(opener.length);
    closer.text.text = closer.character.repeat(closer.length);
    const wrapper: InlineItem = { node: wrap(closer.character, used, collectNodes(opener.item, closer.item)), previous: opener.item, next: closer.item };
    opener.item.next = wrapper;
    closer.item.previous = wrapper;
    opener.next = closer;
    closer.previous = opener;
    if (opener.length === 0) {
      removeItem(state, opener.item);
      removeDelimiter(state, opener);
    }
    if (closer.length === 0) {
      removeItem(state, closer.item);
      removeDelimiter(state, closer);
      closer = next;
    }
  }
  while (state.top && state.top !== bottom) {
    const delimiter = state.top;
    const pending = delimiter.canOpen || delimiter.end === sourceLength;
    if (hidePending && pending && !delimiter.canClose) delimiter.text.text = '';
    removeDelimiter(state, delimiter);
  }
}
