import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { replyWhenDone, send } from './setup/chat';

/**
 * The backend half in the playground: the Vite dev server mounts createAgentHandler at
 * /api/agent, the page loads its tool catalog, and the demo model calls `lookup_customer`, which
 * runs in Node. Failures of the bridge are simulated at the network layer (the browser sees a
 * refused connection, as it would with the server stopped).
 */

const assistantMessages = '.rak-message[data-role="assistant"]';
// What the browser logs for a refused connection, which these tests cause on purpose.
const refusedConnection = [/ERR_CONNECTION_REFUSED/, /net::ERR_FAILED/, /\/api\/agent\/tools/];



test('the demo model calls a tool that runs on the server, and its result appears; no request shows as failed', async () => {
  const { page, errors, consoleLog } = await openPlayground();
  const serverCard = page.getByTestId('server-card');
  await expect.poll(() => serverCard.getAttribute('data-status')).toBe('ready');
  expect(await serverCard.innerText()).toContain('lookup_customer');

  await page.getByRole('button', { name: 'A tool on the server' }).click();
  await page.locator('.rak-message[data-role="user"]').waitFor();
  const chip = page.locator('.rak-tool-chip', { hasText: 'lookup_customer' });
  await expect.poll(() => chip.getAttribute('data-state'), { timeout: 30_000 }).toBe('output-available');
  const reply = await replyWhenDone(page);
  expect(reply).toContain('runs on your server');
  // The server's data, which only the Node side has, reached the page.
  expect(reply).toContain('"name": "Ada Lovelace"');
  expect(reply).toContain('"plan": "enterprise"');
  await screenshot(page, 'bridge-server-tool');
  expect(errors).toEqual([]);
  // The catalog (loaded under StrictMode) and the tool call finished: none was cancelled, which
  // the network panel would show as net::ERR_ABORTED.
  expect(consoleLog.filter((line) => line.startsWith('[requestfailed]') && line.includes('/api/agent'))).toEqual([]);
});

test("an MCP server's tool, through the playground server: the demo adds two numbers with get-sum", async () => {
  const { page, errors } = await openPlayground();
  const serverCard = page.getByTestId('server-card');
  await expect.poll(() => serverCard.getAttribute('data-status'), { timeout: 15_000 }).toBe('ready');
  expect(await serverCard.innerText()).toContain('everything__get-sum');
  await send(page, 'What is the sum of 17 and 25?');
  const chip = page.locator('.rak-tool-chip', { hasText: 'everything__get-sum' });
  await expect.poll(() => chip.getAttribute('data-state'), { timeout: 30_000 }).toBe('output-available');
  expect(await replyWhenDone(page)).toContain('The sum of 17 and 25 is 42.');
  expect(errors).toEqual([]);
});

test('progress streamed by a server tool shows while it runs, then its result', async () => {
  const { page, errors } = await openPlayground();
  await expect.poll(() => page.getByTestId('server-card').getAttribute('data-status')).toBe('ready');
  await send(page, 'What did the customer ada@example.com order?');
  const chip = page.locator('.rak-tool-chip', { hasText: 'list_orders' });
  await chip.waitFor({ timeout: 30_000 });
  await chip.getByRole('button', { expanded: false }).click();
  await expect.poll(() => chip.innerText(), { timeout: 10_000 }).toMatch(/Reading the orders of Ada Lovelace|Finding the customer/);
  await expect.poll(() => chip.getAttribute('data-state'), { timeout: 30_000 }).toBe('output-available');
  expect(await replyWhenDone(page)).toContain('Brass gear set');
  expect(errors).toEqual([]);
});

test('the server stopped: the call ends with a clear error, the model is told, and the chat goes on', async () => {
  const { page, errors } = await openPlayground('', { ignoreConsoleErrors: refusedConnection });
  await expect.poll(() => page.getByTestId('server-card').getAttribute('data-status')).toBe('ready');
  await page.route('**/api/agent/tools/**', (route) => route.abort('connectionrefused'));

  await send(page, 'Look up the customer grace@example.com');
  const chip = page.locator('.rak-tool-chip', { hasText: 'lookup_customer' });
  await expect.poll(() => chip.getAttribute('data-state'), { timeout: 30_000 }).toBe('output-error');
  const reply = await replyWhenDone(page);
  expect(reply).toMatch(/The `?lookup_customer`? tool failed: The tool "lookup_customer" could not run: the tool server at \/api\/agent could not be reached \(.+\)\. Is it running\?/);
  expect(reply).toContain('the conversation goes on');
  await screenshot(page, 'bridge-server-down');

  // The chat goes on: the next message is answered, and a tool of the page still runs.
  await send(page, 'What time is it?');
  const timeChip = page.locator('.rak-tool-chip', { hasText: 'get_time' });
  await expect.poll(() => timeChip.getAttribute('data-state'), { timeout: 30_000 }).toBe('output-available');
  expect(await replyWhenDone(page)).toContain('get_time');

  // Back up: the same request now succeeds.
  await page.unroute('**/api/agent/tools/**');
  await send(page, 'Look up the customer grace@example.com');
  expect(await replyWhenDone(page)).toContain('"name": "Grace Hopper"');
  expect(errors).toEqual([]);
});

test('the catalog cannot be loaded: the page says why, its own tools still work, Try again recovers', async () => {
  const { page, errors } = await openPlayground('', { ignoreConsoleErrors: refusedConnection });
  await page.route('**/api/agent/tools', (route) => route.abort('connectionrefused'));
  await page.reload();
  const serverCard = page.getByTestId('server-card');
  await expect.poll(() => serverCard.getAttribute('data-status'), { timeout: 15_000 }).toBe('error');
  expect(await serverCard.getByRole('alert').innerText()).toMatch(/^The tool server at \/api\/agent could not be reached \(.+\)\. Is it running\?$/);

  await send(page, "What's the weather in Paris?");
  expect(await replyWhenDone(page)).toContain('get_weather');
  const assistantCount = await page.locator(assistantMessages).count();

  const main = page.locator('main.pg-main');
  const firstAgent = await main.getAttribute('data-agent');
  await page.unroute('**/api/agent/tools');
  await serverCard.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => serverCard.getAttribute('data-status')).toBe('ready');
  // The conversation survived the new catalog, and the server tool is there now.
  // The agent is recreated with the new catalog and loads the saved conversation again; the chat
  // takes input once the new agent is there.
  await expect.poll(() => main.getAttribute('data-agent')).not.toBe(firstAgent);
  expect(await main.getAttribute('aria-busy')).toBe('false');
  expect(await page.locator('.rak-message[data-role="user"] .rak-message-body').allInnerTexts()).toEqual(["What's the weather in Paris?"]);
  expect(await page.locator(assistantMessages).count()).toBe(assistantCount);
  await send(page, 'Look up the customer alan@example.com');
  expect(await replyWhenDone(page)).toContain('"name": "Alan Turing"');
  expect(errors).toEqual([]);
});

test('settings: an OpenAI-compatible endpoint answers from the page (a local server replaying a recorded stream)', async () => {
  const fixture = readFileSync(resolve(import.meta.dirname, '../fixtures/provider-streams/openai-chat-text.jsonl'), 'utf8').trim().split('\n');
  const bodies: unknown[] = [];
  const replay = createServer((request, response) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, authorization' };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(body));
      response.writeHead(200, { ...cors, 'content-type': 'text/event-stream' });
      for (const line of fixture) response.write(`data: ${line}\n\n`);
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((done) => replay.listen(0, '127.0.0.1', done));
  const { port } = replay.address() as AddressInfo;
  try {
    const { page, errors } = await openPlayground();
    await page.getByRole('button', { name: 'Change model' }).click();
    const dialog = page.getByRole('dialog', { name: 'Model' });
    await dialog.getByRole('radio', { name: /OpenAI-compatible endpoint/ }).check();
    await dialog.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${port}/v1`);
    await dialog.getByLabel('Model', { exact: true }).fill('replayed-model');
    await dialog.getByRole('button', { name: 'Use this model' }).click();
    await expect.poll(() => page.getByTestId('model-name').innerText()).toContain('replayed-model');

    await send(page, 'Hello there');
    const reply = await replyWhenDone(page);
    // The recorded reply, rendered as markdown: its first and last sentences, without the asterisks.
    expect(reply).toContain('Holiday Name: Harmony Day');
    expect(reply).toContain('we are all connected through shared human experiences and mutual respect.');
    expect(await page.locator(assistantMessages).last().locator('strong', { hasText: 'Purpose:' }).count()).toBe(1);
    expect(bodies[0]).toMatchObject({ model: 'replayed-model', stream: true, messages: expect.arrayContaining([{ role: 'user', content: 'Hello there' }]) });
    await screenshot(page, 'bridge-openai-compatible');
    expect(errors).toEqual([]);
  } finally {
    replay.close();
  }
});
