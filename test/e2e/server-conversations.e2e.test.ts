import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPlayground, screenshot } from './setup/browser';
import { replyWhenDone, send } from './setup/chat';

/**
 * Conversations on the dev server (issue 19): the playground keeps them in the session routes of
 * its backend (`createAgentHandler({ sessions })` on PGlite, in a temporary directory for the run),
 * so two browser contexts (two devices, nothing shared but the server) see and continue the same
 * conversation. The sidebar's switch keeps them in this browser only instead, and a page whose
 * server has no session routes (the built playground) falls back to the browser and says so.
 * Screenshots in test-results/server-conversations-*.png.
 */

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Each test's words are its own: the server's conversations are shared by every test of the run. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const list = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
const place = (page: Page) => page.getByRole('group', { name: 'Conversations' });
const sessionStatus = (page: Page) => page.getByTestId('workspace-status').getAttribute('data-status');
const userMessages = (page: Page) => page.locator('.rak-message[data-role="user"] .rak-message-body').allInnerTexts();

/**
 * The first and the last question of the thread. The thread mounts only what is in view, so each
 * is looked for at its end of the thread.
 */
async function expectQuestions(page: Page, [first, last]: [string, string]): Promise<void> {
  const questions = page.locator('.rak-message[data-role="user"] .rak-message-body');
  await page.locator('.rak-viewport').press('Home');
  await expect.poll(() => questions.first().innerText(), { timeout: 15_000 }).toBe(first);
  await page.locator('.rak-viewport').press('End');
  await expect.poll(() => questions.last().innerText()).toBe(last);
}

/** A conversation's button in the list, by its title (its first question). */
const listed = (page: Page, title: string) => list(page).getByRole('button', { name: new RegExp(`^${title.replace(/[?()]/g, '\\$&')}`) });

async function whenLoaded(page: Page): Promise<void> {
  await page.getByTestId('agent-chat').waitFor();
  await expect.poll(() => sessionStatus(page), { timeout: 15_000 }).not.toBe('loading');
}

/** The titles of the dev server's conversations, as the session routes list them. */
async function serverTitles(page: Page): Promise<string[]> {
  const response = await page.request.get('api/agent/sessions');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { sessions: Array<{ title: string }> }).sessions.map((session) => session.title);
}

/** How many messages the dev server holds for the conversation titled `title`. */
async function serverMessageCount(page: Page, title: string): Promise<number | undefined> {
  const response = await page.request.get('api/agent/sessions');
  const sessions = ((await response.json()) as { sessions: Array<{ title: string; messageCount: number }> }).sessions;
  return sessions.find((session) => session.title === title)?.messageCount;
}

async function axeViolations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource });
  const results = await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe;
    return axe.run({ include: [[include]] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
  }, selector);
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('two devices on the dev server: the second finds the conversation, continues it, and the first sees that turn', async () => {
  const laptop = await openPlayground('', { browser, conversations: 'server' });
  const question = `What time is it? (asked on the laptop ${unique()})`;
  await send(laptop.page, question);
  const reply = await replyWhenDone(laptop.page);
  expect(reply).toContain('get_time');
  await expect.poll(() => sessionStatus(laptop.page), { timeout: 10_000 }).toBe('saved');
  expect(await laptop.page.getByTestId('workspace-status').innerText()).toBe('Saved on the dev server');
  expect(await place(laptop.page).getByRole('radio', { name: /^On the dev server/ }).isChecked()).toBe(true);

  // Another device: its own storage, nothing in common with the laptop but the server.
  const phone = await openPlayground('', { browser, conversations: 'server' });
  await whenLoaded(phone.page);
  const shared = listed(phone.page, question);
  await shared.waitFor({ timeout: 15_000 });
  await shared.click();
  await expect.poll(() => userMessages(phone.page), { timeout: 15_000 }).toEqual([question]);
  expect(await replyWhenDone(phone.page)).toBe(reply);
  await screenshot(phone.page, 'server-conversations-second-device');

  const followUp = `What's the weather in Paris? (asked on the phone ${unique()})`;
  await send(phone.page, followUp);
  expect(await replyWhenDone(phone.page)).toContain('get_weather');
  await expect.poll(() => sessionStatus(phone.page), { timeout: 10_000 }).toBe('saved');

  // The laptop opens the conversation again: the phone's turn is there, and it goes on from it.
  await laptop.page.reload();
  await whenLoaded(laptop.page);
  await expectQuestions(laptop.page, [question, followUp]);
  expect(await replyWhenDone(laptop.page)).toContain('get_weather');
  expect(await listed(laptop.page, question).getAttribute('aria-current')).toBe('page');
  expect(await sessionStatus(laptop.page)).toBe('saved');
  expect(laptop.errors).toEqual([]);
  expect(phone.errors).toEqual([]);
});

test('one device goes offline, changes the conversation, comes back, and the change arrives on the other', async () => {
  const laptop = await openPlayground('', { browser, conversations: 'server' });
  const question = `What time is it? (before going offline ${unique()})`;
  await send(laptop.page, question);
  await replyWhenDone(laptop.page);
  await expect.poll(() => sessionStatus(laptop.page), { timeout: 10_000 }).toBe('saved');

  const phone = await openPlayground('', { browser, conversations: 'server' });
  await whenLoaded(phone.page);
  await listed(phone.page, question).click();
  await expect.poll(() => userMessages(phone.page), { timeout: 15_000 }).toEqual([question]);
  const countBefore = (await serverMessageCount(phone.page, question)) ?? Number.NaN;
  expect(countBefore).toBeGreaterThan(0);

  // The laptop loses the network. The demo model runs in the page, so the chat goes on, and the
  // turn is kept in the browser's copy until the server can be reached.
  await laptop.context.setOffline(true);
  const offline = `What's the weather in Paris? (asked offline ${unique()})`;
  await send(laptop.page, offline);
  expect(await replyWhenDone(laptop.page)).toContain('get_weather');
  // Saved, in this browser, and the page says the server has not got it yet.
  await expect.poll(() => sessionStatus(laptop.page), { timeout: 10_000 }).toBe('unsynced');
  expect(await laptop.page.getByTestId('workspace-status').innerText()).toBe('Saved here until the server is back');
  await laptop.page.getByTestId('workspace-status').scrollIntoViewIfNeeded();
  await screenshot(laptop.page, 'server-conversations-offline');
  // Nothing of it reached the server: the phone, reloading, still sees one question.
  await phone.page.reload();
  await whenLoaded(phone.page);
  await expect.poll(() => userMessages(phone.page), { timeout: 15_000 }).toEqual([question]);
  expect(await serverMessageCount(phone.page, question)).toBe(countBefore);

  // Back online: the browser's 'online' event pushes the waiting change, and the phone gets it.
  await laptop.context.setOffline(false);
  await expect.poll(() => serverMessageCount(phone.page, question), { timeout: 30_000 }).toBeGreaterThan(countBefore);
  await expect.poll(() => sessionStatus(laptop.page), { timeout: 10_000 }).toBe('saved');
  await phone.page.reload();
  await whenLoaded(phone.page);
  await expectQuestions(phone.page, [question, offline]);
  expect(await replyWhenDone(phone.page)).toContain('get_weather');
  await screenshot(phone.page, 'server-conversations-after-sync');
  expect(laptop.errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|net::ERR_/.test(error))).toEqual([]);
  expect(phone.errors).toEqual([]);
});

test('"In this browser only": the browser’s own list, a conversation the server never sees, and back', async () => {
  const laptop = await openPlayground('', { browser, conversations: 'server' });
  const { page } = laptop;
  await whenLoaded(page);
  const onServer = `What time is it? (kept on the server ${unique()})`;
  await send(page, onServer);
  await replyWhenDone(page);
  await expect.poll(() => sessionStatus(page), { timeout: 10_000 }).toBe('saved');

  await place(page).getByRole('radio', { name: /^In this browser only/ }).check();
  // The browser's list: empty in a fresh context, and a new conversation.
  await expect.poll(() => list(page).getByRole('listitem').count(), { timeout: 15_000 }).toBe(0);
  await expect.poll(() => page.locator('.rak-message').count()).toBe(0);
  const inBrowser = `What time is it? (kept in this browser ${unique()})`;
  await send(page, inBrowser);
  await replyWhenDone(page);
  await expect.poll(() => sessionStatus(page), { timeout: 10_000 }).toBe('saved');
  expect(await page.getByTestId('workspace-status').innerText()).toBe('Saved in this browser');
  expect(await list(page).getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining(inBrowser)]);

  // The server never saw it, and another device does not see it.
  expect(await serverTitles(page)).toContain(onServer);
  expect(await serverTitles(page)).not.toContain(inBrowser);
  const phone = await openPlayground('', { browser, conversations: 'server' });
  await whenLoaded(phone.page);
  await listed(phone.page, onServer).waitFor({ timeout: 15_000 });
  expect(await list(phone.page).getByRole('listitem').allInnerTexts()).not.toContainEqual(expect.stringContaining(inBrowser));

  // The choice stays across a reload.
  await page.reload();
  await whenLoaded(page);
  expect(await place(page).getByRole('radio', { name: /^In this browser only/ }).isChecked()).toBe(true);
  await expect.poll(() => userMessages(page), { timeout: 15_000 }).toEqual([inBrowser]);

  // Back on the dev server: its list, and the conversation that was open there.
  await place(page).getByRole('radio', { name: /^On the dev server/ }).check();
  await expect.poll(() => userMessages(page), { timeout: 15_000 }).toEqual([onServer]);
  await expect.poll(() => list(page).getByRole('listitem').allInnerTexts()).toContainEqual(expect.stringContaining(onServer));
  expect(await list(page).getByRole('listitem').allInnerTexts()).not.toContainEqual(expect.stringContaining(inBrowser));
  expect(await page.getByTestId('workspace-status').innerText()).toBe('Saved on the dev server');
  expect(laptop.errors).toEqual([]);
  expect(phone.errors).toEqual([]);
});

test('export and import on the dev server: the imported copy is a conversation on the server, with its files', async () => {
  const { page, errors } = await openPlayground('', { browser, conversations: 'server' });
  await whenLoaded(page);
  const task = `Add a task to my todo list: export ${unique()}`;
  await send(page, task);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await replyWhenDone(page);
  await expect.poll(() => sessionStatus(page), { timeout: 10_000 }).toBe('saved');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export chat' }).click()]);
  const file = await download.path();
  await list(page).getByRole('button', { name: 'New chat' }).click();
  await expect.poll(() => page.locator('.rak-message').count()).toBe(0);
  await page.getByLabel('Import chat').setInputFiles(file);
  await expect.poll(() => userMessages(page), { timeout: 15_000 }).toEqual([task]);
  expect((await serverTitles(page)).filter((title) => title === task)).toHaveLength(2);

  // Another device opens the copy, files and all.
  const phone = await openPlayground('', { browser, conversations: 'server' });
  await whenLoaded(phone.page);
  await expect.poll(() => listed(phone.page, task).count(), { timeout: 15_000 }).toBe(2);
  await listed(phone.page, task).first().click();
  await expect.poll(() => userMessages(phone.page), { timeout: 15_000 }).toEqual([task]);
  // Panels start closed on a conversation the agent is not changing: open the Workspace.
  const workspaceToggle = phone.page.getByRole('button', { name: 'Workspace', exact: true });
  if ((await workspaceToggle.getAttribute('aria-expanded')) !== 'true') await workspaceToggle.click();
  await phone.page.getByRole('treeitem', { name: /^TODO\.md/ }).click();
  expect(await phone.page.getByLabel('Content of /TODO.md').innerText()).toContain(task.replace('Add a task to my todo list: ', ''));
  expect(errors).toEqual([]);
  expect(phone.errors).toEqual([]);
});

test('a server without session routes (the built playground): the conversations stay in this browser, and the switch says why', async () => {
  const { page, errors } = await openPlayground('', { browser, conversations: 'server', ignoreConsoleErrors: [/Failed to load resource: .*404/] });
  await whenLoaded(page);
  // What a static host answers: no such route.
  await page.route('**/api/agent/sessions', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: '<h1>Not found</h1>' }));
  await page.reload();
  await whenLoaded(page);
  const group = place(page);
  expect(await group.getByRole('radio', { name: /^In this browser only/ }).isChecked()).toBe(true);
  expect(await group.getByRole('radio', { name: /^On the dev server/ }).locator('xpath=..').innerText()).toContain(
    'Not in use: This server keeps no conversations (a built playground has no dev server), so they are kept in this browser.',
  );
  // The dev server stays the choice: with session routes again, choosing it opens them.
  expect(await page.evaluate(() => localStorage.getItem('rak-playground-conversations'))).toBe('server');
  const question = `What time is it? (no session routes ${unique()})`;
  await send(page, question);
  await replyWhenDone(page);
  await expect.poll(() => sessionStatus(page), { timeout: 10_000 }).toBe('saved');
  expect(await page.getByTestId('workspace-status').innerText()).toBe('Saved in this browser');
  await group.scrollIntoViewIfNeeded();
  await screenshot(page, 'server-conversations-fallback');
  await page.unroute('**/api/agent/sessions');
  await group.getByRole('radio', { name: /^On the dev server/ }).check();
  await expect.poll(() => group.getByRole('radio', { name: /^On the dev server/ }).isChecked(), { timeout: 15_000 }).toBe(true);
  expect(await group.innerText()).not.toContain('Not in use');
  expect(await serverTitles(page)).not.toContain(question);
  expect(errors).toEqual([]);
});

test('the switch in the sidebar, desktop and phone, light and dark', async () => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    const { page, errors, close } = await openPlayground('', { browser, conversations: 'server', viewport: { width, height } });
    await whenLoaded(page);
    if (width < 600) {
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    }
    const group = place(page);
    await group.scrollIntoViewIfNeeded();
    expect(await group.getByRole('radio').count()).toBe(2);
    // The sidebar scrolls on its own; nothing in it makes the page taller than the window.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(height);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await screenshot(page, `server-conversations-switch-${width}-${theme}`);
      expect(await axeViolations(page, '.pg-choice')).toEqual([]);
    }
    expect(errors).toEqual([]);
    await close();
  }
});
