#!/usr/bin/env node
/**
 * Type-checks every code sample in the docs against the built package (run `npm run build` first).
 *
 * Each ```ts / ```tsx / ```js / ```jsx block of docs/**\/*.md is a complete module: it is written to
 * .docs-samples/<page>/<n>.<ext> inside the repository (so `react-agent-kit/...` resolves to dist
 * through the package's own exports) and compiled with `tsc --noEmit`, strict. A failure names the
 * page and the line of the block.
 *
 * The example apps under docs/examples/ (shown in the pages with `<<< @/examples/...`) are compiled
 * the same way. Lines before `// ---cut---` in a block are context the page does not show (the
 * site hides them) but the compiler reads.
 *
 * Usage: node docs/check-samples.mjs [page.md ...]   (no arguments: every page and example)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docs = join(root, 'docs');
const out = join(root, '.docs-samples');
const checked = new Set(['ts', 'tsx', 'js', 'jsx']);

function filesUnder(directory, extensions) {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return filesUnder(path, extensions);
    return extensions.some((extension) => name.endsWith(extension)) ? [path] : [];
  });
}

function pages(directory) {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    // reference/api is generated from the TSDoc, whose examples are fragments of the code they document.
    if (name.startsWith('.') || name === 'node_modules' || path.endsWith(join('reference', 'api'))) return [];
    if (statSync(path).isDirectory()) return pages(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The checked fenced blocks of one page: language, first line (1-based) and code. */
export function samples(markdown) {
  const found = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]+)?(.*)$/.exec(lines[index]);
    if (!open) continue;
    const [, indent, fence, language = ''] = open;
    const body = [];
    let end = index + 1;
    while (end < lines.length && !lines[end].trimStart().startsWith(fence)) body.push(lines[end++].slice(indent.length));
    if (checked.has(language)) found.push({ language, line: index + 2, code: body.join('\n') });
    index = end;
  }
  return found;
}

const requested = process.argv.slice(2).map((file) => resolve(file));
const files = requested.length > 0 ? requested : pages(docs);
rmSync(out, { recursive: true, force: true });
const map = new Map();
let count = 0;
for (const file of files) {
  const page = relative(docs, file).replace(/\.md$/, '');
  samples(readFileSync(file, 'utf8')).forEach((sample, index) => {
    const target = join(out, page, `sample-${index + 1}.${sample.language}`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, sample.code.includes('import ') || sample.code.includes('export ') ? sample.code : `${sample.code}\nexport {};\n`);
    map.set(relative(root, target), `${relative(root, file)}:${sample.line}`);
    count++;
  });
}
if (requested.length === 0) {
  for (const file of filesUnder(join(docs, 'examples'), ['.ts', '.tsx', '.mjs'])) {
    const target = join(out, relative(docs, file));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, readFileSync(file, 'utf8'));
    map.set(relative(root, target), `${relative(root, file)}:1`);
    count++;
  }
}
if (count === 0) {
  console.log(`docs samples: none in ${files.length} pages`);
  process.exit(0);
}
writeFileSync(join(out, 'tsconfig.json'), JSON.stringify({
  compilerOptions: {
    target: 'ES2022', lib: ['ES2023', 'DOM', 'DOM.Iterable'], module: 'ESNext', moduleResolution: 'bundler',
    jsx: 'react-jsx', strict: true, noEmit: true, skipLibCheck: true, allowJs: true, checkJs: true,
    types: ['node', 'vite/client'], isolatedModules: true, noUnusedLocals: false,
  },
  include: ['**/*'],
}, null, 2));
try {
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(out, 'tsconfig.json'), '--pretty', 'false'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  console.log(`docs samples: ${count} samples in ${files.length} pages type-check`);
} catch (error) {
  const output = String(error.stdout ?? error);
  const readable = output.replace(/^(\.docs-samples\/[^(]+)\((\d+),(\d+)\)/gm, (_, file, line) => {
    const at = map.get(file);
    if (!at) return `${file}(${line})`;
    const [page, start] = at.split(/:(?=\d+$)/);
    return `${page}:${Number(start) + Number(line) - 1}`;
  });
  console.error(readable);
  console.error(`docs samples: type errors (above), ${count} samples in ${files.length} pages`);
  process.exit(1);
}
