#!/usr/bin/env node
/**
 * Gives the published declarations' relative imports the file extensions Node-style TypeScript
 * needs. The sources import each other without extensions (`moduleResolution: bundler`), and tsc
 * copies those specifiers into dist/types as they are: under `module: node16` / `nodenext` an
 * extensionless relative import resolves to nothing, and every export of the kit becomes `any`.
 * Each relative specifier becomes the `.js` path of the declaration it names (`./x` -> `./x.js`,
 * `./folder` -> `./folder/index.js`), which every `moduleResolution` (bundler, node16, nodenext)
 * reads the same way. Run after `tsc -p tsconfig.build.json` (`npm run build` does).
 *
 * Chosen over writing `.js` in every source import (hundreds of files, and the playground's and
 * tests' Vite aliases) and over `rewriteRelativeImportExtensions` (TypeScript 5.7+, and it only
 * rewrites specifiers that already carry `.ts`).
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The `.js` specifier for `specifier` as imported from `directory`, or `undefined` when it names no declaration. */
export function withExtension(directory, specifier) {
  if (/\.(js|mjs|cjs|json|css)$/.test(specifier)) return specifier;
  const target = resolve(directory, specifier);
  if (existsSync(`${target}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(target, 'index.d.ts'))) return `${specifier.replace(/\/$/, '')}/index.js`;
  return undefined;
}

/** `from '...'`, `import '...'` and `import('...')` with a relative specifier (`.` and `..` too: a folder's index), outside comments' examples alike. */
const relativeSpecifier = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}(?:\/[^'"]*)?)\2/g;

export function fixDeclaration(file, text) {
  const problems = [];
  const fixed = text.replace(relativeSpecifier, (whole, before, quote, specifier) => {
    const rewritten = withExtension(dirname(file), specifier);
    if (rewritten === undefined) {
      problems.push(`${file}: ${specifier} names no declaration`);
      return whole;
    }
    return `${before}${quote}${rewritten}${quote}`;
  });
  return { fixed, problems };
}

function declarations(directory) {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return declarations(path);
    return name.endsWith('.d.ts') ? [path] : [];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const directory = resolve(root, process.argv[2] ?? 'dist/types');
  const problems = [];
  let changed = 0;
  for (const file of declarations(directory)) {
    const text = readFileSync(file, 'utf8');
    const result = fixDeclaration(file, text);
    problems.push(...result.problems);
    if (result.fixed !== text) {
      writeFileSync(file, result.fixed);
      changed++;
    }
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(`declarations: relative imports given extensions in ${changed} files`);
}
