/**
 * What an app ships when it imports one thing from the built package: the bundler keeps only
 * what that export needs. Top-level calls (`memo(...)`, `createContext(...)`) are marked pure in
 * the source for this; without the marks, importing only `Markdown` from `/components` shipped the
 * file explorer, the diff view and the agent's core (20.7 kB instead of 8.8 kB). Builds an app
 * entry against `dist/` with Vite, React external, and counts gzip bytes of the code it loads up
 * front (lazy chunks are not loaded).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'rak-tree-shaking-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The up-front code of an app that imports `names` from the built `entry`: gzip bytes and text. */
async function appImporting(names: string[], entry: string): Promise<{ gzipKb: number; code: string; lazyCode: string }> {
  if (!existsSync(join(root, 'dist/components.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
  const directory = mkdtempSync(join(work, 'app-'));
  writeFileSync(join(directory, 'app.js'), `import { ${names.join(', ')} } from ${JSON.stringify(join(root, 'dist', entry))};\nconsole.log(${names.join(', ')});\n`);
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir: join(directory, 'out'),
      minify: true,
      lib: { entry: join(directory, 'app.js'), formats: ['es'], fileName: 'app' },
      rollupOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/] },
    },
  });
  // The entry and the chunks it imports statically, transitively.
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, chunk] of readFileSync(join(directory, 'out', file), 'utf8').matchAll(/from\s*"\.\/([^"]+)"/g)) visit(chunk!);
  };
  visit('app.js');
  const code = [...files].map((file) => readFileSync(join(directory, 'out', file), 'utf8')).join('\n');
  const lazyCode = readdirSync(join(directory, 'out'))
    .filter((file) => file.endsWith('.js') && !files.has(file))
    .map((file) => readFileSync(join(directory, 'out', file), 'utf8'))
    .join('\n');
  return { gzipKb: gzipSync(code, { level: 9 }).length / 1000, code, lazyCode };
}

describe('importing one component from the built package', () => {
  it('Markdown alone ships the Markdown renderer, not the chat, the explorer, the diff view or the agent', async () => {
    const { gzipKb, code } = await appImporting(['Markdown'], 'components.js');
    expect(code).toContain('rak-md');
    for (const other of ['rak-explorer', 'rak-diff', 'rak-composer', 'rak-approval', 'rak-thread', 'rak-question']) expect(code).not.toContain(other);
    // Its English words, not the whole set (the copy button's, not the composer's).
    expect(code).not.toContain('Send a message');
    // 10.0 kB since dist/ keeps one file per module (each dynamically imported module's namespace
    // is its own object); 20.7 kB when the chat came along.
    expect(gzipKb).toBeLessThan(11);
  }, 60_000);

  it('Markdown loads the code highlighter and its grammars lazily: none of it is up front', async () => {
    const { code, lazyCode } = await appImporting(['Markdown'], 'components.js');
    // Prism's core and a grammar, by strings they contain.
    for (const marker of ['Prism', 'languages.extend', 'class-name']) expect(code).not.toContain(marker);
    for (const marker of ['languages.extend', 'class-name']) expect(lazyCode).toContain(marker);
  }, 60_000);

  it('DiffView alone ships the diff view only (and its own English words, not the whole set)', async () => {
    const { gzipKb, code } = await appImporting(['DiffView'], 'components.js');
    expect(code).toContain('rak-diff');
    for (const other of ['rak-explorer', 'rak-md', 'rak-composer']) expect(code).not.toContain(other);
    expect(code).not.toContain('Send a message');
    expect(gzipKb).toBeLessThan(5.5);
  }, 60_000);
});
