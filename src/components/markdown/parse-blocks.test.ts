import { describe, expect, it } from 'vitest';
import { parseBlocks, type MarkdownBlock } from './parse-blocks';

function only<T extends MarkdownBlock['type']>(text: string, type: T): Extract<MarkdownBlock, { type: T }> {
  const blocks = parseBlocks(text);
  expect(blocks).toHaveLength(1);
  expect(blocks[0]?.type).toBe(type);
  return blocks[0] as Extract<MarkdownBlock, { type: T }>;
}

describe('parseBlocks', () => {
  it('splits paragraphs on blank lines and keeps each block raw source', () => {
    const blocks = parseBlocks('first line\n  second line  \n\n\nnext paragraph\r\nwith CRLF');
    expect(blocks).toEqual([
      { type: 'paragraph', raw: 'first line\n  second line  ', text: 'first line\nsecond line' },
      { type: 'paragraph', raw: 'next paragraph\nwith CRLF', text: 'next paragraph\nwith CRLF' },
    ]);
  });

  it('parses ATX headings of every level, with optional closing hashes', () => {
    const blocks = parseBlocks('# One\n## Two ##\n### Three\n#### Four\n##### Five\n###### Six\n####### seven\n#hashtag\n# C#\n#');
    expect(blocks.slice(0, 6).map((block) => (block.type === 'heading' ? [block.level, block.text] : block.type))).toEqual([
      [1, 'One'],
      [2, 'Two'],
      [3, 'Three'],
      [4, 'Four'],
      [5, 'Five'],
      [6, 'Six'],
    ]);
    expect(blocks[6]).toMatchObject({ type: 'paragraph', text: '####### seven\n#hashtag' });
    expect(blocks[7]).toMatchObject({ type: 'heading', level: 1, text: 'C#' });
    expect(blocks[8]).toMatchObject({ type: 'heading', level: 1, text: '' });
  });

  it('parses fenced code with backticks and tildes, and the language from the info string', () => {
    const blocks = parseBlocks('```ts title="a.ts"\nconst a = `x`;\n\n# not a heading\n```\n\n~~~\n```\ninside\n~~~~\nafter');
    expect(blocks[0]).toEqual({
      type: 'code',
      raw: '```ts title="a.ts"\nconst a = `x`;\n\n# not a heading\n```',
      language: 'ts',
      code: 'const a = `x`;\n\n# not a heading',
      open: false,
    });
    expect(blocks[1]).toMatchObject({ type: 'code', language: '', code: '```\ninside', open: false });
    expect(blocks[2]).toMatchObject({ type: 'paragraph', text: 'after' });
  });

  it('keeps an unterminated fence open and puts the whole rest of the text in it', () => {
    const text = 'Intro\n\n```python\ndef f():\n\n    return 1\n\n# comment\n- not a list\n> not a quote\n| a | b |\n|---|---|';
    const blocks = parseBlocks(text);
    expect(blocks).toHaveLength(2);
    expect(blocks[1]).toEqual({
      type: 'code',
      raw: text.slice('Intro\n\n'.length),
      language: 'python',
      code: 'def f():\n\n    return 1\n\n# comment\n- not a list\n> not a quote\n| a | b |\n|---|---|',
      open: true,
    });
    expect(parseBlocks('```')).toEqual([{ type: 'code', raw: '```', language: '', code: '', open: true }]);
  });

  it('requires the closing fence to use the same character and be at least as long', () => {
    const code = only('````md\n```\n~~~~\n````', 'code');
    expect(code).toMatchObject({ code: '```\n~~~~', open: false });
  });

  it('removes the fence indentation from content lines', () => {
    expect(only('  ```\n  indented\n    more\n  ```', 'code').code).toBe('indented\n  more');
  });

  it('parses blockquotes recursively, with lazy continuation lines', () => {
    const quote = only('> outer\nlazy line\n> > inner\n>\n> - item', 'blockquote');
    expect(quote.children).toEqual([
      { type: 'paragraph', raw: 'outer\nlazy line', text: 'outer\nlazy line' },
      { type: 'blockquote', raw: '> inner', children: [{ type: 'paragraph', raw: 'inner', text: 'inner' }] },
      { type: 'list', raw: '- item', ordered: false, start: 1, items: [{ task: 'none', children: [{ type: 'paragraph', raw: 'item', text: 'item' }] }] },
    ]);
  });

  it('nests lists by indentation', () => {
    const list = only('- a\n  - b\n    - c\n  - d\n- e', 'list');
    expect(list.items).toHaveLength(2);
    const [first, second] = list.items;
    expect(first?.children[0]).toMatchObject({ type: 'paragraph', text: 'a' });
    const nested = first?.children[1];
    expect(nested).toMatchObject({ type: 'list', ordered: false });
    if (nested?.type !== 'list') throw new Error('expected a nested list');
    expect(nested.items.map((item) => item.children[0])).toMatchObject([{ text: 'b' }, { text: 'd' }]);
    expect(nested.items[0]?.children[1]).toMatchObject({ type: 'list', items: [{ children: [{ text: 'c' }] }] });
    expect(second?.children).toMatchObject([{ type: 'paragraph', text: 'e' }]);
  });

  it('nests a list indented two spaces under an ordered item, as models write it', () => {
    const list = only('1. first\n  - sub a\n  - sub b\n2. second', 'list');
    expect(list.ordered).toBe(true);
    expect(list.items).toHaveLength(2);
    expect(list.items[0]?.children[1]).toMatchObject({ type: 'list', ordered: false, items: [{}, {}] });
  });

  it('parses ordered lists with their start number and either delimiter', () => {
    expect(only('3. three\n4. four', 'list')).toMatchObject({ ordered: true, start: 3, items: [{}, {}] });
    expect(only('1) one\n2) two', 'list')).toMatchObject({ ordered: true, start: 1 });
    expect(parseBlocks('1. dot\n1) paren').map((block) => block.type)).toEqual(['list', 'list']);
    expect(parseBlocks('- dash\n* star').map((block) => block.type)).toEqual(['list', 'list']);
  });

  it('keeps one list across blank lines and multi-paragraph items', () => {
    const list = only('- a\n\n  more of a\n\n- b\n', 'list');
    expect(list.raw).toBe('- a\n\n  more of a\n\n- b');
    expect(list.items[0]?.children.map((child) => child.type)).toEqual(['paragraph', 'paragraph']);
  });

  it('recognizes task list items', () => {
    const list = only('- [ ] todo\n- [x] done\n- [X] also done\n- [y] not a task\n- [ ](url) not a task', 'list');
    expect(list.items.map((item) => item.task)).toEqual(['unchecked', 'checked', 'checked', 'none', 'none']);
    expect(list.items[0]?.children).toMatchObject([{ type: 'paragraph', text: 'todo' }]);
  });

  it('does not let a list not starting at 1 interrupt a paragraph', () => {
    expect(only('The year was\n2024. We', 'paragraph').text).toBe('The year was\n2024. We');
    expect(parseBlocks('Steps:\n1. one\n- two').map((block) => block.type)).toEqual(['paragraph', 'list', 'list']);
  });

  it('parses GFM tables with alignment, padding short rows and cutting long ones', () => {
    const table = only('| Left | Center | Right | None |\n|:-----|:------:|------:|------|\n| a | b | c | d |\n| `x\\|y` | 2 |\n| 1 | 2 | 3 | 4 | 5 |', 'table');
    expect(table.header).toEqual(['Left', 'Center', 'Right', 'None']);
    expect(table.align).toEqual(['left', 'center', 'right', 'none']);
    expect(table.rows).toEqual([
      ['a', 'b', 'c', 'd'],
      ['`x|y`', '2', '', ''],
      ['1', '2', '3', '4'],
    ]);
  });

  it('accepts tables without outer pipes and ends them at a blank line', () => {
    const blocks = parseBlocks('a | b\n--|--\n1 | 2\n\nafter');
    expect(blocks[0]).toMatchObject({ type: 'table', header: ['a', 'b'], rows: [['1', '2']] });
    expect(blocks[1]).toMatchObject({ type: 'paragraph', text: 'after' });
  });

  it('renders a table header without its delimiter row (still streaming) as a paragraph', () => {
    expect(only('| a | b |', 'paragraph').text).toBe('| a | b |');
    expect(only('| a | b |\n| --- |', 'paragraph').text).toBe('| a | b |\n| --- |');
    expect(only('| a | b |\n| --- | --- |', 'table').rows).toEqual([]);
  });

  it('lets a table interrupt a paragraph', () => {
    expect(parseBlocks('Results:\n| a |\n| - |\n| 1 |').map((block) => block.type)).toEqual(['paragraph', 'table']);
  });

  it('parses thematic breaks and does not mistake them for list items', () => {
    const blocks = parseBlocks('---\n***\n___\n- - -\n * * *\ntext\n---');
    expect(blocks.map((block) => block.type)).toEqual(['thematic-break', 'thematic-break', 'thematic-break', 'thematic-break', 'thematic-break', 'paragraph', 'thematic-break']);
  });

  it('keeps raw HTML as paragraph text', () => {
    expect(only('<script>alert(1)</script>', 'paragraph').text).toBe('<script>alert(1)</script>');
    expect(only('<div>\n<img src=x onerror=alert(1)>\n</div>', 'paragraph').text).toBe('<div>\n<img src=x onerror=alert(1)>\n</div>');
  });

  it('gives the same block for the same raw text wherever it appears', () => {
    const alone = parseBlocks('- a\n- b')[0];
    const inDocument = parseBlocks('# Title\n\n- a\n- b\n\nmore')[1];
    expect(inDocument).toEqual(alone);
  });

  it('bounds nesting on pathological input instead of overflowing the stack', () => {
    const quotes = parseBlocks(`${'>'.repeat(20_000)} deep`);
    expect(quotes[0]?.type).toBe('blockquote');
    const lists = parseBlocks(`${'- '.repeat(10_000)}x`);
    expect(lists[0]?.type).toBe('list');
    const indented = parseBlocks(Array.from({ length: 300 }, (_, level) => `${' '.repeat(level * 2)}- item ${level}`).join('\n'));
    expect(indented[0]?.type).toBe('list');
  });

  it('parses pathological single lines and a 50 KB message (linear time; bounded only by the test timeout)', () => {
    for (const line of ['#'.repeat(50_000), ' '.repeat(50_000) + 'x', '|'.repeat(50_000), '`'.repeat(50_000), `#${' '.repeat(50_000)}x`, '-'.repeat(50_000) + 'x', '> '.repeat(25_000)]) {
      expect(parseBlocks(line).length).toBeGreaterThan(0);
    }
    const section = '## Section\n\nSome **bold** text with `code` and a [link](https://example.com).\n\n- one\n- two\n  - nested\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```\n\n> quote\n\n';
    const message = section.repeat(Math.ceil(50_000 / section.length));
    const blocks = parseBlocks(message);
    expect(blocks.length).toBe(6 * Math.ceil(50_000 / section.length));
  });
});
