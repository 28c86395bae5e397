/**
 * Reads the corpus: one text file per category in this folder (`grep.txt`, ...). A line that
 * starts with `$ ` starts a script; the lines after it, up to the next `$ ` line, continue it (a
 * heredoc, a loop over several lines). Lines that start with `## ` are comments; blank lines at
 * the end of a script are dropped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CorpusCategory, CorpusScript } from './corpus-types';

const folder = import.meta.dirname;

/**
 * Parses one category's text.
 *
 * @example
 * ```ts
 * parseCorpus('grep', 'grep.txt', '$ grep -c alpha notes.txt\n'); // [{ category: 'grep', script: 'grep -c alpha notes.txt', source: 'grep.txt:1' }]
 * ```
 */
export function parseCorpus(category: CorpusCategory, file: string, text: string): CorpusScript[] {
  const entries: CorpusScript[] = [];
  let current: { lines: string[]; line: number } | undefined;
  const finish = () => {
    if (current === undefined) return;
    while (current.lines.length > 1 && current.lines.at(-1)?.trim() === '') current.lines.pop();
    entries.push({ category, script: current.lines.join('\n'), source: `${file}:${current.line}` });
  };
  text.split('\n').forEach((line, index) => {
    if (line.startsWith('## ')) return;
    if (line.startsWith('$ ')) {
      finish();
      current = { lines: [line.slice(2)], line: index + 1 };
    } else if (current !== undefined) current.lines.push(line);
  });
  finish();
  return entries;
}

/**
 * Every script of the corpus, category by category (the file names, without `.txt`).
 *
 * @example
 * ```ts
 * loadCorpus().length; // 300 or more
 * ```
 */
export function loadCorpus(): CorpusScript[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .flatMap((name) => parseCorpus(name.slice(0, -'.txt'.length) as CorpusCategory, name, readFileSync(join(folder, name), 'utf8')));
}
