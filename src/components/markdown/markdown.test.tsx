// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from './markdown';
import { parseInline } from './parse-inline';

// Inline parsing happens only while a block renders, so counting parseInline calls per text
// counts block renders, without any test-only hook in production code.
vi.mock('./parse-inline', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./parse-inline')>();
  return { ...actual, parseInline: vi.fn(actual.parseInline) };
});

afterEach(cleanup);

function renderMarkdown(text: string, streaming = false): HTMLElement {
  return render(<Markdown text={text} streaming={streaming} />).container;
}

/** Elements or attributes through which markup could run code or load anything. */
function dangerousNodes(container: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of container.querySelectorAll('*')) {
    if (['SCRIPT', 'IMG', 'IFRAME', 'OBJECT', 'EMBED', 'svg', 'STYLE', 'LINK'].includes(element.tagName)) found.push(element.tagName);
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith('on') || attribute.name === 'style' || attribute.name === 'src') found.push(`${element.tagName}[${attribute.name}]`);
      if (attribute.name === 'href' && !/^(https?:|mailto:|\/|#|\.|\?)/i.test(attribute.value)) found.push(`href=${attribute.value}`);
    }
  }
  return found;
}

const DOCUMENT = [
  '# Release notes',
  '',
  'Intro with **bold**, *em*, ~~old~~, `code *literal*` and a [link](https://example.com "Example").',
  'Second line  ',
  'after a hard break. Visit https://example.org/docs.',
  '',
  '> Quoted *text*',
  '> > nested',
  '',
  '1. First',
  '   - nested **a**',
  '   - nested b',
  '2. Second',
  '',
  '- [x] done',
  '- [ ] todo',
  '',
  '| Name | Count |',
  '|:-----|------:|',
  '| `a|b` | 1 |',
  '| c | **2** |',
  '',
  '---',
  '',
  '```ts',
  'const value = a * b;',
  '```',
  '',
  '![diagram](https://example.com/d.png) and <https://example.net>.',
].join('\n');

describe('Markdown', () => {
  it('adds a burst to the page in slices of 100 blocks a frame, all of it in the end; a first render shows everything at once', async () => {
    const paragraphs = (count: number) => Array.from({ length: count }, (_, index) => `Paragraph ${index}.`).join('\n\n');
    const view = render(<Markdown text="Hello" streaming />);
    view.rerender(<Markdown text={paragraphs(1_000)} />);
    const shown = () => view.container.querySelectorAll('.rak-md > p').length;
    expect(shown()).toBe(101);
    const seen = [shown()];
    while (shown() < 1_000) {
      await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      seen.push(shown());
    }
    expect(seen).toEqual([101, 201, 301, 401, 501, 601, 701, 801, 901, 1_000]);
    expect(view.container.querySelector('.rak-md > p:last-child')?.textContent).toBe('Paragraph 999.');
    cleanup();
    expect(render(<Markdown text={paragraphs(1_000)} />).container.querySelectorAll('.rak-md > p')).toHaveLength(1_000);
  });

  it('renders a few streamed tokens in one commit, and defers a burst behind the text on screen', () => {
    let commits = 0;
    const pendingAtCommit: boolean[] = [];
    const view = render(<span />);
    const show = (text: string) =>
      view.rerender(
        <Profiler
          id="md"
          onRender={() => {
            commits += 1;
            pendingAtCommit.push(view.container.querySelector('.rak-md')?.hasAttribute('data-pending') ?? false);
          }}
        >
          <Markdown text={text} streaming />
        </Profiler>,
      );
    show('Hello');
    commits = 0;
    pendingAtCommit.length = 0;
    let text = 'Hello';
    for (const token of [' there', ', how', ' are', ' you', '?\n\nA second', ' paragraph.']) {
      text += token;
      show(text);
    }
    // One commit per update (no second, deferred one), never showing older text than given.
    expect(commits).toBe(6);
    expect(pendingAtCommit).toEqual([false, false, false, false, false, false]);
    expect(view.container.querySelector('.rak-md p:last-child')?.textContent).toBe('A second paragraph.');

    commits = 0;
    pendingAtCommit.length = 0;
    show(`${text}\n\n${'A burst of words. '.repeat(200)}`);
    // First the text on screen (marked pending), then the burst at background priority.
    expect(commits).toBe(2);
    expect(pendingAtCommit).toEqual([true, false]);
    expect(view.container.querySelectorAll('.rak-md p')).toHaveLength(3);
  });

  it('renders the block and inline structure', () => {
    const container = renderMarkdown(DOCUMENT);
    const root = container.firstElementChild;
    expect(root?.className).toBe('rak-md');
    expect(container.querySelector('h1')?.textContent).toBe('Release notes');
    expect(container.querySelector('p strong')?.textContent).toBe('bold');
    expect(container.querySelector('p em')?.textContent).toBe('em');
    expect(container.querySelector('p del')?.textContent).toBe('old');
    expect(container.querySelector('p code')?.textContent).toBe('code *literal*');
    expect(container.querySelector('p br')).not.toBeNull();
    expect(container.querySelector('blockquote blockquote p')?.textContent).toBe('nested');
    expect(container.querySelector('hr')).not.toBeNull();
    expect(container.querySelectorAll('.rak-md-code pre code')).toHaveLength(1);
  });

  it('keeps inline code containing `*` literal', () => {
    const container = renderMarkdown('Use `a * b *c*` here and `**x**`.');
    const codes = [...container.querySelectorAll('code')].map((code) => code.textContent);
    expect(codes).toEqual(['a * b *c*', '**x**']);
    expect(container.querySelector('em, strong')).toBeNull();
  });

  it('renders links in a new tab without opener, referrer or ranking', () => {
    const container = renderMarkdown('[docs](https://example.com/docs "Docs") and https://example.org');
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/docs', 'https://example.org']);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
    expect(links[0]?.getAttribute('title')).toBe('Docs');
  });

  it('renders images as links showing the alt text, never as <img>', () => {
    const container = renderMarkdown('![a diagram](https://example.com/d.png) ![](https://example.com/e.png)');
    expect(container.querySelector('img')).toBeNull();
    const links = [...container.querySelectorAll('a.rak-md-image-link')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['a diagram', 'https://example.com/d.png'],
      ['https://example.com/e.png', 'https://example.com/e.png'],
    ]);
  });

  describe('XSS', () => {
    it.each([
      ['javascript link', '[click](javascript:alert(1))', 'click'],
      ['mixed-case scheme', '[click](JaVaScRiPt:alert(1))', 'click'],
      ['entity-obfuscated scheme', '[click](&#106;avascript:alert(1))', 'click'],
      ['hex entity without semicolon', '[click](&#x6a;avascript&#x3A;alert(1))', 'click'],
      ['escaped colon entity', '[click](javascript&colon;alert(1))', 'click'],
      ['vbscript link', '[click](vbscript:msgbox(1))', 'click'],
      ['data link', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)', 'click'],
      ['javascript image', '![pic](javascript:alert(1))', 'pic'],
      ['javascript autolink', '<javascript:alert(1)>', 'javascript:alert(1)'],
      ['script tag', '<script>alert(1)</script>', '<script>alert(1)</script>'],
      ['img onerror', '<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
      ['svg onload', '<svg onload=alert(1)></svg>', '<svg onload=alert(1)></svg>'],
      ['iframe', '<iframe src="javascript:alert(1)"></iframe>', '<iframe src="javascript:alert(1)"></iframe>'],
      ['html in a table', '| a |\n|---|\n| <img src=x onerror=alert(1)> |', '<img src=x onerror=alert(1)>'],
      ['html in a code block', '```html\n<script>alert(1)</script>\n```', '<script>alert(1)</script>'],
      ['attribute breakout in a title', '[x](https://example.com "a\\" onmouseover=\\"alert(1)")', 'x'],
    ])('%s: nothing executable, the text shows literally', (_, source, visible) => {
      const container = renderMarkdown(source);
      expect(dangerousNodes(container)).toEqual([]);
      expect(container.querySelector('a[href^="javascript" i], a[href^="vbscript" i], a[href^="data" i]')).toBeNull();
      expect(container.textContent).toContain(visible);
    });

    it('never uses innerHTML: markup characters stay text nodes', () => {
      const container = renderMarkdown('Hello <b>not bold</b> &amp; <em>not em</em>');
      expect(container.querySelector('b')).toBeNull();
      expect(container.querySelector('p')?.textContent).toBe('Hello <b>not bold</b> &amp; <em>not em</em>');
    });
  });

  it('renders an unterminated fence as a code block holding the rest, flagged as streaming', () => {
    const container = renderMarkdown('Here:\n\n```js\nconst a = 1;\n\n# not a heading\n- not a list', true);
    const block = container.querySelector('.rak-md-code');
    expect(block?.hasAttribute('data-streaming')).toBe(true);
    expect(block?.querySelector('code')?.textContent).toBe('const a = 1;\n\n# not a heading\n- not a list');
    expect(container.querySelector('h1, ul')).toBeNull();
    const closed = renderMarkdown('```js\nx\n```');
    expect(closed.querySelector('.rak-md-code')?.hasAttribute('data-streaming')).toBe(false);
  });

  it('renders code blocks with a language class, a label and a Copy button', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    try {
      const container = renderMarkdown('```python\nprint("hi")\n```');
      expect(container.querySelector('pre > code.language-python')?.textContent).toBe('print("hi")');
      // A block that scrolls sideways can be reached and scrolled from the keyboard.
      expect(container.querySelector('pre')?.tabIndex).toBe(0);
      expect(container.querySelector('.rak-md-code-language')?.textContent).toBe('python');
      const button = container.querySelector('button.rak-md-code-copy');
      expect(button?.textContent).toBe('Copy');
      await act(async () => {
        if (button) fireEvent.click(button);
      });
      expect(writeText).toHaveBeenCalledWith('print("hi")');
      expect(button?.textContent).toBe('Copied');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does not throw when the clipboard API is missing', () => {
    vi.stubGlobal('navigator', {});
    try {
      const container = renderMarkdown('```\nx\n```');
      const button = container.querySelector('button');
      expect(() => {
        if (button) fireEvent.click(button);
      }).not.toThrow();
      expect(button?.textContent).toBe('Copy failed');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('renders nested lists', () => {
    const container = renderMarkdown('- a\n  - b\n    - c\n- d\n\n3. three\n4. four');
    const outer = container.querySelector('ul');
    expect(outer?.children).toHaveLength(2);
    expect(outer?.querySelector(':scope > li > ul > li > ul > li')?.textContent).toBe('c');
    expect(outer?.querySelector(':scope > li')?.firstChild?.textContent).toBe('a');
    expect(container.querySelector('ol')?.getAttribute('start')).toBe('3');
  });

  it('renders task list items with disabled checkboxes', () => {
    const container = renderMarkdown('- [x] done\n- [ ] todo\n- plain');
    const boxes = [...container.querySelectorAll<HTMLInputElement>('li > input[type="checkbox"]')];
    expect(boxes.map((box) => [box.checked, box.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(container.querySelectorAll('li')[1]?.textContent).toBe('todo');
  });

  it('renders tables in a scrollable wrapper with column alignment', () => {
    const container = renderMarkdown('| Left | Center | Right | None |\n|:--|:-:|--:|---|\n| a | **b** | c | d |');
    const table = container.querySelector('div.rak-md-table-wrap > table');
    expect(table).not.toBeNull();
    expect([...container.querySelectorAll('th')].map((cell) => [cell.textContent, cell.getAttribute('align')])).toEqual([
      ['Left', 'left'],
      ['Center', 'center'],
      ['Right', 'right'],
      ['None', null],
    ]);
    expect([...container.querySelectorAll('tbody td')].map((cell) => cell.getAttribute('align'))).toEqual(['left', 'center', 'right', null]);
    expect(container.querySelector('tbody td strong')?.textContent).toBe('b');
  });

  it('hides unclosed markers while streaming and shows them once the message is final', () => {
    const { container, rerender } = render(<Markdown text="This is **important" streaming />);
    expect(container.textContent).toBe('This is important');
    rerender(<Markdown text="This is **important" />);
    expect(container.textContent).toBe('This is **important');
  });

  it('streams a document character by character without throwing, ending with the same DOM as one render', () => {
    const { container, rerender } = render(<Markdown text="" streaming />);
    for (let length = 1; length <= DOCUMENT.length; length++) {
      rerender(<Markdown text={DOCUMENT.slice(0, length)} streaming />);
    }
    rerender(<Markdown text={DOCUMENT} />);
    const whole = renderMarkdown(DOCUMENT);
    expect(container.innerHTML).toBe(whole.innerHTML);
  });

  it('does not render earlier blocks again when the last block changes', () => {
    const parse = vi.mocked(parseInline);
    const head = '# Title\n\nFirst paragraph.\n\n- item one\n- item two\n\n| a |\n|---|\n| cell |\n\n';
    const { rerender } = render(<Markdown text={`${head}Streaming`} streaming />);
    parse.mockClear();
    for (const tail of ['Streaming te', 'Streaming text', 'Streaming text **grows**']) {
      rerender(<Markdown text={head + tail} streaming />);
    }
    const parsed = parse.mock.calls.map(([text]) => text);
    expect(parsed).toEqual(['Streaming te', 'Streaming text', 'Streaming text **grows**']);
  });

  it('renders pathological input without throwing', () => {
    for (const text of ['*'.repeat(10_000), '['.repeat(10_000), `${'*('.repeat(3_000)}x${')*'.repeat(3_000)}`, '>'.repeat(5_000), `${'- '.repeat(3_000)}x`, '`'.repeat(5_000)]) {
      expect(() => renderMarkdown(text)).not.toThrow();
      cleanup();
    }
  });

  it('marks invisible characters: every one in code, the misleading ones in prose, and keeps emoji', () => {
    const container = renderMarkdown('Run `rm -rf ./\u202Etmp` or:\n\n```sh\nls \u2066-la\u2069\n```\n\nSee \u202Ehere 👩🏽‍💻 and می\u200Cخواهم');
    const marks = [...container.querySelectorAll('.rak-invisible-char')].map((mark) => [mark.closest('pre') ? 'block' : mark.closest('code') ? 'inline code' : 'prose', mark.textContent]);
    expect(marks).toEqual([
      ['inline code', 'U+202E'],
      ['block', 'U+2066'],
      ['block', 'U+2069'],
      ['prose', 'U+202E'],
    ]);
    expect(container.textContent).toContain('👩🏽‍💻 and می\u200Cخواهم');
    expect(container.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it('adds no nodes to text without invisible characters', () => {
    const container = renderMarkdown('Plain *text* with `code` and ❤️');
    expect(container.innerHTML).toBe('<div class="rak-md"><p>Plain <em>text</em> with <code>code</code> and ❤️</p></div>');
  });

  it('accepts a className', () => {
    const { container } = render(<Markdown text="x" className="chat" />);
    expect(container.firstElementChild?.className).toBe('rak-md chat');
  });
});
