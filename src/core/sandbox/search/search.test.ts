import { beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../create-sandbox';
import { loadRegexEngine } from './regex-engine';
import { maxRegexLength } from './regex-syntax';
import { isSandboxError } from '../tree/sandbox-errors';

const sandbox = createSandbox({
  files: {
    'README.md': '# Title\nTODO: write\n',
    'src/a.ts': 'const a = 1;\n// TODO later\nexport { a };\n',
    'src/ui/button.tsx': 'export const Button = () => null; // todo\n',
    'src/ui/.hidden.ts': 'todo',
    'docs/guide.md': 'a.b and axb\r\nsecond line\n',
    'bin/logo.png': new Uint8Array([0x54, 0x4f, 0x44, 0x4f]), // "TODO" in bytes: binary is never searched
  },
});

describe('glob', () => {
  it('matches files relative to the root, sorted', () => {
    expect(sandbox.glob('**/*.md')).toEqual(['/README.md', '/docs/guide.md']);
    expect(sandbox.glob('src/**/*.{ts,tsx}')).toEqual(['/src/a.ts', '/src/ui/.hidden.ts', '/src/ui/button.tsx']);
    expect(sandbox.glob('src/*')).toEqual(['/src/a.ts']);
    expect(sandbox.glob('/src/?.ts')).toEqual(['/src/a.ts']);
    expect(sandbox.glob('./README.md')).toEqual(['/README.md']);
    expect(sandbox.glob('nothing/**')).toEqual([]);
  });

  it('matches relative to cwd, and can include directories', () => {
    expect(sandbox.glob('*.tsx', { cwd: 'src/ui' })).toEqual(['/src/ui/button.tsx']);
    expect(sandbox.glob('*', { cwd: 'src', directories: true })).toEqual(['/src/a.ts', '/src/ui']);
    expect(sandbox.glob('**', { cwd: '/docs' })).toEqual(['/docs/guide.md']);
  });

  it('refuses a bad cwd or pattern', () => {
    expect(() => sandbox.glob('*', { cwd: '../' })).toThrow(/climbs above/);
    expect(() => sandbox.glob('*', { cwd: 'README.md' })).toThrow(/not a directory/);
    expect(() => sandbox.glob('[')).toThrow(/never closed/);
  });

  it('cannot reach outside the cwd or root with ..', () => {
    expect(sandbox.glob('../**', { cwd: 'src' })).toEqual([]);
  });
});

describe('grep before the regular-expression engine is loaded', () => {
  it('searches literals, and refuses regex: true with a clear error that says what to do', () => {
    expect(sandbox.grep('TODO').matches).toHaveLength(2);
    try {
      sandbox.grep('T.DO', { regex: true });
      expect.unreachable();
    } catch (error) {
      expect(isSandboxError(error, 'regex-engine-not-loaded')).toBe(true);
      expect((error as Error).message).toContain('await loadRegexEngine()');
    }
  });
});

describe('grep', () => {
  beforeAll(() => loadRegexEngine());

  it('finds a literal across text files with line and column', () => {
    const result = sandbox.grep('TODO');
    expect(result.truncated).toBe(false);
    expect(result.matches).toEqual([
      { path: '/README.md', line: 2, column: 1, text: 'TODO: write' },
      { path: '/src/a.ts', line: 2, column: 4, text: '// TODO later' },
    ]);
  });

  it('treats the pattern literally unless regex is set', () => {
    expect(sandbox.grep('a.b').matches.map((match) => match.column)).toEqual([1]);
    expect(sandbox.grep('a.b', { regex: true }).matches.map((match) => match.text)).toEqual(['a.b and axb']);
    expect(sandbox.grep('^second', { regex: true }).matches).toEqual([{ path: '/docs/guide.md', line: 2, column: 1, text: 'second line' }]);
  });

  it('ignores case when asked, filters by path and glob', () => {
    expect(sandbox.grep('todo', { ignoreCase: true }).matches).toHaveLength(4);
    expect(sandbox.grep('todo', { ignoreCase: true, path: 'src/ui' }).matches.map((match) => match.path)).toEqual(['/src/ui/.hidden.ts', '/src/ui/button.tsx']);
    expect(sandbox.grep('todo', { ignoreCase: true, glob: '**/*.tsx' }).matches.map((match) => match.path)).toEqual(['/src/ui/button.tsx']);
    expect(sandbox.grep('todo', { ignoreCase: true, path: 'src/a.ts', glob: '*.ts' }).matches).toHaveLength(1);
  });

  it('reports one match per line and stops at maxMatches', () => {
    const many = createSandbox({ files: { 'x.txt': 'a a a\na\na\na\n', 'y.txt': 'a\n' } });
    expect(many.grep('a').matches).toHaveLength(5);
    const capped = many.grep('a', { maxMatches: 2 });
    expect(capped.matches.map((match) => match.line)).toEqual([1, 2]);
    expect(capped.truncated).toBe(true);
    expect(many.grep('a', { maxMatches: 5 }).truncated).toBe(false);
  });

  it('cuts long lines, keeping the match in view', () => {
    const wide = createSandbox({ files: { 'w.txt': 'x'.repeat(1000) + 'NEEDLE' + 'y'.repeat(1000) } });
    const [match] = wide.grep('NEEDLE', { maxLineLength: 50 }).matches;
    expect(match!.column).toBe(1001);
    expect(match!.text).toContain('NEEDLE');
    expect(match!.text.length).toBeLessThanOrEqual(52);
  });

  it('does not report the empty "line" after a final newline', () => {
    const file = createSandbox({ files: { 'f.txt': 'a\nb\n' } });
    expect(file.grep('$', { regex: true }).matches.map((match) => match.line)).toEqual([1, 2]);
    expect(file.grep('', {}).matches.map((match) => match.line)).toEqual([1, 2]);
  });

  it('refuses invalid regular expressions and missing paths', () => {
    try {
      sandbox.grep('(', { regex: true });
      expect.unreachable();
    } catch (error) {
      expect(isSandboxError(error, 'invalid-pattern')).toBe(true);
    }
    expect(() => sandbox.grep('x', { path: 'missing' })).toThrow(/does not exist/);
  });
});

describe('grep with regex: true', () => {
  beforeAll(() => loadRegexEngine());

  const errorOf = (pattern: string): Error => {
    try {
      sandbox.grep(pattern, { regex: true });
    } catch (error) {
      expect(isSandboxError(error, 'invalid-pattern'), String(error)).toBe(true);
      return error as Error;
    }
    throw new Error(`${pattern} was accepted`);
  };

  it('names the syntax the linear-time engine does not have', () => {
    expect(errorOf('(a)\\1').message).toMatch(/^The search pattern uses a backreference \(`\\1`\), which is not supported: .*linear-time engine/);
    expect(errorOf('(?<x>a)\\k<x>').message).toMatch(/named backreference .* not supported/);
    expect(errorOf('a(?=b)').message).toMatch(/lookahead \(`\(\?=…\)`\), which is not supported/);
    expect(errorOf('(?!b)a').message).toMatch(/lookahead \(`\(\?!…\)`\)/);
    expect(errorOf('(').message).toMatch(/not a valid regular expression for the linear-time engine .*missing closing \)/);
    expect(errorOf('x'.repeat(maxRegexLength + 1)).message).toMatch(/longer than 4096 characters/);
  });

  it('takes JavaScript syntax: escapes, classes, groups, lookbehind', () => {
    const files = createSandbox({ files: { 'a.txt': 'A1 😀 end\nprice: $5\nxay\n', 'b.txt': '\n' } });
    const lines = (pattern: string) => files.grep(pattern, { regex: true }).matches.map((match) => `${match.path}:${match.line}:${match.column}`);
    expect(lines('\\u0041\\d')).toEqual(['/a.txt:1:1']);
    expect(lines('\\u{1F600}')).toEqual(['/a.txt:1:4']);
    expect(lines('\\x41')).toEqual(['/a.txt:1:1']);
    expect(lines('(?<currency>\\$)\\d')).toEqual(['/a.txt:2:8']);
    expect(lines('(?<=a)y')).toEqual(['/a.txt:3:3']);
    expect(lines('(?<!x)a')).toEqual([]);
    expect(lines('^[^]?$')).toEqual(['/b.txt:1:1']);
    expect(lines('\\/')).toEqual([]);
  });

  it('matches within one line, like grep; ^ and $ are the line ends, also before \\r\\n', () => {
    const files = createSandbox({ files: { 'crlf.txt': 'one;\r\ntwo;\r\n', 'lf.txt': 'a\nb\n' } });
    expect(files.grep(';$', { regex: true }).matches.map((match) => [match.line, match.column, match.text])).toEqual([[1, 4, 'one;'], [2, 4, 'two;']]);
    expect(files.grep('a\\nb', { regex: true }).matches).toEqual([]);
    expect(files.grep('a\\sb', { regex: true }).matches).toEqual([]);
    expect(files.grep('^b', { regex: true }).matches).toEqual([{ path: '/lf.txt', line: 2, column: 1, text: 'b' }]);
  });

  it('ignores case with Unicode folding, also where the native search jumps to literal text', () => {
    const files = createSandbox({ files: { 'k.txt': 'x\nthe \u212Aey\nKEY\n' } });
    expect(files.grep('key', { regex: true, ignoreCase: true }).matches.map((match) => match.line)).toEqual([2, 3]);
    expect(files.grep('k+ey', { regex: true }).matches).toEqual([]);
  });

  it('stops at maxMatches and reports truncation', () => {
    const many = createSandbox({ files: { 'x.txt': 'ab\nab\nab\n', 'y.txt': 'ab\n' } });
    expect(many.grep('a(b)', { regex: true, maxMatches: 3 })).toMatchObject({ truncated: true, matches: [{ line: 1 }, { line: 2 }, { line: 3 }] });
    expect(many.grep('a(b)', { regex: true, maxMatches: 4 }).truncated).toBe(false);
  });
});
