/**
 * The render benchmark's byte rule (issue 29, `bench/render/page-bytes.mjs`): a page's up-front
 * bytes are the static import closure of its entry chunk without React's and the harness's chunks;
 * what only a dynamic `import()` reaches is lazy. Checked on a made-up build output, so no build runs.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without declarations
import { pageBytes, sharedChunks } from '../bench/render/page-bytes.mjs';

interface FakeChunk {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  modules: Record<string, { renderedLength: number }>;
  code: string;
  viteMetadata?: { importedCss: Set<string> };
}

function chunk(fileName: string, fields: Partial<FakeChunk> & { module: string }): FakeChunk {
  const code = `/* ${fileName} */ ${'export const x = 1;'.repeat(fileName.length)}`;
  return { type: 'chunk', fileName, name: fileName.replace(/\.js$/, ''), isEntry: false, facadeModuleId: null, imports: [], dynamicImports: [], modules: { [fields.module]: { renderedLength: code.length } }, code, ...fields };
}

const repository = '/repo';
const output = [
  chunk('kit.js', { name: 'kit', isEntry: true, module: '/repo/bench/render/pages/kit.tsx', imports: ['kit-shared.js', 'react.js', 'bench-harness.js'], dynamicImports: ['dialog.js'], viteMetadata: { importedCss: new Set(['kit.css']) } }),
  chunk('kit-shared.js', { module: '/repo/src/components/index.ts', imports: ['react.js'] }),
  chunk('react.js', { name: 'react', module: '/repo/node_modules/react-dom/cjs/react-dom.production.js' }),
  chunk('bench-harness.js', { name: 'bench-harness', module: '/repo/bench/render/pages/harness-core.ts' }),
  chunk('dialog.js', { module: '/repo/src/components/approval/approval-dialog.tsx', imports: ['kit-shared.js', 'form.js'] }),
  chunk('form.js', { module: '/repo/src/components/approval/arguments-form.tsx' }),
  { type: 'asset' as const, fileName: 'kit.css', source: '.a{color:red}' },
];
const gzip = (fileName: string) => gzipSync(Buffer.from((output.find((item) => item.fileName === fileName) as FakeChunk).code), { level: 9 }).length;

describe('render benchmark bytes', () => {
  it('counts the entry chunk and its static imports up front, without React and the harness', () => {
    const bytes = pageBytes(output, 'kit', repository);
    expect(bytes.upFront.map((item: { file: string }) => item.file).sort()).toEqual(['kit-shared.js', 'kit.js']);
    expect(bytes.upFrontGzipBytes).toBe(gzip('kit.js') + gzip('kit-shared.js'));
    expect(bytes.sharedLeftOut.map((item: { file: string }) => item.file).sort()).toEqual(['bench-harness.js', 'react.js']);
  });

  it('lists what only a dynamic import reaches as lazy, with what that chunk imports, and no chunk twice', () => {
    const bytes = pageBytes(output, 'kit', repository);
    expect(bytes.lazy.map((item: { file: string }) => item.file).sort()).toEqual(['dialog.js', 'form.js']);
    expect(bytes.lazy.map((item: { label: string }) => item.label)).toContain('src/components/approval/approval-dialog.tsx');
    expect(bytes.lazyGzipBytes).toBe(gzip('dialog.js') + gzip('form.js'));
  });

  it('gives the CSS that the up-front chunks import apart', () => {
    expect(pageBytes(output, 'kit', repository).cssGzipBytes).toBe(gzipSync(Buffer.from('.a{color:red}'), { level: 9 }).length);
  });

  it('names the chunks that the build must group (React with its scheduler, the framework-free harness)', () => {
    expect((sharedChunks.react as RegExp).test('/repo/node_modules/scheduler/cjs/scheduler.production.js')).toBe(true);
    expect((sharedChunks.react as RegExp).test('/repo/node_modules/react-markdown/index.js')).toBe(false);
    expect((sharedChunks['bench-harness'] as RegExp).test('/repo/bench/render/pages/harness-core.ts')).toBe(true);
    // The React half of the harness stays with each React page: the floor must not load it.
    expect((sharedChunks['bench-harness'] as RegExp).test('/repo/bench/render/pages/harness.tsx')).toBe(false);
  });

  it('refuses a page the build does not have', () => {
    expect(() => pageBytes(output, 'floor', repository)).toThrow(/no entry chunk named floor/);
  });
});
