// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../core/sandbox/index';
import { buildPreview, moduleSpecifierOf } from './build-preview';

const options = { channel: 'test-channel' };

/** The built document, parsed, with its import map's modules decoded to their source. */
async function built(files: Record<string, string>, entry = 'index.html', extra: Partial<Parameters<typeof buildPreview>[2]> = {}) {
  const build = await buildPreview(createSandbox({ files }), entry, { ...options, ...extra });
  if (build.html === null) throw build.error ?? new Error('no document');
  const page = new DOMParser().parseFromString(build.html, 'text/html');
  const map = JSON.parse(page.querySelector('script[type="importmap"]')!.textContent) as { imports: Record<string, string> };
  const modules = Object.fromEntries(
    Object.entries(map.imports).map(([specifier, url]) => [specifier, Buffer.from(url.slice(url.indexOf('base64,') + 7), 'base64').toString('utf8')]),
  );
  return { build, page, map, modules };
}

describe('buildPreview', () => {
  it('opens the document with a policy that allows no network, then the reporter and the import map', async () => {
    const { page } = await built({ 'index.html': '<!doctype html><title>App</title><p>Hi</p>' });
    const head = [...page.head.children].map((element) => element.tagName.toLowerCase() + (element.getAttribute('type') ? `[${element.getAttribute('type')}]` : ''));
    expect(head.slice(0, 5)).toEqual(['meta', 'meta', 'script', 'script[importmap]', 'title']);
    const policy = page.querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content')!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain('img-src data: blob:;');
    expect(policy).toContain("frame-src 'none'");
    expect(policy).not.toMatch(/https?:/);
    expect(page.querySelector('script:not([type])')!.textContent).toContain('"test-channel"');
  });

  it('opens only the allowed origins that are origins', async () => {
    const { page } = await built({ 'index.html': '<p>Hi</p>' }, 'index.html', { allowedOrigins: ['https://api.example.com', "'unsafe-eval' *", 'javascript:alert(1)'] });
    const policy = page.querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content')!;
    expect(policy).toContain('connect-src https://api.example.com;');
    expect(policy).not.toContain('javascript:');
    expect(policy.match(/'unsafe-eval'/g)).toHaveLength(1);
  });

  it('puts modules in the import map and rewrites the imports between them (relative, absolute, extensions, index files)', async () => {
    const { page, modules, build } = await built({
      'index.html': '<script type="module" src="./src/main.js"></script>',
      'src/main.js': "import { greet } from './greet';\nimport { list } from '/lib';\nimport data from '../data.json';\ngreet(list, data);",
      'src/greet.js': "export const greet = (...values) => console.log(...values);",
      'lib/index.js': "export const list = [1, 2];",
      'data.json': '{"a": 1}',
    });
    expect(Object.keys(modules).sort()).toEqual(['sandbox:/data.json', 'sandbox:/lib/index.js', 'sandbox:/src/greet.js', 'sandbox:/src/main.js']);
    expect(modules['sandbox:/src/main.js']).toContain('import { greet } from "sandbox:/src/greet.js";');
    expect(modules['sandbox:/src/main.js']).toContain('import { list } from "sandbox:/lib/index.js";');
    expect(modules['sandbox:/src/main.js']).toContain('//# sourceURL=/src/main.js');
    expect(modules['sandbox:/data.json']).toContain('export default {"a":1};');
    expect(page.querySelector('script[type="module"]')!.textContent).toBe(`import ${JSON.stringify(moduleSpecifierOf('/src/main.js'))};`);
    expect([...build.files].sort()).toEqual(['/data.json', '/index.html', '/lib/index.js', '/src/greet.js', '/src/main.js']);
  });

  it('transpiles TypeScript and TSX with sucrase (automatic JSX runtime from the import map) and offers packages by name', async () => {
    const { modules } = await built(
      {
        'index.html': '<div id="root"></div><script type="module" src="main.tsx"></script>',
        'main.tsx': "import { createRoot } from 'react-dom/client';\nimport { App } from './app';\ncreateRoot(document.getElementById('root')!).render(<App />);",
        'app.tsx': 'type Props = { name?: string };\nexport function App({ name = "you" }: Props) { return <p>Hello {name}</p>; }',
      },
      'index.html',
      { packages: { react: 'export default {};', 'react-dom/client': 'export const createRoot = () => ({ render() {} });', 'react/jsx-runtime': 'export const jsx = () => null;' } },
    );
    expect(modules['sandbox:/main.tsx']).toContain('from "react/jsx-runtime"');
    expect(modules['sandbox:/main.tsx']).toContain('import { App } from "sandbox:/app.tsx"');
    expect(modules['sandbox:/main.tsx']).not.toContain('!)');
    expect(modules['sandbox:/app.tsx']).not.toContain('type Props');
    expect(modules['react-dom/client']).toContain('createRoot');
  });

  it('inlines linked stylesheets, their url()s and the page\'s images as data: URLs, and classic scripts as they are', async () => {
    const { page, build } = await built({
      'index.html': '<link rel="stylesheet" href="style.css"><img src="img/dot.svg" alt=""><script src="app.js"></script>',
      'style.css': "body { background: url('img/dot.svg'); }",
      'img/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'app.js': 'console.log("classic");',
    });
    expect(page.querySelector('link[rel="stylesheet"]')).toBeNull();
    expect(page.querySelector('style')!.textContent).toMatch(/url\("data:image\/svg\+xml;base64,/);
    expect(page.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(page.querySelector('body script:not([type])')!.textContent).toBe('console.log("classic");\n//# sourceURL=/app.js');
    expect(build.files.has('/style.css') && build.files.has('/img/dot.svg') && build.files.has('/app.js')).toBe(true);
  });

  it('says clearly what is missing or does not build: the entry, an import (file and line), a syntax error (file and line)', async () => {
    const missingEntry = await buildPreview(createSandbox(), 'index.html', options);
    expect(missingEntry.html).toBeNull();
    expect(missingEntry.error!.message).toBe('There is no index.html in the workspace.');

    const missingImport = await buildPreview(createSandbox({ files: { 'index.html': '<script type="module" src="app.js"></script>', 'app.js': "\nimport { x } from './nowhere';" } }), 'index.html', options);
    expect(missingImport.error).toMatchObject({ message: 'Cannot find "./nowhere" (imported by /app.js).', file: '/app.js', line: 2 });
    expect(missingImport.files.has('/nowhere')).toBe(true);

    const syntax = await buildPreview(createSandbox({ files: { 'index.html': '<script type="module" src="app.tsx"></script>', 'app.tsx': 'const a = 1;\nconst b = <div>{</div>;\n' } }), 'index.html', options);
    expect(syntax.error).toMatchObject({ file: '/app.tsx', line: 2 });
    expect(syntax.error!.message).toMatch(/Unexpected token/);

    const missingScript = await buildPreview(createSandbox({ files: { 'index.html': '<p>x</p>\n<script src="gone.js"></script>' } }), 'index.html', options);
    expect(missingScript.error).toMatchObject({ message: 'The script "gone.js" is not in the workspace.', file: '/index.html', line: 2 });
  });

  it('drops a meta refresh, which would navigate the frame away', async () => {
    const { page } = await built({ 'index.html': '<meta http-equiv="Refresh" content="0; url=https://example.com/"><p>x</p>' });
    expect(page.querySelector('meta[http-equiv="Refresh"]')).toBeNull();
  });

  it('cannot be made to end its script elements early by a file\'s text', async () => {
    const { page } = await built({ 'index.html': '<script src="app.js"></script><p id="after">after</p>', 'app.js': 'const html = "</script><p id=injected>";' });
    expect(page.getElementById('injected')).toBeNull();
    expect(page.getElementById('after')).not.toBeNull();
  });
});
