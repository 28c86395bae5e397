import { describe, expect, it } from 'vitest';
import { speechText } from './speech-text';

const words = { codeSkipped: 'Code block skipped.' };
const say = (markdown: string) => speechText(markdown, words);

describe('speechText', () => {
  it('drops emphasis, heading and quote markers, and ends each block with punctuation', () => {
    expect(say('# Title\n\nSome **bold**, *soft* and ~~old~~ words\n\n> A quote')).toBe('Title.\nSome bold, soft and old words.\nA quote.');
  });

  it('keeps a link’s text and an image’s alt text, never their URLs', () => {
    expect(say('Read [the guide](https://example.com/guide "Guide") and see ![a cat](https://example.com/cat.png).')).toBe('Read the guide and see a cat.');
    expect(say('Autolinks stay as written: <https://example.com>')).toBe('Autolinks stay as written: https://example.com.');
  });

  it('reads inline code as its words', () => {
    expect(say('Call `useAgent()` with `agent`')).toBe('Call useAgent() with agent.');
  });

  it('skips fenced code blocks, saying so, also one still open', () => {
    expect(say('Run this:\n\n```sh\nnpm install **x**\n```\n\nThen go.')).toBe('Run this:\nCode block skipped.\nThen go.');
    expect(say('Start:\n\n```ts\nconst a = 1;')).toBe('Start:\nCode block skipped.');
  });

  it('reads list items, nested ones and tasks, one per line without their markers', () => {
    expect(say('1. First **step**\n2. Second\n   - nested [link](https://x.y)\n- [x] done')).toBe('First step.\nSecond.\nnested link.\ndone.');
  });

  it('reads a table row by row, cells separated by commas, without pipes or the delimiter row', () => {
    expect(say('| Name | Score |\n| :--- | ---: |\n| **Ada** | 10 |\n| `Bob` | |')).toBe('Name, Score.\nAda, 10.\nBob.');
  });

  it('says nothing for a thematic break or an empty text, and collapses whitespace', () => {
    expect(say('')).toBe('');
    expect(say('a\n\n---\n\nb   c\nd')).toBe('a.\nb c d.');
  });

  it('says the skipped-code phrase in the words given', () => {
    expect(speechText('```\nx\n```', { codeSkipped: 'Codeblock übersprungen.' })).toBe('Codeblock übersprungen.');
  });
});
