import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, screenshot } from './setup/browser';
import { temporaryDirectory } from './setup/host-app';

/**
 * Code highlighting under a strict Content-Security-Policy (issue 17): a production build of a
 * small page (test/e2e/fixtures/csp-page) served with `default-src 'self'; script-src 'self';
 * style-src 'self'` (no 'unsafe-inline', no 'unsafe-eval', no 'wasm-unsafe-eval'). The reply's
 * code blocks are highlighted (the highlighter and the grammars are lazy chunks) and the page
 * reports no violation.
 */
const policy = "default-src 'self'; script-src 'self'; style-src 'self'";
const repositoryRoot = resolve(import.meta.dirname, '../..');
const source = (path: string) => resolve(repositoryRoot, 'src', path);

let temporary: ReturnType<typeof temporaryDirectory>;
let server: Server;
let url: string;
let browser: Browser;

beforeAll(async () => {
  temporary = temporaryDirectory();
  const outDir = join(temporary.path, 'dist');
  await build({
    configFile: false,
    root: resolve(import.meta.dirname, 'fixtures/csp-page'),
    logLevel: 'error',
    plugins: [react()],
    resolve: {
      alias: [
        { find: /^react-agent-kit$/, replacement: source('core/index.ts') },
        { find: /^react-agent-kit\/components$/, replacement: source('components/index.ts') },
        { find: /^react-agent-kit\/testing$/, replacement: source('testing/index.ts') },
        { find: /^react-agent-kit\/styles\.css$/, replacement: source('components/styles.css') },
      ],
    },
    build: { outDir, emptyOutDir: true },
  });
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    // The browser asks for one; the page has none.
    if (path === '/favicon.ico') return void response.writeHead(204).end();
    const file = join(outDir, path === '/' ? 'index.html' : path);
    readFile(file).then(
      (body) => {
        response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'content-security-policy': policy });
        response.end(body);
      },
      () => {
        response.writeHead(404).end();
      },
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

for (const theme of ['light', 'dark'] as const) {
  test(`highlights code blocks with no CSP violation (${theme})`, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: theme, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(`console.error: ${message.text()}`));
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = violations;
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`));
    });
    try {
      const response = await page.goto(`${url}?theme=${theme}`, { waitUntil: 'load' });
      expect(response?.headers()['content-security-policy']).toBe(policy);
      await expect.poll(() => page.locator('.rak-md-code[data-highlighted]').count(), { timeout: 15_000 }).toBe(2);
      const blocks = page.locator('.rak-md-code');
      expect(await blocks.count()).toBe(3);
      expect(await blocks.nth(2).getAttribute('data-highlighted')).toBeNull();
      // Coloured by the stylesheet's variables (a stylesheet of the page's own origin).
      const keyword = blocks.first().locator('.rak-tok-keyword').first();
      expect(await keyword.innerText()).toBe('import');
      expect(await keyword.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 123, 114)');
      expect(await blocks.nth(1).locator('.rak-tok-keyword').first().innerText()).toBe('def');
      await screenshot(page, `csp-highlighted-code-${theme}`);

      const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      expect(await violations()).toEqual([]);
      expect(problems).toEqual([]);
      // The policy is enforced on this page: an inline style attribute is refused and reported.
      await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<p style="color: red">inline</p>'));
      await expect.poll(violations).toEqual([expect.stringMatching(/^style-src/)]);
    } finally {
      await context.close();
    }
  });
}
