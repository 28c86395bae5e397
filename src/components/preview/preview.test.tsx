// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPreviewLog, createSandbox, type PreviewLogEntry } from '../../core/sandbox/index';
import { StringsProvider } from '../strings/strings-context';
import { germanStrings } from '../locales/german-strings';
import { Preview } from './preview';

afterEach(cleanup);

const files = { 'index.html': '<h1>Counter</h1><script type="module" src="app.js"></script>', 'app.js': "import { start } from './lib.js';\nstart();", 'lib.js': 'export const start = () => {};', 'notes.md': '# unrelated' };

const frameOf = () => screen.getByTitle<HTMLIFrameElement>('Preview of index.html');
const channelOf = (frame: HTMLIFrameElement) => /"(rak-preview-\d+)"/.exec(frame.getAttribute('srcdoc')!)![1]!;
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

/** A message as the frame's page would post it. */
function post(frame: HTMLIFrameElement, data: unknown, source: Window | null = frame.contentWindow) {
  act(() => void window.dispatchEvent(new MessageEvent('message', { data, source })));
}

describe('Preview', () => {
  it('shows the page in a frame with an opaque origin and no network, and rebuilds once a frame when a file it uses changes', async () => {
    const sandbox = createSandbox({ files });
    const entries: PreviewLogEntry[] = [];
    render(<Preview sandbox={sandbox} onLog={(entry) => entries.push(entry)} />);
    const frame = await waitFor(frameOf);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('srcdoc')).toContain("connect-src 'none'");
    expect(screen.getByRole('status').textContent).toBe('Loading index.html…');
    const region = screen.getByRole('region', { name: 'Preview' });
    expect(region.dataset.builds).toBe('1');

    // Three writes in one frame to files the page uses: one rebuild.
    sandbox.writeFile('lib.js', 'export const start = () => 1;');
    sandbox.writeFile('app.js', "import { start } from './lib.js';\nstart(); start();");
    sandbox.writeFile('lib.js', 'export const start = () => 2;');
    await nextFrame();
    await waitFor(() => expect(region.dataset.builds).toBe('2'));
    expect(frameOf().getAttribute('srcdoc')).toContain(Buffer.from('export const start = () => 2;').toString('base64').slice(0, 20));

    // A file it does not use: no rebuild.
    sandbox.writeFile('notes.md', '# still unrelated');
    await nextFrame();
    await nextFrame();
    expect(region.dataset.builds).toBe('2');
    expect(entries.filter((entry) => entry.kind === 'status' && entry.status === 'loading')).toHaveLength(2);
  });

  it('passes on what its own frame reports for its current document, and nothing else', async () => {
    const sandbox = createSandbox({ files });
    const log = createPreviewLog();
    render(<Preview sandbox={sandbox} onLog={log.record} />);
    const frame = await waitFor(frameOf);
    const channel = channelOf(frame);
    post(frame, { channel, entry: { kind: 'loaded' } });
    expect(log.state()).toMatchObject({ status: 'ready', entry: '/index.html', version: sandbox.version });
    expect(screen.getByRole('status').textContent).toBe('Showing index.html');

    post(frame, { channel, entry: { kind: 'console', level: 'warn', text: 'low on coffee' } });
    post(frame, { channel, entry: { kind: 'error', text: 'ReferenceError: cout is not defined', source: { file: '/app.js', line: 2, column: 1 } } });
    // Another window (the page itself, another frame), an old document's channel, a kind that is not one: ignored.
    post(frame, { channel, entry: { kind: 'console', level: 'log', text: 'from elsewhere' } }, window);
    post(frame, { channel: 'rak-preview-0', entry: { kind: 'console', level: 'log', text: 'stale' } });
    post(frame, { channel, entry: { kind: 'status', status: 'ready', entry: '/evil.html', version: 99 } });
    expect(log.takeNew().entries.map((entry) => 'text' in entry && entry.text)).toEqual(['low on coffee', 'ReferenceError: cout is not defined']);
    expect(log.state()).toMatchObject({ entry: '/index.html' });
    expect(screen.getByRole('status').textContent).toBe('Showing index.html, 1 error: ReferenceError: cout is not defined (/app.js:2)');

    // An unrelated change: it still stands for the sandbox as it is (the agent's preview_logs waits for that).
    sandbox.writeFile('notes.md', 'changed');
    await nextFrame();
    expect(log.state()).toMatchObject({ status: 'ready', version: sandbox.version });
  });

  it('says when the entry is missing, then shows it once the agent writes it; speaks German', async () => {
    const sandbox = createSandbox();
    const log = createPreviewLog();
    render(
      <StringsProvider strings={germanStrings}>
        <Preview sandbox={sandbox} onLog={log.record} />
      </StringsProvider>,
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Im Arbeitsbereich gibt es noch keine Datei index.html.'));
    expect(log.state()).toMatchObject({ status: 'failed' });
    sandbox.writeFile('index.html', '<p>da</p>');
    await nextFrame();
    await waitFor(() => expect(screen.getByTitle('Vorschau von index.html')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Vorschau von index.html neu laden' })).toBeTruthy();
  });

  it('names the file and line of a module that does not build, and the reload button builds again', async () => {
    const sandbox = createSandbox({ files: { 'index.html': '<script type="module" src="app.tsx"></script>', 'app.tsx': 'const a: number = 1;\nconst b = (;\n' } });
    const log = createPreviewLog();
    render(<Preview sandbox={sandbox} onLog={log.record} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^The preview could not be built: \/app\.tsx:2: /));
    expect(log.takeNew().entries).toMatchObject([{ kind: 'build-error', source: { file: '/app.tsx', line: 2 } }]);
    const region = screen.getByRole('region', { name: 'Preview' });
    act(() => sandbox.writeFile('app.tsx', 'const a: number = 1;\n', { overwrite: true }));
    await nextFrame();
    await waitFor(() => expect(region.dataset.builds).toBe('1'));
    act(() => screen.getByRole('button', { name: 'Reload the preview of index.html' }).click());
    await waitFor(() => expect(region.dataset.builds).toBe('2'));
  });
});

describe('Preview with an import map', () => {
  it('fetches each package once from the page, inlines it into the frame\'s import map, and names one that fails', async () => {
    const fetches: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetches.push(url);
      return Promise.resolve(url.endsWith('/vendor/greet.js') ? new Response('export const greet = (name) => `Hi ${name}`;') : new Response('', { status: 404, statusText: 'Not Found' }));
    });
    const sandbox = createSandbox({ files: { 'index.html': '<script type="module" src="app.js"></script>', 'app.js': "import { greet } from 'greet';\nimport { shout } from 'shout';\nconsole.log(shout(greet('you')));" } });
    const importMap = { imports: { greet: '/vendor/greet.js', shout: 'data:text/javascript,export%20const%20shout%20%3D%20(text)%20%3D%3E%20text.toUpperCase()%3B' } };
    const { rerender } = render(<Preview sandbox={sandbox} importMap={importMap} />);
    const frame = await waitFor(frameOf);
    const map = JSON.parse(/<script type="importmap">(.*?)<\/script>/s.exec(frame.getAttribute('srcdoc')!)![1]!) as { imports: Record<string, string> };
    const source = (url: string) => Buffer.from(url.slice(url.indexOf('base64,') + 7), 'base64').toString('utf8');
    expect(source(map.imports.greet!)).toContain('export const greet = (name) => `Hi ${name}`;');
    expect(source(map.imports.shout!)).toContain('export const shout = (text) => text.toUpperCase();');
    expect(fetches).toEqual([new URL('/vendor/greet.js', document.baseURI).href]);
    // The same map written inline again (a new object) neither rebuilds nor fetches again.
    rerender(<Preview sandbox={sandbox} importMap={{ imports: { ...importMap.imports } }} />);
    expect(screen.getByRole('region', { name: 'Preview' }).dataset.builds).toBe('1');

    rerender(<Preview sandbox={sandbox} importMap={{ imports: { greet: '/vendor/missing.js' } }} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The preview could not be built: /index.html: The package "greet" (/vendor/missing.js) could not be loaded: 404 Not Found'));
    vi.unstubAllGlobals();
  });
});
