/**
 * The JavaScript/TypeScript corpus on disk (test/code-corpus/javascript/<category>/<program>): a
 * program is one file (`files/append.js`), or a folder whose entry is its `main.*` file with the
 * other files beside it (modules it imports, data it reads). Each program starts in its own
 * directory holding exactly those files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The corpus's folder. */
export const javascriptCorpusRoot = join(import.meta.dirname, 'javascript');

/** One program of the corpus. */
export interface CorpusProgram {
  /** `category/program` (the file or folder name, extension included for a single file). */
  name: string;
  category: string;
  /** The file to run, relative to the program's directory. */
  entry: string;
  /** The program's starting files, by path relative to its directory. */
  files: Map<string, Uint8Array>;
}

const entryPattern = /^main\.(js|mjs|cjs|ts|mts|cts)$/;
const programPattern = /\.(js|mjs|cjs|ts|mts|cts)$/;

function filesUnder(directory: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(directory, path), readFileSync(path));
    }
  };
  walk(directory);
  return files;
}

/**
 * Every program of the corpus, sorted by name.
 *
 * @example
 * ```ts
 * const programs = loadJavaScriptCorpus(); // [{ name: 'console/circular.js', entry: 'circular.js', ... }, ...]
 * ```
 */
export function loadJavaScriptCorpus(root = javascriptCorpusRoot): CorpusProgram[] {
  const programs: CorpusProgram[] = [];
  for (const category of readdirSync(root).sort()) {
    const categoryPath = join(root, category);
    if (!statSync(categoryPath).isDirectory()) continue;
    for (const name of readdirSync(categoryPath).sort()) {
      const path = join(categoryPath, name);
      if (statSync(path).isDirectory()) {
        const files = filesUnder(path);
        const entry = [...files.keys()].find((file) => entryPattern.test(file));
        if (entry === undefined) throw new Error(`${category}/${name} has no main.js/.mjs/.cjs/.ts/.mts/.cts`);
        programs.push({ name: `${category}/${name}`, category, entry, files });
      } else if (programPattern.test(name)) {
        programs.push({ name: `${category}/${name}`, category, entry: name, files: new Map([[name, readFileSync(path)]]) });
      }
    }
  }
  return programs;
}

/**
 * The programs the corpus's README lists as failing on purpose, with why: lines
 * ``- `category/program`: why``.
 *
 * @example
 * ```ts
 * unsupportedPrograms(readFileSync('test/code-corpus/javascript/README.md', 'utf8')); // Map { 'console/console-table.js' => '...' }
 * ```
 */
export function unsupportedPrograms(readme: string): Map<string, string> {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Unsupported on purpose')) ?? '';
  return new Map([...section.matchAll(/^- `([^`]+)`: (.+)$/gm)].map((match) => [match[1]!, match[2]!]));
}
