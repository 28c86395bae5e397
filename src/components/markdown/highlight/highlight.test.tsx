// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from '../markdown';
import { highlightLanguage } from './highlight-language';
import { loadHighlighter } from './highlighter';

// Counts what the lazy module does: grammars loaded, and blocks highlighted.
const counts = vi.hoisted(() => ({ loads: [] as string[], highlights: 0 }));
vi.mock('./highlighter', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./highlighter')>();
  return {
    ...actual,
    loadHighlighter: async (language: Parameters<typeof actual.loadHighlighter>[0]) => {
      counts.loads.push(language);
      const highlight = await actual.loadHighlighter(language);
      return (code: string) => {
        counts.highlights += 1;
        return highlight(code);
      };
    },
  };
});

afterEach(cleanup);

const fence = '```';
const code = (container: HTMLElement) => container.querySelector('.rak-md-code code')!;
const block = (container: HTMLElement) => container.querySelector('.rak-md-code')!;

/** The token classes around each piece of text that has one, as `class:text`. */
function tokens(container: HTMLElement): string[] {
  return [...code(container).querySelectorAll('[class^="rak-tok-"]')].map((span) => `${span.className}:${span.textContent}`);
}

describe('code highlighting', () => {
  it('highlights a complete block in a known language, as spans with classes, and keeps the code as it is', async () => {
    const source = "const answer: number = 42; // the answer\nconsole.log('done');";
    const { container } = render(<Markdown text={`${fence}ts\n${source}\n${fence}`} />);
    // Plain first (the grammar loads lazily), then highlighted.
    await waitFor(() => expect(block(container).hasAttribute('data-highlighted')).toBe(true));
    expect(tokens(container)).toEqual(expect.arrayContaining(['rak-tok-keyword:const', 'rak-tok-number:42', 'rak-tok-comment:// the answer', "rak-tok-string:'done'", 'rak-tok-type:number']));
    expect(code(container).textContent).toBe(source);
    // Elements only, no inline styles, no HTML: what a strict Content-Security-Policy allows.
    expect(code(container).querySelectorAll('[style]')).toHaveLength(0);
    expect([...code(container).querySelectorAll('*')].every((element) => element.tagName === 'SPAN')).toBe(true);
  });

  it('loads the grammar of each fence language on demand: aliases share one, an unknown language stays plain and loads nothing', async () => {
    const before = counts.loads.length;
    const { container } = render(<Markdown text={[`${fence}py`, 'def f(): return None', fence, '', `${fence}python`, 'x = 1', fence, '', `${fence}cobol`, 'DISPLAY "HI".', fence].join('\n')} />);
    await waitFor(() => expect(container.querySelectorAll('[data-highlighted]')).toHaveLength(2));
    expect(counts.loads.slice(before)).toEqual(['python']);
    const [python, , cobol] = [...container.querySelectorAll('.rak-md-code')];
    expect(python!.querySelector('.rak-tok-keyword')?.textContent).toBe('def');
    expect(cobol!.hasAttribute('data-highlighted')).toBe(false);
    expect(cobol!.querySelector('code')!.textContent).toBe('DISPLAY "HI".');
    expect(highlightLanguage('cobol')).toBeUndefined();
  });

  it('knows the common languages under their usual names', () => {
    const names = ['js', 'javascript', 'ts', 'typescript', 'jsx', 'tsx', 'json', 'bash', 'sh', 'shell', 'python', 'py', 'html', 'xml', 'css', 'diff', 'sql', 'go', 'rust', 'rs', 'yaml', 'yml', 'markdown', 'md', 'TS'];
    expect(names.filter((name) => highlightLanguage(name) === undefined)).toEqual([]);
  });

  it.each([
    ['tsx', 'const a = <p className="x">{b}</p>;', 'rak-tok-tag'],
    ['json', '{ "a": [1, true, null] }', 'rak-tok-property'],
    ['bash', 'echo "$HOME" | grep -v x', 'rak-tok-function'],
    ['html', '<a href="/x">link</a>', 'rak-tok-tag'],
    ['css', '.a { color: red; }', 'rak-tok-property'],
    ['diff', '- old\n+ new', 'rak-tok-inserted'],
    ['sql', 'SELECT * FROM t WHERE id = 1', 'rak-tok-keyword'],
    ['go', 'func main() { fmt.Println("hi") }', 'rak-tok-keyword'],
    ['rust', 'fn main() { let x: u32 = 1; }', 'rak-tok-keyword'],
    ['yaml', 'name: value\nlist:\n  - 1', 'rak-tok-property'],
    ['markdown', '# Title\n\n**bold**', 'rak-tok-keyword'],
  ])('highlights %s', async (language, source, expected) => {
    const highlight = await loadHighlighter(highlightLanguage(language)!);
    const { container } = render(<Markdown text={`${fence}${language}\n${source}\n${fence}`} />);
    await waitFor(() => expect(block(container).hasAttribute('data-highlighted')).toBe(true));
    expect(code(container).querySelector(`.${expected}`)).not.toBeNull();
    expect(code(container).textContent).toBe(source);
    expect(highlight(source).length).toBeGreaterThan(0);
  });

  it('leaves a streaming block plain and highlights it once, when its fence closes: a growing block costs no highlighting', async () => {
    // The grammar is loaded before (as by an earlier block), so only highlighting is counted.
    await loadHighlighter('typescript');
    const lines = Array.from({ length: 40 }, (_, index) => `const value${index} = ${index};`);
    const reply = `Here:\n\n${fence}ts\n${lines.join('\n')}\n${fence}\n\nThat is all, said in a few more words.`;
    const { container, rerender } = render(<Markdown text="" streaming />);
    const before = counts.highlights;
    let highlightedWhileOpen = 0;
    // Token by token: every 7 characters.
    for (let end = 7; end < reply.length + 7; end += 7) {
      rerender(<Markdown text={reply.slice(0, end)} streaming />);
      await Promise.resolve();
      const shown = container.querySelector('.rak-md-code');
      if (shown?.hasAttribute('data-streaming') && shown.hasAttribute('data-highlighted')) highlightedWhileOpen += 1;
    }
    rerender(<Markdown text={reply} streaming={false} />);
    await waitFor(() => expect(block(container).hasAttribute('data-highlighted')).toBe(true));
    expect(highlightedWhileOpen).toBe(0);
    expect(counts.highlights - before).toBe(1);
    expect(code(container).textContent).toBe(lines.join('\n'));
  });

  it('highlights a block whose fence the reply never closed once the reply has ended', async () => {
    const { container, rerender } = render(<Markdown text={`${fence}js\nlet a = 1;`} streaming />);
    await waitFor(() => expect(counts.loads).toContain('javascript'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(block(container).hasAttribute('data-highlighted')).toBe(false);
    expect(block(container).hasAttribute('data-streaming')).toBe(true);
    rerender(<Markdown text={`${fence}js\nlet a = 1;`} />);
    await waitFor(() => expect(block(container).hasAttribute('data-highlighted')).toBe(true));
    expect(block(container).hasAttribute('data-streaming')).toBe(false);
    expect(tokens(container)).toContain('rak-tok-keyword:let');
  });

  it('still shows invisible characters in highlighted code as marks', async () => {
    const { container } = render(<Markdown text={`${fence}js\nconst s = "a\u202Eb";\n${fence}`} />);
    await waitFor(() => expect(block(container).hasAttribute('data-highlighted')).toBe(true));
    expect(code(container).querySelector('.rak-tok-string .rak-invisible-char')?.textContent).toBe('U+202E');
  });
});
