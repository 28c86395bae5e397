/**
 * The benchmark's data, the same for every variant and every run: a thread of earlier messages
 * (short user questions, assistant replies in the markdown that chat apps see: paragraphs with
 * bold and inline code, lists, fenced code, headings) and the reply that streams in, as tokens
 * of about one word each. Deterministic (a seeded generator), so runs compare.
 */

/** One earlier message, before each variant converts it to its own format. */
export interface SeedMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
}

/** The reply's last token; the runner checks that it reached the page. */
export const replySentinel = 'bench-reply-complete';

const vocabulary = (
  'agent stream render thread message token browser model tool file state update layout scroll ' +
  'component context worker buffer queue reducer selector store hook effect commit frame paint ' +
  'request response session sandbox approval question answer result error retry budget prompt ' +
  'summary history cursor event reply user list item table column value option schema input output'
).split(' ');

const identifiers = ['useAgent', 'createAgent', 'toolCalls', 'sendMessage', 'readFile', 'flushSync', 'onScroll', 'messageId', 'scrollTop', 'render()'];

/** mulberry32: a small, fast, seeded generator. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function sentence(random: () => number, words: number, decorated: boolean): string {
  const parts: string[] = [];
  for (let index = 0; index < words; index++) {
    const roll = random();
    if (decorated && roll < 0.05) parts.push(`**${pick(random, vocabulary)}**`);
    else if (decorated && roll < 0.1) parts.push(`\`${pick(random, identifiers)}\``);
    else parts.push(pick(random, vocabulary));
  }
  const text = parts.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(random: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(random, 8 + Math.floor(random() * 8), true)).join(' ');
}

function list(random: () => number, items: number): string {
  return Array.from({ length: items }, () => `- ${sentence(random, 5 + Math.floor(random() * 5), true)}`).join('\n');
}

function codeBlock(random: () => number, lines: number): string {
  const body = Array.from({ length: lines }, (_, index) => `const ${pick(random, vocabulary)}${index} = ${pick(random, identifiers).replace('()', '')}(${pick(random, vocabulary)});`);
  return ['```ts', ...body, '```'].join('\n');
}

function assistantText(random: () => number, index: number): string {
  const blocks = [paragraph(random, 2 + Math.floor(random() * 2))];
  if (index % 7 === 3) blocks.unshift(`### ${sentence(random, 4, false).slice(0, -1)}`);
  if (index % 2 === 0) blocks.push(list(random, 3));
  if (index % 4 === 1) blocks.push(codeBlock(random, 4));
  if (index % 3 === 0) blocks.push(paragraph(random, 1));
  return blocks.join('\n\n');
}

/** `count` earlier messages, alternating user and assistant, starting with the user. */
export function earlierMessages(count: number): SeedMessage[] {
  const random = generator(1);
  const messages: SeedMessage[] = [];
  for (let index = 0; index < count; index++) {
    const role = index % 2 === 0 ? 'user' : 'assistant';
    const text = role === 'user' ? sentence(random, 8 + Math.floor(random() * 10), false).replace(/\.$/, '?') : assistantText(random, index);
    messages.push({ id: `seed-${index}`, role, text });
  }
  return messages;
}

/**
 * The reply: `count` tokens of markdown (each a word with the white space after it), the last of
 * which is {@link replySentinel}. Joined, they are the reply's text.
 */
export function replyTokens(count: number): string[] {
  if (count <= 0) return [];
  const random = generator(2);
  const tokens: string[] = [];
  for (let section = 0; tokens.length < count - 1; section++) {
    const block = section % 5 === 0 ? `## ${sentence(random, 5, false).slice(0, -1)}` : section % 5 === 2 ? list(random, 4) : section % 5 === 4 ? codeBlock(random, 5) : paragraph(random, 3);
    tokens.push(...(`${block}\n\n`.match(/\S+\s*/g) ?? []));
  }
  tokens.length = count - 1;
  // After a closing code fence or in a paragraph alike, the sentinel starts a paragraph of its own.
  tokens.push(`\n\n${replySentinel}`);
  return tokens;
}
