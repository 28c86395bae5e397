import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { replyWhenDone, send } from './setup/chat';

/**
 * Sessions in real Chromium with its real IndexedDB: what survives a reload, two tabs on one
 * conversation, and storage that fails. The playground saves every conversation
 * (`createAgent({ session })` with `indexedDbSessionStorage`).
 */

const assistantMessages = '.rak-message[data-role="assistant"]';
const sessionStatus = (page: Page) => page.getByTestId('workspace-status').getAttribute('data-status');



/**
 * The first and the last question of the thread. The thread mounts only what is in view (and
 * renders it in the frame after it loads), so each is looked for at its end of the thread.
 */
async function expectQuestions(page: Page, [first, last]: [string, string]): Promise<void> {
  const questions = page.locator('.rak-message[data-role="user"] .rak-message-body');
  await page.locator('.rak-viewport').press('Home');
  await expect.poll(() => questions.first().innerText()).toBe(first);
  await page.locator('.rak-viewport').press('End');
  await expect.poll(() => questions.last().innerText()).toBe(last);
}

async function reloadAndWaitForConversation(page: Page): Promise<void> {
  await page.reload();
  await page.getByTestId('agent-chat').waitFor();
  await expect.poll(() => sessionStatus(page), { timeout: 15_000 }).not.toBe('loading');
}

test('a pending approval survives a reload: the dialog comes back, and approving finishes the task', async () => {
  const { page, errors } = await openPlayground();
  await send(page, 'Send an email to Ada about the launch');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 30_000 });
  await expect.poll(() => sessionStatus(page), { timeout: 10_000 }).toBe('saved');

  await reloadAndWaitForConversation(page);
  await dialog.waitFor({ timeout: 15_000 });
  expect(await dialog.innerText()).toContain('send_email');
  expect(await dialog.getByRole('textbox').first().inputValue()).toContain('ada@example.com');
  await screenshot(page, 'sessions-approval-after-reload');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  const reply = await replyWhenDone(page);
  expect(reply).toContain('Done: the email was sent to ada@example.com.');
  expect(await page.locator('.rak-tool-chip', { hasText: 'send_email' }).getAttribute('data-state')).toBe('output-available');
  expect(errors).toEqual([]);
});

test('a reload while a tool runs: the lookup (idempotent) runs again by itself and the run finishes', async () => {
  const { page, errors } = await openPlayground('', { ignoreConsoleErrors: [/api\/agent\/tools\/lookup_customer/, /ERR_/] });
  await expect.poll(() => page.getByTestId('server-card').getAttribute('data-status')).toBe('ready');
  // The server never answers this call: the tool stays running.
  await page.route('**/api/agent/tools/lookup_customer', () => {});
  await send(page, 'Look up the customer ada@example.com');
  const chip = page.locator('.rak-tool-chip', { hasText: 'lookup_customer' });
  await expect.poll(() => chip.getAttribute('data-state'), { timeout: 30_000 }).toBe('running');
  await expect.poll(() => sessionStatus(page), { timeout: 10_000 }).toBe('saved');

  await page.unroute('**/api/agent/tools/lookup_customer');
  await reloadAndWaitForConversation(page);
  // lookup_customer says it is safe to repeat: it ran again, and the model answered from its result.
  await expect.poll(() => chip.getAttribute('data-state'), { timeout: 15_000 }).toBe('output-available');
  const reply = await replyWhenDone(page);
  expect(reply).toContain('Ada Lovelace');
  expect(await chip.count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
  await screenshot(page, 'sessions-resumed-call');
  expect(errors).toEqual([]);
});

test('a reload while a reply streams: the words so far are kept and marked cut off, and the answer is asked again by itself', async () => {
  const { page, errors } = await openPlayground();
  await send(page, 'Tell me a long story');
  const reply = page.locator(assistantMessages).last();
  await expect.poll(async () => (await reply.innerText()).split(/\s+/).length, { timeout: 30_000 }).toBeGreaterThan(40);
  // Saves come at most every 2 s while a reply streams; wait for one that has words in it.
  await page.waitForTimeout(2_500);
  const streamed = (await reply.innerText()).split(/\s+/).slice(0, 8).join(' ');

  await reloadAndWaitForConversation(page);
  const cut = page.locator(assistantMessages).first();
  await expect.poll(() => cut.getAttribute('data-status'), { timeout: 15_000 }).toBe('stopped');
  expect((await cut.innerText()).replace(/\s+/g, ' ')).toContain(streamed);
  expect(await cut.innerText()).toContain('This reply was cut off when the page was closed or reloaded.');
  // The step goes on as a reply of its own, never merged into the cut-off one.
  await expect.poll(() => page.locator(assistantMessages).count(), { timeout: 15_000 }).toBe(2);
  await screenshot(page, 'sessions-cut-off-reply');
  await expect.poll(() => page.locator(assistantMessages).last().getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
  expect(await page.locator(assistantMessages).last().innerText()).not.toContain('cut off');
  expect(await page.locator('.rak-message[data-role="user"]').count()).toBe(1);
  expect(errors).toEqual([]);
});

// Two tabs on one conversation: test/e2e/tabs.e2e.test.ts (one live conversation, issue 31).

test('no IndexedDB: the page says nothing is saved, and the chat works in memory', async () => {
  const { page, context, errors } = await openPlayground('', { ignoreConsoleErrors: [/session|IndexedDB|Workspace/i] });
  await context.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', { configurable: true, get: () => undefined });
  });
  await page.reload();
  await page.getByTestId('agent-chat').waitFor();
  await expect.poll(() => sessionStatus(page), { timeout: 15_000 }).toBe('off');
  const alert = page.locator('.rak-session-notice').getByRole('alert');
  expect(await alert.innerText()).toMatch(/^Not saved: IndexedDB is not available .* The chat goes on in this tab\.$/);
  await send(page, 'What time is it?');
  expect(await replyWhenDone(page)).toContain('get_time');
  expect(errors).toEqual([]);
});

test('storage full: saving fails with a clear message, the chat goes on, and nothing half-written is left', async () => {
  const { page, context, errors } = await openPlayground('', { ignoreConsoleErrors: [/session|quota|Workspace/i] });
  await context.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (...args: Parameters<typeof put>) {
      if (this.name === 'sessions' && (window as unknown as { storageFull?: boolean }).storageFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  await page.reload();
  await page.getByTestId('agent-chat').waitFor();
  await expect.poll(() => sessionStatus(page), { timeout: 15_000 }).toBe('saved');
  await page.evaluate(() => ((window as unknown as { storageFull?: boolean }).storageFull = true));

  await send(page, 'What time is it?');
  expect(await replyWhenDone(page)).toContain('get_time');
  await expect.poll(() => sessionStatus(page), { timeout: 10_000 }).toBe('error');
  expect(await page.locator('.rak-session-notice').getByRole('alert').innerText()).toMatch(/^Saving failed: .*quota.* The chat goes on in this tab\.$/i);
  await screenshot(page, 'sessions-storage-full');

  // Room again: the next change saves everything, the failed save included.
  await page.evaluate(() => ((window as unknown as { storageFull?: boolean }).storageFull = false));
  await send(page, "What's the weather in Paris?");
  await replyWhenDone(page);
  await expect.poll(() => sessionStatus(page), { timeout: 10_000 }).toBe('saved');
  await reloadAndWaitForConversation(page);
  // Both questions and their replies, once each.
  await expect.poll(() => page.getByRole('navigation', { name: 'Conversations' }).getByRole('listitem').first().innerText()).toContain('6 messages');
  await expectQuestions(page, ['What time is it?', "What's the weather in Paris?"]);
  expect(errors).toEqual([]);
});

test('conversations: a new one starts empty with fresh files, the list switches back, renames and deletes', async () => {
  const { page, errors } = await openPlayground();
  const list = page.getByRole('navigation', { name: 'Conversations' });
  await send(page, 'Add a task to my todo list: first conversation');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await replyWhenDone(page);
  await expect.poll(() => list.getByRole('listitem').count()).toBe(1);

  await list.getByRole('button', { name: 'New chat' }).click();
  await expect.poll(() => page.locator('.rak-message').count()).toBe(0);
  await send(page, 'What time is it?');
  await replyWhenDone(page);
  await expect.poll(() => list.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('What time is it?'), expect.stringContaining('Add a task to my todo list')]);

  // Back to the first: its messages and its edited files.
  await list.getByRole('button', { name: /^Add a task to my todo list/ }).click();
  await expect.poll(() => page.locator('.rak-message[data-role="user"] .rak-message-body').allInnerTexts(), { timeout: 15_000 }).toEqual(['Add a task to my todo list: first conversation']);
  await page.getByRole('treeitem', { name: /^TODO\.md/ }).click();
  expect(await page.getByLabel('Content of /TODO.md').innerText()).toContain('first conversation');

  await list.getByRole('button', { name: 'Rename "Add a task to my todo list: first conversation"' }).click();
  await list.getByRole('textbox', { name: 'New title' }).fill('My todo list');
  await list.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => list.getByRole('button', { name: /^My todo list/ }).count()).toBe(1);

  await list.getByRole('button', { name: /^What time is it\?/ }).click();
  await expect.poll(() => page.locator('.rak-message[data-role="user"] .rak-message-body').allInnerTexts(), { timeout: 15_000 }).toEqual(['What time is it?']);
  await list.getByRole('button', { name: 'Delete "What time is it?"' }).click();
  await list.getByRole('group', { name: 'Delete "What time is it?"?' }).getByRole('button', { name: 'Delete' }).click();
  // Deleting the open conversation opens a new, empty one (stored with its first message).
  await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
  await expect.poll(() => page.locator('.rak-message').count()).toBe(0);
  await reloadAndWaitForConversation(page);
  expect(await list.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('My todo list')]);
  await screenshot(page, 'sessions-list');
  expect(errors).toEqual([]);
});

test('a conversation exports as one file, and importing it opens a copy with its files', async () => {
  const { page, errors } = await openPlayground();
  await send(page, 'Add a task to my todo list: exported task');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await replyWhenDone(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export chat' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Add-a-task-to-my-todo-list.*\.json$/);
  const file = await download.path();

  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: 'New chat' }).click();
  await expect.poll(() => page.locator('.rak-message').count()).toBe(0);
  await page.getByLabel('Import chat').setInputFiles(file);
  await expect.poll(() => page.locator('.rak-message[data-role="user"] .rak-message-body').allInnerTexts(), { timeout: 15_000 }).toEqual(['Add a task to my todo list: exported task']);
  await page.getByRole('treeitem', { name: /^TODO\.md/ }).click();
  expect(await page.getByLabel('Content of /TODO.md').innerText()).toContain('exported task');
  // The copy is a conversation of its own, and its checkpoints came along: rolling back works.
  await expect.poll(() => page.getByRole('navigation', { name: 'Conversations' }).getByRole('listitem').count()).toBe(2);
  await page.getByRole('button', { name: 'Roll back to here' }).click();
  await page.getByRole('button', { name: 'Roll back', exact: true }).click();
  await expect.poll(() => page.getByLabel('Content of /TODO.md').innerText()).not.toContain('exported task');
  expect(errors).toEqual([]);
});
