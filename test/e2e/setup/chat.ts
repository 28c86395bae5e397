import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Driving the playground's chat like a person: send a message, wait for the run to end, read
 * what the agent answered.
 */

/** Sends a message and waits until it shows (the run has started by then). */
export async function send(page: Page, text: string): Promise<void> {
  const userMessages = page.locator('.rak-message[data-role="user"]');
  const before = await userMessages.count();
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => userMessages.count()).toBe(before + 1);
}

/** Waits until the run is over, then returns the text of every assistant message since the last user message. */
export async function replyWhenDone(page: Page): Promise<string> {
  await expect.poll(() => page.locator('.pg-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('idle');
  // The store is idle, but markdown renders at background priority: wait until the page shows
  // the text the store has (on a slow machine the last render can trail the status by a frame).
  await expect.poll(() => page.locator('.rak-md[data-pending]').count(), { timeout: 10_000 }).toBe(0);
  return page.evaluate(() => {
    // A reply's timing differs from run to run, and it and "Read aloud" load lazily: not part of the reply.
    const timings = [...document.querySelectorAll<HTMLElement>('.rak-reply-timing, .rak-read-aloud')];
    for (const timing of timings) timing.style.display = 'none';
    const messages = [...document.querySelectorAll<HTMLElement>('.rak-message')];
    const lastUser = messages.findLastIndex((message) => message.dataset.role === 'user');
    const text = messages
      .slice(lastUser + 1)
      .map((message) => message.innerText)
      .join('\n\n');
    for (const timing of timings) timing.style.display = '';
    return text;
  });
}
