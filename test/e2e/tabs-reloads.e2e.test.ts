import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build, preview, type InlineConfig } from 'vite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './setup/browser';
import { seededRandom } from './setup/seeded-random';
import { createHostApp, ensureBuilt, packKit, temporaryDirectory } from './setup/host-app';

/**
 * Issue 31: a run that outlives its tabs, in an app built from the packed tarball. Two tabs of one
 * browser share the conversation; the tab that runs it is reloaded at a seeded random moment, 50
 * times, while the agent works through a task of many tool calls. The tool (`count`) is not
 * idempotent and records every time it starts, per call, in localStorage. Whatever the moments:
 * the run finishes, the user's message is there once, no call ran twice, every call with a result
 * ran exactly once, and both tabs end showing the same conversation.
 */

const calls = 24;

const app = `
import { createAgent, defineTool } from 'react-agent-kit';
import { AgentChat } from 'react-agent-kit/components';
import { indexedDbSessionStorage } from 'react-agent-kit/sessions';
import { scriptedModel, text, toolCall } from 'react-agent-kit/testing';
import 'react-agent-kit/styles.css';

const storage = indexedDbSessionStorage({ name: 'tabs-reloads' });

// Records each start of each call; sleeps, so a reload can land while it runs.
const count = defineTool({
  name: 'count',
  description: 'Adds one to the counter.',
  inputSchema: { type: 'object', properties: {} },
  async execute(_input, { toolCallId, signal }) {
    const runs = JSON.parse(localStorage.getItem('runs') ?? '{}');
    runs[toolCallId] = (runs[toolCallId] ?? 0) + 1;
    localStorage.setItem('runs', JSON.stringify(runs));
    await new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, 150);
      signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)));
    });
    return { counted: true };
  },
});

// One count per step, until the prompt holds ${calls} results; then the answer.
const model = scriptedModel(({ options }) => {
  const results = options.prompt.filter((message) => message.role === 'tool').length;
  return results < ${calls} ? [text('Counting. '), toolCall('count', {})] : [text('Counted ${calls} times.')];
}, { chunkDelayMs: 30 });

// ?mode=where: a tool that must run in the tab the message was sent from (it reads that page's
// name from its address); every run of it is recorded per page.
const whereAmI = defineTool({ name: 'where_am_i', description: "Names the person's page.", inputSchema: { type: 'object', properties: {} }, tab: 'sender' });
const onToolCall = async ({ name }: { name: string }) => {
  const page = location.hash.slice(1);
  const runs = JSON.parse(localStorage.getItem('where-runs') ?? '[]');
  localStorage.setItem('where-runs', JSON.stringify([...runs, page]));
  return \`page \${page}\`;
};
// The second question's call waits until the test says go (localStorage 'where-go'): it is then due while B is away.
const whereModel = scriptedModel(async ({ options }) => {
  const last = options.prompt.at(-1);
  const result = last?.role === 'tool' ? last.content.at(-1) : undefined;
  if (result) return [text(\`You are on \${JSON.stringify(result.output.value)}.\`)];
  const questions = options.prompt.filter((message) => message.role === 'user').length;
  while (questions > 1 && localStorage.getItem('where-go') === null) await new Promise((resolve) => setTimeout(resolve, 50));
  return [text('Looking where you are. '), toolCall('where_am_i', {})];
}, { chunkDelayMs: 50 });
const where = new URLSearchParams(location.search).get('mode') === 'where';

// Created once, at module scope, as the README's quick start does (an initializer of useState runs
// twice in development, and the agent it throws away would still hold the tab's place).
const agent = where
  ? createAgent({ model: whereModel, tools: [whereAmI], onToolCall, session: { id: 'where', storage } })
  : createAgent({ model, tools: [count], limits: { maxSteps: 200 }, session: { id: 'task', storage } });
(window as unknown as { rakState: () => unknown }).rakState = () => agent.getState();
const showLeader = () => void (document.documentElement.dataset.leader = String(agent.session?.leader));
showLeader();
agent.session?.subscribe(showLeader);

export default function App() {
  return <div style={{ height: '100vh' }}><AgentChat agent={agent} /></div>;
}
`;

let temporary: ReturnType<typeof temporaryDirectory>;
let browser: Browser;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  temporary = temporaryDirectory();
  await ensureBuilt();
  const kit = await packKit(temporary.path);
  const root = createHostApp(temporary.path, { kit, app, react: 'react-19' });
  const options: InlineConfig = { root, configFile: resolve(root, 'vite.config.ts'), logLevel: 'error', clearScreen: false, resolve: { dedupe: ['react', 'react-dom'] } };
  await build({ ...options, build: { outDir: resolve(root, 'dist') } });
  const started = await preview({ ...options, preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false } });
  server = { url: started.resolvedUrls!.local[0]!, close: () => started.close() };
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  temporary?.remove();
});

interface SeenState {
  status: string;
  messages: { id: string; role: string; status: string; parts: { type: string; text?: string; toolCallId?: string }[] }[];
  toolCalls: { id: string; state: string }[];
}

/** The tab's agent state (the app exposes it): what every tab must agree on. */
async function stateOf(page: Page): Promise<SeenState> {
  const state = (await page.evaluate(() => (window as unknown as { rakState: () => unknown }).rakState())) as SeenState;
  return {
    status: state.status,
    messages: state.messages.map(({ id, role, status, parts }) => ({ id, role, status, parts: parts.map(({ type, text, toolCallId }) => ({ type, ...(text === undefined ? {} : { text }), ...(toolCallId === undefined ? {} : { toolCallId }) })) })),
    toolCalls: state.toolCalls.map(({ id, state: callState }) => ({ id, state: callState })),
  };
}

async function open(context: BrowserContext, path = ''): Promise<Page> {
  const page = await context.newPage();
  await page.goto(server.url + path);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  return page;
}

test('the tab that runs the task is reloaded 50 times: the run finishes, no call runs twice, and both tabs end equal', { timeout: 240_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, serviceWorkers: 'block' });
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(error.error().message));
  const tabs = [await open(context), await open(context)];
  await tabs[0]!.getByRole('textbox', { name: 'Message' }).fill('Count, please');
  await tabs[0]!.keyboard.press('Enter');

  const random = seededRandom(31);
  for (let reload = 0; reload < 50; reload++) {
    await tabs[0]!.waitForTimeout(Math.round(random() * 700));
    const leader = (await tabs[0]!.evaluate(() => document.documentElement.dataset.leader)) === 'true' ? tabs[0]! : tabs[1]!;
    await leader.reload();
    await leader.getByRole('textbox', { name: 'Message' }).waitFor();
  }

  // The run goes on to its answer.
  for (const page of tabs) {
    await expect.poll(async () => (await stateOf(page)).status, { timeout: 120_000 }).toBe('idle');
    await expect.poll(() => page.locator('.rak-message[data-role="assistant"]').last().innerText(), { timeout: 10_000 }).toContain(`Counted ${calls} times.`);
  }
  // Both tabs agree, message for message and call for call.
  await expect.poll(() => stateOf(tabs[1]!), { timeout: 10_000 }).toEqual(await stateOf(tabs[0]!));
  const state = await stateOf(tabs[0]!);
  expect(state.messages.filter((message) => message.role === 'user').map((message) => message.parts[0]?.text)).toEqual(['Count, please']);

  // No call started twice; each call with a result started exactly once; the model got every result it was owed.
  const runs = JSON.parse((await tabs[0]!.evaluate(() => localStorage.getItem('runs'))) ?? '{}') as Record<string, number>;
  expect(Object.entries(runs).filter(([, times]) => times > 1)).toEqual([]);
  const finished = state.toolCalls.filter((call) => call.state === 'output-available');
  for (const call of finished) expect(runs[call.id], call.id).toBe(1);
  for (const call of state.toolCalls) expect(['output-available', 'sealed'], call.id).toContain(call.state);
  expect(state.toolCalls.length).toBeGreaterThanOrEqual(calls);
  // The reloads landed mid-run: replies were cut off and calls sealed on the way.
  const cut = state.messages.filter((message) => message.status === 'stopped').length;
  const sealed = state.toolCalls.filter((call) => call.state === 'sealed').length;
  console.log(`50 reloads: ${state.toolCalls.length} calls (${finished.length} with a result, ${sealed} sealed), ${cut} replies cut off, ${state.messages.length} messages`);
  expect(cut + sealed).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  await context.close();
});

test("a tool marked tab: 'sender' runs in the tab the message came from, and waits for it while it reloads", { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, serviceWorkers: 'block' });
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(error.error().message));
  const a = await open(context, '?mode=where#A');
  const b = await open(context, '?mode=where#B');
  expect(await a.evaluate(() => document.documentElement.dataset.leader)).toBe('true');
  expect(await b.evaluate(() => document.documentElement.dataset.leader)).toBe('false');

  // Sent in B, which follows: the call runs in B, not in A that runs the loop.
  await b.getByRole('textbox', { name: 'Message' }).fill('Where am I?');
  await b.keyboard.press('Enter');
  for (const page of [a, b]) await expect.poll(() => page.locator('.rak-message[data-role="assistant"]').last().innerText(), { timeout: 30_000 }).toContain('You are on "page B".');
  expect(JSON.parse((await a.evaluate(() => localStorage.getItem('where-runs'))) ?? '[]')).toEqual(['B']);

  // Sent in B, and B reloads before the call is due: the call waits for B and runs there once.
  await b.getByRole('textbox', { name: 'Message' }).fill('And now?');
  await b.keyboard.press('Enter');
  await expect.poll(async () => (await stateOf(a)).messages.filter((message) => message.role === 'user').length, { timeout: 10_000 }).toBe(2);
  // B's scripts come back slowly: the call is due while B is away, and waits for it.
  await b.route('**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  const reloading = b.reload();
  await a.evaluate(() => localStorage.setItem('where-go', '1'));
  await expect.poll(async () => (await stateOf(a)).toolCalls.at(-1)?.state, { timeout: 10_000 }).toBe('running');
  expect(JSON.parse((await a.evaluate(() => localStorage.getItem('where-runs'))) ?? '[]')).toEqual(['B']);
  await reloading;
  await b.unroute('**/*.js');
  await b.getByRole('textbox', { name: 'Message' }).waitFor();
  for (const page of [a, b]) {
    await expect.poll(async () => (await stateOf(page)).status, { timeout: 30_000 }).toBe('idle');
    await expect.poll(() => page.locator('.rak-message[data-role="assistant"]').last().innerText(), { timeout: 10_000 }).toContain('You are on "page B".');
  }
  expect(JSON.parse((await a.evaluate(() => localStorage.getItem('where-runs'))) ?? '[]')).toEqual(['B', 'B']);
  await expect.poll(() => stateOf(b), { timeout: 10_000 }).toEqual(await stateOf(a));
  expect(errors).toEqual([]);
  await context.close();
});
