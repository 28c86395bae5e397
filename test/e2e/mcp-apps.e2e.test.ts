import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { replyWhenDone, send } from './setup/chat';

/**
 * An MCP App in Chromium: the playground's dev server bridges the test MCP server of
 * test/fixtures/mcp-app-server.mjs (written with @modelcontextprotocol/ext-apps' server helpers);
 * the demo model calls its `show_counter`, and the app shows in the call's card. The app's
 * `tools/call` waits for the person's approval; the app cannot read the page (DOM, cookies,
 * storage) and cannot reach the network: a canary HTTP server on loopback counts its requests.
 */

let canaryRequests = 0;
let canaryUrl = '';
const canary = createServer((request, response) => {
  canaryRequests += 1;
  response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' });
  response.end('reached');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}/canary`;
});

afterAll(() => new Promise<void>((resolve) => canary.close(() => resolve())));

// What Chromium logs when the app's policy refuses its requests: the point of the test.
const refusedByPolicy = [/Content Security Policy/, /Refused to (connect|load)/, /Blocked a frame/, /ERR_BLOCKED_BY_CSP/, /SecurityError/, /sandbox/i, /\/canary\?\w+: csp$/];

test('the counter app renders in its card, asks before its tool call runs, and can reach neither the page nor the network', async () => {
  const { page, errors, consoleLog } = await openPlayground('', { ignoreConsoleErrors: refusedByPolicy });
  await page.evaluate(() => {
    document.cookie = 'playground-secret=hunter2; path=/';
  });
  const serverCard = page.getByTestId('server-card');
  await expect.poll(() => serverCard.getAttribute('data-status'), { timeout: 15_000 }).toBe('ready');
  expect(await serverCard.innerText()).toContain('apps__show_counter');

  await send(page, 'Show me the counter');
  const card = page.locator('.rak-tool-chip', { hasText: 'apps__show_counter' });
  await expect.poll(() => card.getAttribute('data-state'), { timeout: 30_000 }).toBe('output-available');
  await replyWhenDone(page);

  const frameElement = card.locator('iframe.rak-mcp-app-frame');
  await frameElement.waitFor({ timeout: 15_000 });
  expect(await frameElement.getAttribute('sandbox')).toBe('allow-scripts');
  const app = card.frameLocator('iframe.rak-mcp-app-frame');
  const probe = (name: string) => app.locator(`#report li[data-probe="${name}"]`);
  await expect.poll(() => probe('initialize').textContent(), { timeout: 15_000 }).toBe('initialize: ok react-agent-kit');
  // The tool's result reached the app through the bridge.
  await expect.poll(() => app.locator('#count').textContent(), { timeout: 10_000 }).toBe('1');
  // Themed from the kit's variables: the page is light, so is the app (its background is the kit's --rak-bg).
  expect(await app.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(255, 255, 255)');
  // The frame grew to its content (size-changed), from the 120px it starts at.
  await expect.poll(() => frameElement.evaluate((element) => element.getBoundingClientRect().height)).not.toBe(120);

  // The page is out of reach: an opaque origin cannot read the parent's DOM or cookies, nor storage.
  expect(await probe('parent-dom').textContent()).toMatch(/^parent-dom: blocked SecurityError$/);
  expect(await probe('parent-cookie').textContent()).toMatch(/^parent-cookie: blocked SecurityError$/);
  expect(await probe('own-cookie').textContent()).toMatch(/^own-cookie: (blocked SecurityError|read )$/);
  expect(await probe('storage').textContent()).toMatch(/^storage: blocked SecurityError$/);

  // The network is out of reach: fetch, an image and a beacon to the canary, and it sees nothing.
  await app.getByRole('textbox', { name: 'Canary URL' }).fill(canaryUrl);
  await app.getByRole('button', { name: 'Probe' }).click();
  await expect.poll(() => probe('fetch').textContent(), { timeout: 10_000 }).toMatch(/^fetch: blocked TypeError$/);
  await expect.poll(() => probe('image').textContent(), { timeout: 10_000 }).toBe('image: blocked');
  await probe('beacon').waitFor();
  // The canary really answers (from the test, not the app), so 0 means the app sent nothing.
  expect(await (await fetch(`${canaryUrl}?from-test`)).text()).toBe('reached');
  expect(canaryRequests).toBe(1);
  // Chromium refused what the app tried, by the frame's policy.
  await expect.poll(() => consoleLog.filter((line) => line.startsWith('[requestfailed]') && line.includes('/canary?image: csp')).length).toBe(1);

  // The app calls a tool of its server: the agent's policy asks the person first.
  const repliesBefore = await page.locator('.rak-message[data-role="assistant"]').count();
  await app.getByRole('button', { name: '+1' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 15_000 });
  expect(await dialog.innerText()).toContain('apps__increment');
  expect(await app.locator('#count').textContent()).toBe('1');
  await screenshot(page, 'mcp-app-approval');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect.poll(() => probe('increment').textContent(), { timeout: 15_000 }).toBe('increment: ok');
  expect(await app.locator('#count').textContent()).toBe('2');
  const incrementCard = page.locator('.rak-tool-chip', { hasText: 'apps__increment' });
  expect(await incrementCard.getAttribute('data-state')).toBe('output-available');
  // The app's call is a step of its own: no model step follows, and nothing waits to be continued.
  const assistantMessages = page.locator('.rak-message[data-role="assistant"]');
  expect(await assistantMessages.count()).toBe(repliesBefore + 1);
  expect(await assistantMessages.last().locator('.rak-tool-chip').getAttribute('data-tool-call-id')).toBe(await incrementCard.getAttribute('data-tool-call-id'));
  expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
  await screenshot(page, 'mcp-app');
  expect(canaryRequests).toBe(1);
  expect(errors).toEqual([]);
}, 120_000);

test('an app that navigates its own frame away is closed: the page it loaded gets no bridge and no place in the card', async () => {
  const { page, errors } = await openPlayground('', { ignoreConsoleErrors: refusedByPolicy });
  await expect.poll(() => page.getByTestId('server-card').getAttribute('data-status'), { timeout: 15_000 }).toBe('ready');
  await send(page, 'Show me the counter');
  const card = page.locator('.rak-tool-chip', { hasText: 'apps__show_counter' });
  const app = card.frameLocator('iframe.rak-mcp-app-frame');
  await expect.poll(() => app.locator('#report li[data-probe="initialize"]').textContent(), { timeout: 30_000 }).toBe('initialize: ok react-agent-kit');
  const before = canaryRequests;
  await app.getByRole('textbox', { name: 'Canary URL' }).fill(canaryUrl);
  await app.getByRole('button', { name: 'Leave' }).click();
  await card.getByRole('alert').filter({ hasText: 'The app left its page, so it was closed.' }).waitFor({ timeout: 15_000 });
  expect(await card.locator('iframe').count()).toBe(0);
  // A sandbox cannot forbid a frame to navigate itself (see the README's security model): that
  // one request leaves; nothing after it reaches the page loaded there.
  expect(canaryRequests - before).toBe(1);
  expect(errors).toEqual([]);
}, 120_000);
