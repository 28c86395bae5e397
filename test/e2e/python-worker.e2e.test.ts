import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './setup/browser';
import { temporaryDirectory } from './setup/host-app';

/**
 * Python in the sandbox in Chromium (issue 30): a production build of a small page
 * (test/e2e/fixtures/python-page) runs programs through `runPython` in a module Web Worker, with
 * Pyodide's files served from the page's own origin (`/pyodide/`), cross-origin isolated so Stop
 * and the time limit interrupt Python instead of ending the worker. The page stays responsive (no
 * long task) while Python spins, and the program reaches no network (a canary counts 0).
 */
const pyodideDirectory = dirname(createRequire(import.meta.url).resolve('pyodide/pyodide.mjs'));
let temporary: ReturnType<typeof temporaryDirectory>;
let server: Server;
let url: string;
let browser: Browser;
let canaryRequests = 0;
let isolated = true;

beforeAll(async () => {
  temporary = temporaryDirectory();
  const outDir = join(temporary.path, 'dist');
  await build({
    configFile: false,
    root: resolve(import.meta.dirname, 'fixtures/python-page'),
    logLevel: 'error',
    // The worker imports pyodide, whose code splits: module workers (Vite's default is iife).
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true },
  });
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json', '.zip': 'application/zip' };
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/canary') {
      canaryRequests++;
      return void response.writeHead(200).end('canary');
    }
    if (path === '/favicon.ico') return void response.writeHead(204).end();
    if (path === '/' || path === '/index.html') isolated = !(request.url ?? '').includes('plain');
    const file = path.startsWith('/pyodide/') ? join(pyodideDirectory, path.slice('/pyodide/'.length)) : join(outDir, path === '/' ? 'index.html' : path);
    readFile(file).then(
      (body) => {
        // Cross-origin isolation (SharedArrayBuffer, so the page can interrupt Python), unless ?plain.
        const isolation = isolated ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' } : {};
        response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', ...isolation });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
  temporary?.remove();
});

interface PageResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  stopped?: string;
  chunks: string[];
  files: string[];
}

function run(page: Page, code: string, limits?: Record<string, number>): Promise<PageResult> {
  return page.evaluate(([code, limits]) => (window as unknown as { pythonPage: { run(code: string, limits?: unknown): Promise<PageResult> } }).pythonPage.run(code, limits), [code, limits] as const);
}

test('runs Python in a Web Worker on the sandbox files; the page stays responsive while it spins; no network', async () => {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  try {
    await page.goto(url, { waitUntil: 'load' });
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);

    const first = await run(page, 'import csv, sys\nrows = list(csv.reader(open("data.csv")))\nprint(sys.platform, len(rows))\nopen("out.txt", "w").write(rows[1][0])');
    expect(first).toMatchObject({ exitCode: 0, stdout: 'emscripten 3\n', stderr: '', chunks: ['emscripten 3\n'] });
    expect(first.files).toContain('/out.txt');
    expect(await page.evaluate(() => (window as unknown as { pythonPage: { read(path: string): string } }).pythonPage.read('/out.txt'))).toBe('1');
    // Pyodide loaded in the worker: nothing of it on the page's own thread.
    expect(await page.evaluate(() => (window as unknown as { pythonPage: { pyodideOnPage(): boolean } }).pythonPage.pyodideOnPage())).toBe(false);

    // A program that spins for its whole time limit: the page answers clicks meanwhile, with no long task.
    await page.evaluate(() => (window as unknown as { pythonPage: { resetLongTasks(): void } }).pythonPage.resetLongTasks());
    const spinning = run(page, 'print("spinning", flush=True)\nwhile True: pass', { timeoutMs: 2_000 });
    for (let click = 1; click <= 5; click++) {
      await page.click('#count');
      expect(await page.textContent('#count')).toBe(String(click));
    }
    const stopped = await spinning;
    expect(stopped).toMatchObject({ exitCode: 124, stopped: 'timeout', stdout: 'spinning\n' });
    expect(await page.evaluate(() => (window as unknown as { pythonPage: { longTasks(): number } }).pythonPage.longTasks())).toBe(0);

    // No network from Python, and the worker's JavaScript is out of reach.
    const network = await run(page, `import urllib.request\ntry:\n    urllib.request.urlopen("${url}canary")\nexcept Exception as error:\n    print(type(error).__name__, error)\ntry:\n    import js\nexcept ImportError as error:\n    print(error)\nfrom pyodide.ffi import to_js\ntry:\n    to_js({}).constructor.constructor("return fetch('/canary')")()\nexcept Exception as error:\n    print(type(error).__name__)`);
    expect(network.stdout).toBe("URLError <urlopen error network access is off in this sandbox: the app did not allow any origin>\nthe sandbox's Python cannot reach JavaScript (the module js is not available)\nJsException\n");
    expect(canaryRequests).toBe(0);
    expect(problems).toEqual([]);
  } finally {
    await page.close();
  }
});

test('without cross-origin isolation (no SharedArrayBuffer), Stop ends the worker and the next run starts another', async () => {
  const page = await browser.newPage();
  try {
    await page.goto(`${url}?plain`, { waitUntil: 'load' });
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    expect((await run(page, 'print(2 + 2)')).stdout).toBe('4\n');
    const stopped = await run(page, 'while True: pass', { timeoutMs: 1_000 });
    expect(stopped).toMatchObject({ exitCode: 124, stopped: 'timeout' });
    const next = await run(page, 'import os\nprint(sorted(os.listdir("/"))[:2])');
    expect(next).toMatchObject({ exitCode: 0, stdout: "['data.csv', 'dev']\n" });
  } finally {
    await page.close();
  }
});
