import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { replyWhenDone, send } from './setup/chat';

/**
 * Issue 31, item 2: the same conversation in several tabs of one browser is one live
 * conversation. In real Chromium (its Web Locks, BroadcastChannel and IndexedDB), three pages of
 * one browser context on the playground's conversation: one runs the loop, the others show it as
 * it happens and send their commands to it, and when it closes mid-stream another takes over.
 */

const assistantMessages = '.rak-message[data-role="assistant"]';
const words = async (page: Page) => (await page.locator(assistantMessages).last().innerText()).split(/\s+/).length;

/** What a tab shows of the thread: each message's role, status and text, in order. */
function thread(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.rak-message')].map((message) => `${message.dataset.role} ${message.dataset.status}: ${message.querySelector('.rak-message-body')?.textContent ?? ''}`),
  );
}

/** The run is over as this tab shows it. */
const idle = (page: Page) => expect.poll(() => page.locator('.pg-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('idle');

async function openTab(first: Page): Promise<Page> {
  const page = await first.context().newPage();
  await page.goto(first.url());
  await page.getByTestId('agent-chat').waitFor();
  return page;
}

test('three tabs, one run: a reply grows in every tab, another tab stops it, approves once, and takes the run over when the first closes', { timeout: 120_000 }, async () => {
  const { page: a, errors } = await openPlayground('', { ignoreConsoleErrors: [/api\/agent\/tools\/lookup_customer/] });
  await expect.poll(() => a.getByTestId('server-card').getAttribute('data-status')).toBe('ready');
  await send(a, 'What time is it?');
  await replyWhenDone(a);
  const b = await openTab(a);
  await expect.poll(() => thread(b), { timeout: 15_000 }).toEqual(await thread(a));
  // B says where the conversation runs; A, which runs it, does not.
  await b.getByTestId('tab-role').waitFor();
  expect(await a.getByTestId('tab-role').count()).toBe(0);

  // A reply streaming in A grows in B, word by word.
  await send(a, 'Tell me a long story');
  await expect.poll(() => words(b), { timeout: 30_000 }).toBeGreaterThan(15);
  const early = await words(b);
  await expect.poll(() => words(b), { timeout: 30_000 }).toBeGreaterThan(early + 15);
  await screenshot(b, 'tabs-following-a-stream');

  // B stops A's run.
  await b.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => a.locator(assistantMessages).last().getAttribute('data-status'), { timeout: 10_000 }).toBe('stopped');
  await expect.poll(() => thread(b)).toEqual(await thread(a));

  // B asks for the email; the approval shows in both tabs; B approves; the tool runs once.
  const c = await openTab(a);
  await send(b, 'Send an email to Ada about the launch');
  await b.getByRole('alertdialog').waitFor({ timeout: 30_000 });
  await a.getByRole('alertdialog').waitFor({ timeout: 10_000 });
  await b.getByRole('alertdialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect.poll(() => a.locator(assistantMessages).last().innerText(), { timeout: 30_000 }).toContain('Done: the email was sent to ada@example.com.');
  for (const page of [a, b, c]) {
    await expect.poll(() => page.locator('.rak-tool-chip', { hasText: 'send_email' }).count()).toBe(1);
    expect(await page.locator('.rak-tool-chip', { hasText: 'send_email' }).getAttribute('data-state')).toBe('output-available');
    await idle(page);
  }
  // A backend tool called from another tab: the server is asked once.
  let lookups = 0;
  for (const page of [a, b, c]) page.on('request', (request) => void (request.url().includes('/api/agent/tools/lookup_customer') && (lookups += 1)));
  await send(c, 'Look up the customer ada@example.com');
  await expect.poll(() => b.locator(assistantMessages).last().innerText(), { timeout: 30_000 }).toContain('Ada Lovelace');
  expect(lookups).toBe(1);
  for (const page of [a, b, c]) await idle(page);

  // A closes mid-stream: B or C takes the run over as a reload would, and finishes it.
  await send(b, 'Tell me a long story');
  await expect.poll(() => words(c), { timeout: 30_000 }).toBeGreaterThan(40);
  // Saves come at most every 2 s while a reply streams.
  await a.waitForTimeout(2_500);
  await a.close();
  await expect.poll(() => b.locator(assistantMessages).last().getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
  await expect.poll(() => c.locator(assistantMessages).last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
  const cut = b.locator(`${assistantMessages}[data-status="stopped"]`).last();
  expect(await cut.innerText()).toContain('This reply was cut off when the page was closed or reloaded.');
  // Both tabs show the same conversation, message for message.
  await expect.poll(() => thread(c)).toEqual(await thread(b));
  expect((await thread(b)).filter((line) => line.startsWith('user'))).toHaveLength(5);
  await screenshot(b, 'tabs-after-takeover');
  expect(errors).toEqual([]);
});
