import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { WebSocketServer } from 'ws';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAgent, demoModel } from '../../src/core/index';
import { createSandbox } from '../../src/core/sandbox/index';
import { writeSessionFile } from '../../src/core/sessions/index';
import { openPlayground, screenshot } from './setup/browser';
import { replyWhenDone, send } from './setup/chat';

/**
 * The live preview in real Chromium: the demo model builds a page, opens the preview, finds the
 * page's error through preview_logs in its next step, fixes the file, and the preview reloads.
 * Then a page that tries every way out of its frame: the page's DOM, parent and top, the page's
 * cookie, localStorage and IndexedDB, and the network (a loopback canary counts its requests).
 */

let canaryRequests = 0;
let canaryOrigin = '';
const canary = createServer((request, response) => {
  canaryRequests += 1;
  response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' });
  response.end('reached');
});
const sockets = new WebSocketServer({ server: canary });
sockets.on('connection', () => (canaryRequests += 1));

beforeAll(async () => {
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  canaryOrigin = `127.0.0.1:${(canary.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => canary.close(() => resolve())));

const frameTitle = 'Preview of index.html';

/** axe-core's WCAG 2.1 A/AA and best-practice violations in the Preview panel (the page in its frame is the agent's, not the kit's). */
async function panelViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe;
    return axe.run({ include: [['.pg-dock-preview']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'], iframes: false });
  });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function approve(page: Page, times: number): Promise<void> {
  for (let count = 0; count < times; count++) {
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}

test('the demo builds a page, the preview shows it, its error reaches the agent’s next step, and the fix reloads the preview', async () => {
  // The page's own error, on purpose: the preview catches it, and so does the test's page error log.
  const { page, errors, close } = await openPlayground('', { ignoreConsoleErrors: [/greting is not defined/] });
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });
  await send(page, 'Build a small web page and preview it');
  // write_file index.html, write_file app.js, then bash `node app.js`: each asks.
  await approve(page, 3);
  // The script ran on the sandbox's JavaScript engine: its output is in the bash call's card, and the model read it.
  const bashCard = page.locator('[data-tool-call-id]', { hasText: 'bash' }).first();
  await expect.poll(() => bashCard.getAttribute('data-state'), { timeout: 30_000 }).toBe('output-available');
  await bashCard.getByRole('button').first().click();
  await expect.poll(() => bashCard.innerText(), { timeout: 10_000 }).toContain('Clicked 2 times');
  const saidOutput = page.locator('.rak-message[data-role="assistant"]', { hasText: "prints the button's words" });
  await expect.poll(() => saidOutput.count(), { timeout: 30_000 }).toBe(1);
  await expect.poll(() => saidOutput.innerText(), { timeout: 30_000 }).toContain('Clicked 2 times');
  // open_preview opens the panel; preview_logs finds the typo, and the model asks to fix app.js.
  const panel = page.getByRole('complementary', { name: 'Preview' });
  await panel.waitFor({ timeout: 30_000 });
  const frame = page.frameLocator(`iframe[title="${frameTitle}"]`);
  await expect.poll(() => frame.locator('#counter').innerText(), { timeout: 15_000 }).toBe('Clicked 0 times');
  // The page's module threw at its line 10: the greeting never got its text.
  expect(await frame.locator('#greeting').innerText()).toBe('Loading…');
  const status = panel.getByRole('status');
  await expect.poll(() => status.innerText()).toContain('ReferenceError: greting is not defined (/app.js:10)');
  await page.getByRole('alertdialog').waitFor({ timeout: 30_000 });
  const assistant = page.locator('.rak-message[data-role="assistant"]').last();
  expect(await assistant.innerText()).toContain('[uncaught error] ReferenceError: greting is not defined (at /app.js:10:3)');
  const builds = Number(await panel.locator('.rak-preview').getAttribute('data-builds'));
  await screenshot(page, 'preview-error-desktop-light');

  await approve(page, 1);
  const reply = await replyWhenDone(page);
  expect(reply).toContain('The page works: no errors in the preview.');
  expect(reply).toContain('[console.log] Counter ready');
  // The fix reloaded the preview once: the greeting shows, and the button counts.
  await expect.poll(() => frame.locator('#greeting').innerText()).toBe('Hello from app.js!');
  expect(Number(await panel.locator('.rak-preview').getAttribute('data-builds'))).toBe(builds + 1);
  await frame.locator('#counter').click();
  await expect.poll(() => frame.locator('#counter').innerText()).toBe('Clicked 1 time');
  expect(await status.innerText()).toBe('Showing index.html');

  // Light and dark, desktop and phone (the theme is chosen in the sidebar, which a phone hides).
  await page.getByRole('radio', { name: 'Light' }).click();
  await screenshot(page, 'preview-desktop-light');
  expect(await panelViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => panel.boundingBox().then((box) => box?.width)).toBe(390);
  await screenshot(page, 'preview-phone-light');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('radio', { name: 'Dark' }).click();
  await screenshot(page, 'preview-desktop-dark');
  expect(await panelViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => panel.boundingBox().then((box) => box?.width)).toBe(390);
  await screenshot(page, 'preview-phone-dark');
  expect(errors).toEqual([]);
  await close();
});

/** Probes the page's author might try, in a module of the previewed page; results go into #results. */
const probes = (origin: string) => `
const results = {};
const attempt = (name, run) => { try { results[name] = 'allowed: ' + String(run()); } catch (error) { results[name] = 'refused: ' + error.name; } };
attempt('parentDocument', () => parent.document.title);
attempt('topDocument', () => top.document.body.innerHTML.length);
attempt('topLocation', () => top.location.href);
attempt('cookie', () => document.cookie);
attempt('localStorage', () => localStorage.getItem('secret'));
attempt('sessionStorage', () => sessionStorage.length);
attempt('indexedDB', () => { indexedDB.open('rak-sessions'); return 'opened'; });
const settle = (name, promise) => promise.then((value) => (results[name] = 'allowed: ' + value), (error) => (results[name] = 'refused: ' + (error && error.name)));
const waits = [
  settle('fetch', fetch('http://${origin}/canary?fetch').then((response) => response.text())),
  settle('image', new Promise((resolve, reject) => { const image = new Image(); image.onload = () => resolve('loaded'); image.onerror = () => reject({ name: 'error event' }); image.src = 'http://${origin}/canary?image'; })),
  settle('webSocket', new Promise((resolve, reject) => { try { const socket = new WebSocket('ws://${origin}/canary?socket'); socket.onopen = () => resolve('open'); socket.onerror = () => reject({ name: 'error event' }); } catch (error) { reject(error); } })),
  settle('stylesheet', new Promise((resolve, reject) => { const link = document.createElement('link'); link.rel = 'stylesheet'; link.href = 'http://${origin}/canary?css'; link.onload = () => resolve('loaded'); link.onerror = () => reject({ name: 'error event' }); document.head.append(link); })),
  settle('xhr', new Promise((resolve, reject) => { try { const request = new XMLHttpRequest(); request.open('GET', 'http://${origin}/canary?xhr'); request.onload = () => resolve(request.responseText); request.onerror = () => reject({ name: 'error event' }); request.send(); } catch (error) { reject(error); } })),
];
Promise.all(waits).then(() => { document.querySelector('#results').textContent = JSON.stringify(results); });
`;

/** A conversation file (as "Export chat" writes it) whose workspace holds `files`. */
function conversationFile(files: Record<string, string>): Buffer {
  const agent = createAgent({ model: demoModel(), sandbox: createSandbox({ files }) });
  return Buffer.from(writeSessionFile(agent.snapshot()));
}

/** Imports a conversation with these files ("Import chat"): it opens, with its workspace. */
async function importWorkspace(page: Page, files: Record<string, string>): Promise<void> {
  await page.getByLabel('Import chat').setInputFiles({ name: 'workspace.json', mimeType: 'application/json', buffer: conversationFile(files) });
}

test('a previewed page cannot reach the page’s DOM, parent or top, its cookie, storage or IndexedDB, or the network', async () => {
  const { page, errors, close } = await openPlayground('', { ignoreConsoleErrors: [/Content Security Policy/, /Refused to (connect|load|apply)/, /ERR_BLOCKED_BY_CSP/, /canary/] });
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });
  // The page's own secrets, which the preview must not read.
  await page.evaluate(() => {
    document.cookie = 'secret=page-cookie; path=/';
    localStorage.setItem('secret', 'page-local-storage');
  });
  await importWorkspace(page, { 'index.html': '<!doctype html><title>Probe</title><pre id="results"></pre><script type="module" src="probe.js"></script>', 'probe.js': probes(canaryOrigin) });
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const frame = page.frameLocator(`iframe[title="${frameTitle}"]`);
  await expect.poll(() => frame.locator('#results').innerText(), { timeout: 15_000 }).not.toBe('');
  const results = JSON.parse(await frame.locator('#results').innerText()) as Record<string, string>;
  expect(results).toEqual({
    parentDocument: 'refused: SecurityError',
    topDocument: 'refused: SecurityError',
    topLocation: 'refused: SecurityError',
    cookie: 'refused: SecurityError',
    localStorage: 'refused: SecurityError',
    sessionStorage: 'refused: SecurityError',
    indexedDB: 'refused: SecurityError',
    fetch: 'refused: TypeError',
    image: 'refused: error event',
    webSocket: expect.stringMatching(/^refused: /),
    stylesheet: 'refused: error event',
    xhr: 'refused: error event',
  });
  // Not one request reached the canary, which does answer (from the test, not the page).
  expect(canaryRequests).toBe(0);
  expect(await (await fetch(`http://${canaryOrigin}/canary?from-test`)).text()).toBe('reached');
  expect(canaryRequests).toBe(1);
  await screenshot(page, 'preview-escapes');
  expect(errors).toEqual([]);
  await close();
});

test('TypeScript modules, a folder\'s index file, JSON and CSS imports run in the frame; a syntax error names its file and line', async () => {
  const { page, errors, close } = await openPlayground('', { ignoreConsoleErrors: [/Unexpected token/] });
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });
  await importWorkspace(page, {
    'index.html': '<div id="out"></div><script type="module" src="src/main.ts"></script>',
    'src/main.ts': "import { total } from './math';\nimport config from '../config.json';\nimport './look.css';\nconst out = document.querySelector<HTMLDivElement>('#out')!;\nout.textContent = `${config.name}: ${total([1, 2, 3])}`;\n",
    'src/math/index.ts': 'export const total = (values: number[]): number => values.reduce((sum, value) => sum + value, 0);\n',
    'config.json': '{ "name": "sum" }',
    'src/look.css': '#out { color: rgb(1, 2, 3); }',
  });
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const frame = page.frameLocator(`iframe[title="${frameTitle}"]`);
  await expect.poll(() => frame.locator('#out').innerText(), { timeout: 15_000 }).toBe('sum: 6');
  expect(await frame.locator('#out').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(1, 2, 3)');

  await importWorkspace(page, { 'index.html': '<script type="module" src="broken.js"></script>', 'broken.js': 'const a = 1;\nconst b = ;\n' });
  const status = page.getByRole('complementary', { name: 'Preview' }).getByRole('status');
  await expect.poll(() => status.innerText(), { timeout: 15_000 }).toMatch(/SyntaxError: Unexpected token ';' \(\/broken\.js:2\)$/);
  expect(errors).toEqual([]);
  await close();
});
