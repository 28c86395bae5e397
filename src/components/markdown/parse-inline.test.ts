import { describe, expect, it } from 'vitest';
import { parseInline, type InlineNode } from './parse-inline';

const text = (value: string): InlineNode => ({ type: 'text', text: value });
const link = (url: string, children: InlineNode[], title?: string): InlineNode => ({ type: 'link', url, title, children });

describe('parseInline', () => {
  it('returns plain text as one node', () => {
    expect(parseInline('Hello, world.')).toEqual([text('Hello, world.')]);
    expect(parseInline('')).toEqual([]);
  });

  it('parses code spans and keeps their content literal', () => {
    expect(parseInline('a `x * y *z*` b')).toEqual([text('a '), { type: 'code', text: 'x * y *z*' }, text(' b')]);
    expect(parseInline('``a ` b``')).toEqual([{ type: 'code', text: 'a ` b' }]);
    expect(parseInline('` `` `')).toEqual([{ type: 'code', text: '``' }]);
    expect(parseInline('`[x](javascript:alert(1))`')).toEqual([{ type: 'code', text: '[x](javascript:alert(1))' }]);
  });

  it('parses strong, emphasis and strike with both markers', () => {
    expect(parseInline('**a** __b__ *c* _d_ ~~e~~')).toEqual([
      { type: 'strong', children: [text('a')] },
      text(' '),
      { type: 'strong', children: [text('b')] },
      text(' '),
      { type: 'emphasis', children: [text('c')] },
      text(' '),
      { type: 'emphasis', children: [text('d')] },
      text(' '),
      { type: 'strike', children: [text('e')] },
    ]);
  });

  it('nests emphasis as CommonMark does', () => {
    expect(parseInline('***both***')).toEqual([{ type: 'emphasis', children: [{ type: 'strong', children: [text('both')] }] }]);
    expect(parseInline('**bold *and em* bold**')).toEqual([
      { type: 'strong', children: [text('bold '), { type: 'emphasis', children: [text('and em')] }, text(' bold')] },
    ]);
    expect(parseInline('*foo**bar*')).toEqual([{ type: 'emphasis', children: [text('foo**bar')] }]);
  });

  it('does not treat intraword underscores, spaced asterisks or single tildes as markers', () => {
    expect(parseInline('snake_case_name and __init__')).toEqual([text('snake_case_name and '), { type: 'strong', children: [text('init')] }]);
    expect(parseInline('2 * 3 * 4 and a ** b')).toEqual([text('2 * 3 * 4 and a ** b')]);
    expect(parseInline('~5 minutes ~~~x~~~')).toEqual([text('~5 minutes ~~~x~~~')]);
    expect(parseInline('in*tra*word')).toEqual([text('in'), { type: 'emphasis', children: [text('tra')] }, text('word')]);
  });

  it('leaves unclosed markers as literal text', () => {
    expect(parseInline('**bold')).toEqual([text('**bold')]);
    expect(parseInline('a *b')).toEqual([text('a *b')]);
    expect(parseInline('`code')).toEqual([text('`code')]);
    expect(parseInline('[label](/docs')).toEqual([text('[label](/docs')]);
    expect(parseInline('~~strike')).toEqual([text('~~strike')]);
  });

  it('parses links with titles and emphasis in the label', () => {
    expect(parseInline('[a *b*](https://example.com "Title")')).toEqual([
      link('https://example.com', [text('a '), { type: 'emphasis', children: [text('b')] }], 'Title'),
    ]);
    expect(parseInline("[x](/path/(with)/parens 'single')")).toEqual([link('/path/(with)/parens', [text('x')], 'single')]);
    expect(parseInline('[x](a\\)b)')).toEqual([link('a)b', [text('x')])]);
    expect(parseInline('[not a link] (x)')).toEqual([text('[not a link] (x)')]);
  });

  it('keeps URLs as written: the renderer decides whether they are safe', () => {
    expect(parseInline('[x](javascript:alert(1))')).toEqual([link('javascript:alert(1)', [text('x')])]);
  });

  it('does not allow links inside links', () => {
    expect(parseInline('[a [b](/b) c](/a)')).toEqual([text('[a '), link('/b', [text('b')]), text(' c](/a)')]);
  });

  it('parses autolinks and bare URLs, leaving out trailing punctuation', () => {
    expect(parseInline('<https://example.com/a?b=1>')).toEqual([link('https://example.com/a?b=1', [text('https://example.com/a?b=1')])]);
    expect(parseInline('See https://example.com/path.')).toEqual([text('See '), link('https://example.com/path', [text('https://example.com/path')]), text('.')]);
    expect(parseInline('(https://en.wikipedia.org/wiki/Foo_(bar))')).toEqual([
      text('('),
      link('https://en.wikipedia.org/wiki/Foo_(bar)', [text('https://en.wikipedia.org/wiki/Foo_(bar)')]),
      text(')'),
    ]);
    expect(parseInline('**https://example.com**')).toEqual([{ type: 'strong', children: [link('https://example.com', [text('https://example.com')])] }]);
    expect(parseInline('xhttps://example.com https:// nothing')).toEqual([text('xhttps://example.com https:// nothing')]);
  });

  it('parses images as image nodes with their alt text', () => {
    expect(parseInline('![a *cat*](https://example.com/cat.png "Cat")')).toEqual([
      { type: 'image', url: 'https://example.com/cat.png', title: 'Cat', alt: 'a cat' },
    ]);
  });

  it('parses hard breaks (two spaces or a backslash) and soft breaks', () => {
    expect(parseInline('a  \nb\\\nc\n  d')).toEqual([text('a'), { type: 'hard-break' }, text('b'), { type: 'hard-break' }, text('c'), { type: 'soft-break' }, text('d')]);
    expect(parseInline('one space \nnext')).toEqual([text('one space'), { type: 'soft-break' }, text('next')]);
  });

  it('applies backslash escapes', () => {
    expect(parseInline('\\*not em\\* \\[x\\](y) \\`z\\` \\a')).toEqual([text('*not em* [x](y) `z` \\a')]);
  });

  it('keeps raw HTML as text', () => {
    expect(parseInline('<script>alert(1)</script><img src=x onerror=alert(1)>')).toEqual([text('<script>alert(1)</script><img src=x onerror=alert(1)>')]);
  });

  describe('streaming', () => {
    const streaming = { streaming: true };

    it('hides markers that later text may close, instead of showing them raw', () => {
      expect(parseInline('**bol', streaming)).toEqual([text('bol')]);
      expect(parseInline('**bold *and', streaming)).toEqual([text('bold and')]);
      expect(parseInline('Hello **', streaming)).toEqual([text('Hello ')]);
      expect(parseInline('Hello ~', streaming)).toEqual([text('Hello ')]);
      expect(parseInline('**bold*', streaming)).toEqual([{ type: 'emphasis', children: [text('bold')] }]);
    });

    it('keeps markers that can never be closed', () => {
      expect(parseInline('2 ** 3 and a * b', streaming)).toEqual([text('2 ** 3 and a * b')]);
      expect(parseInline('**done** and more', streaming)).toEqual([{ type: 'strong', children: [text('done')] }, text(' and more')]);
    });

    it('renders an unclosed code span as code up to the end', () => {
      expect(parseInline('run `npm te', streaming)).toEqual([text('run '), { type: 'code', text: 'npm te' }]);
      expect(parseInline('run `', streaming)).toEqual([text('run ')]);
    });

    it('shows the label of a link whose URL is still arriving', () => {
      expect(parseInline('see [the docs](https://exa', streaming)).toEqual([text('see the docs')]);
      expect(parseInline('see [the docs](https://example.com "Ti', streaming)).toEqual([text('see the docs')]);
      expect(parseInline('see [the docs](https://example.com)', streaming)).toEqual([text('see '), link('https://example.com', [text('the docs')])]);
    });
  });

  describe('pathological input completes (linear time; bounded only by the test timeout)', () => {
    const cases: Array<[string, string]> = [
      ['10k *', '*'.repeat(10_000)],
      ['10k [', '['.repeat(10_000)],
      ['10k ]', ']'.repeat(10_000)],
      ['alternating *a', '*a '.repeat(10_000)],
      ['alternating _a_', 'a_'.repeat(10_000)],
      ['** openers', '**a '.repeat(10_000)],
      ['closers', 'a** '.repeat(10_000)],
      ['backtick runs', Array.from({ length: 300 }, (_, index) => '`'.repeat(index + 1)).join('a')],
      ['single backticks', '`a'.repeat(10_000)],
      ['link openers', '[a]('.repeat(10_000)],
      ['unclosed destinations', '[a](b'.repeat(10_000)],
      ['unclosed titles', '[a](b "'.repeat(10_000)],
      ['nested brackets', `${'['.repeat(5_000)}x${'](y)'.repeat(5_000)}`],
      ['images', '![a]('.repeat(10_000)],
      ['angle brackets', '<'.repeat(10_000) + '<a:b'.repeat(5_000)],
      ['bare URLs', 'https://'.repeat(10_000)],
      ['URL punctuation', `https://x${'.'.repeat(20_000)}${')'.repeat(20_000)}`],
      ['deep emphasis', `${'*('.repeat(5_000)}x${')*'.repeat(5_000)}`],
      ['mixed delimiters', '*_~~'.repeat(10_000)],
      ['escapes', '\\'.repeat(20_001)],
      ['spaces before newlines', `${' '.repeat(20_000)}\n`.repeat(3)],
    ];
    it.each(cases)('%s', (_, input) => {
      expect(() => parseInline(input)).not.toThrow();
      expect(() => parseInline(input, { streaming: true })).not.toThrow();
    });

    it('flattens emphasis nested too deeply instead of building a deep tree', () => {
      let depth = 0;
      let nodes = parseInline(`${'*('.repeat(5_000)}x${')*'.repeat(5_000)}`);
      for (;;) {
        const wrapper = nodes.find((node) => node.type === 'emphasis');
        if (!wrapper || wrapper.type !== 'emphasis') break;
        depth++;
        nodes = wrapper.children;
      }
      expect(depth).toBeLessThanOrEqual(12);
    });
  });
});
