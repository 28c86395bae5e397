import { describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox';
import { isSandboxError } from './sandbox-errors';

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

describe('grep', () => {
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
