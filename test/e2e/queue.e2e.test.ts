import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { replyWhenDone, send } from './setup/chat';

/**
 * Issue 32, item 2, on the playground in Chromium: messages typed while a long reply streams wait
 * as chips above the composer; a removed one is never sent; the others are sent in order once the
 * agent is idle; a queued message survives a reload.
 */

const chips = (page: Page) => page.getByRole('list', { name: 'Queued messages' }).locator('.rak-queue-text').allInnerTexts();
const userQuestions = (page: Page) => page.locator('.rak-message[data-role="user"] .rak-message-body').allInnerTexts();
const status = (page: Page) => page.locator('.pg-status').getAttribute('data-status');

async function queue(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => chips(page)).toContain(text);
}

test('two messages queued while a story streams: one removed, the other sent after the story', { timeout: 90_000 }, async () => {
  const { page, errors } = await openPlayground();
  await send(page, 'Tell me a long story');
  await expect.poll(() => status(page), { timeout: 10_000 }).toBe('running');
  await queue(page, 'Hello');
  await queue(page, 'What time is it?');
  expect(await chips(page)).toEqual(['Hello', 'What time is it?']);
  await expect.poll(() => page.locator('.rak-composer .rak-visually-hidden[aria-live="polite"]').innerText()).toBe('Queued, sent when the agent is done: What time is it?');
  await screenshot(page, 'queue-chips');

  await page.getByRole('button', { name: 'Remove queued message: Hello' }).click();
  await expect.poll(() => chips(page)).toEqual(['What time is it?']);
  // Stop ends the story; the queued question goes next.
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => userQuestions(page), { timeout: 15_000 }).toEqual(['Tell me a long story', 'What time is it?']);
  expect(await replyWhenDone(page)).toMatch(/\d{1,2}:\d{2}/);
  expect(await chips(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('a message queued when the page reloads is still there, and is sent once the run is over', { timeout: 90_000 }, async () => {
  const { page, errors } = await openPlayground();
  await send(page, 'Tell me a long story');
  await expect.poll(() => status(page), { timeout: 10_000 }).toBe('running');
  await queue(page, 'What time is it?');
  await expect.poll(() => page.getByTestId('workspace-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');
  await page.reload();
  await page.getByTestId('agent-chat').waitFor();
  // The story goes on by itself (session.resume), the question still waits.
  await expect.poll(() => chips(page), { timeout: 15_000 }).toEqual(['What time is it?']);
  await expect.poll(() => status(page), { timeout: 15_000 }).toBe('running');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => userQuestions(page), { timeout: 15_000 }).toEqual(['Tell me a long story', 'What time is it?']);
  expect(await replyWhenDone(page)).toMatch(/\d{1,2}:\d{2}/);
  expect(errors).toEqual([]);
});
