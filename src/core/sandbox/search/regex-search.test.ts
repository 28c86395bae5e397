import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegexEngine } from './regex-engine';
import { compileRegex, forEachMatchingLine } from './regex-search';

beforeAll(() => loadRegexEngine());

/** Every matching line as [line, column], by the engine. */
function engineLines(text: string, pattern: string, ignoreCase: boolean): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  forEachMatchingLine(text, compileRegex(pattern, ignoreCase), (line, _content, column) => found.push([line, column]) > 0);
  return found;
}

/** The same by the browser's RegExp, one line at a time: the reference on small, harmless inputs. */
function nativeLines(text: string, pattern: string, ignoreCase: boolean): Array<[number, number]> {
  const expression = new RegExp(pattern, ignoreCase ? 'i' : '');
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines.flatMap((line, index) => {
    const found = expression.exec(line.endsWith('\r') ? line.slice(0, -1) : line);
    return found === null ? [] : [[index + 1, found.index + 1] as [number, number]];
  });
}

describe('regular-expression search against the browser RegExp', () => {
  const pieces = ['a', 'b', 'ab', 'A', '.', ' ', '\\.', '\\d', '\\s', '\\w', '\\b', '[ab]', '[^a]', 'a*', 'b+', 'a?', 'x{2}', 'b{1,2}', '(a|b)', '(?:ab)+', '^', '$', '(?<=a)', '(?<!b)', 'é'];
  const pattern = fc.array(fc.constantFrom(...pieces), { maxLength: 5 }).map((parts) => parts.join(''));
  const text = fc.array(fc.constantFrom('a', 'b', 'A', 'B', ' ', '.', '1', 'x', 'é', 'É', '\n', '\r\n'), { maxLength: 24 }).map((parts) => parts.join(''));

  it('finds the same lines and columns, with and without ignoreCase', () => {
    fc.assert(
      fc.property(pattern, text, fc.boolean(), (source, content, ignoreCase) => {
        expect(engineLines(content, source, ignoreCase), `${JSON.stringify(source)} in ${JSON.stringify(content)}`).toEqual(nativeLines(content, source, ignoreCase));
      }),
      { numRuns: 3000 },
    );
  });

  it('visits lines in order and stops when asked', () => {
    const seen: number[] = [];
    forEachMatchingLine('a\nb\na\na\n', compileRegex('a', false), (line) => seen.push(line) < 2);
    expect(seen).toEqual([1, 3]);
  });
});

describe('hostile regular expressions end at once', () => {
  it('nested quantifiers on long runs, in one line and across many', () => {
    const started = performance.now();
    const run = 'a'.repeat(5_000);
    expect(engineLines(`${run}!\n${run}\n`, '(a+)+$', false)).toEqual([[2, 1]]);
    expect(engineLines(`${run}!`, '(a|aa)*b', true)).toEqual([]);
    expect(engineLines(`${'x'.repeat(40)}\n`.repeat(2_000), '(x+x+)+y', false)).toEqual([]);
    expect(engineLines(`${run}!`, '(?<=(?:a+)+)!', false)).toEqual([[1, 5_001]]);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
