import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { longThreadSessionFile } from './setup/long-thread';

/**
 * A conversation of 10,000 messages in the playground (imported as a session file, as a person
 * would): the thread mounts only what is in view, follows a reply as it streams, leaves the
 * reader where they are when they scroll up (also when a message above them changes height),
 * and "Jump to latest" brings them back.
 */

const messageCount = 10_000;
let sessionFile: Buffer;

beforeAll(async () => {
  sessionFile = Buffer.from(await longThreadSessionFile(messageCount));
});

const viewport = (page: Page) => page.locator('.rak-viewport');

/** Pixels between the bottom of the view and the end of the thread. */
const distanceFromEnd = (page: Page) => viewport(page).evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);

/** The first message whose top is in view, and where it is relative to the top of the view. */
function readingPosition(page: Page) {
  return viewport(page).evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    const items = [...element.querySelectorAll<HTMLElement>('.rak-message-item')].sort((a, b) => Number(a.dataset.rakIndex) - Number(b.dataset.rakIndex));
    const item = items.find((candidate) => candidate.getBoundingClientRect().top >= top)!;
    return { index: item.dataset.rakIndex, offset: Math.round(item.getBoundingClientRect().top - top) };
  });
}

async function importLongThread(page: Page): Promise<void> {
  await page.getByTestId('agent-chat').waitFor();
  await page.getByLabel('Import chat').setInputFiles({ name: 'long-thread.json', mimeType: 'application/json', buffer: sessionFile });
  // The thread opens at its end: the last answer is on screen.
  await page.getByText(/^Answer 3333\./).waitFor({ timeout: 60_000 });
}

test('a 10,000-message conversation loads, streams, sticks to bottom, lets the reader scroll up undisturbed, and "Jump to latest" returns', { timeout: 180_000 }, async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 1280, height: 860 } });
  await importLongThread(page);
  await expect.poll(() => distanceFromEnd(page)).toBeLessThan(4);

  // Only what is in view is mounted: the page stays small whatever the thread's length.
  const counts = await page.evaluate(() => ({ messages: document.querySelectorAll('.rak-message').length, nodes: document.getElementsByTagName('*').length }));
  expect(counts.messages).toBeLessThan(40);
  expect(counts.nodes).toBeLessThan(3_000);
  await screenshot(page, 'long-thread-loaded');

  // Long tasks while the reply streams, for the log (the render benchmark owns the numbers).
  await page.evaluate(() => {
    (window as unknown as { longTasks: number[] }).longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => (window as unknown as { longTasks: number[] }).longTasks.push(Math.round(entry.duration)))).observe({ type: 'longtask' });
  });
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('Tell me a long story');
  await input.press('Enter');

  // The reply grows past the fold while the view stays at the end.
  const streaming = page.locator('.rak-message[data-status="streaming"]');
  await streaming.waitFor({ timeout: 30_000 });
  await expect.poll(() => streaming.evaluate((element) => element.getBoundingClientRect().height), { timeout: 30_000 }).toBeGreaterThan(300);
  for (let sample = 0; sample < 5; sample++) {
    await expect.poll(() => distanceFromEnd(page)).toBeLessThan(4);
    await page.waitForTimeout(150);
  }

  // The reader scrolls up: the view stays where they read while text keeps arriving.
  await viewport(page).hover();
  await page.mouse.wheel(0, -1_500);
  const jump = page.getByRole('button', { name: /Jump to latest/ });
  await jump.waitFor();
  await expect.poll(() => readingPosition(page)).toEqual(await readingPosition(page));
  const reading = await readingPosition(page);
  const heightBefore = await viewport(page).evaluate((element) => element.scrollHeight);
  await expect.poll(() => viewport(page).evaluate((element) => element.scrollHeight), { timeout: 30_000 }).toBeGreaterThan(heightBefore + 100);
  expect(await readingPosition(page)).toEqual(reading);

  // A message above the reader grows (as a tool card or a diff that expands): they stay put.
  const grown = await viewport(page).evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    const above = [...element.querySelectorAll<HTMLElement>('.rak-message-item')].find((item) => item.getBoundingClientRect().bottom < top);
    above?.querySelector('.rak-message-body')?.append(Object.assign(document.createElement('div'), { style: 'height: 300px' }));
    return above !== undefined;
  });
  expect(grown).toBe(true);
  await page.waitForTimeout(300);
  expect(await readingPosition(page)).toEqual(reading);
  await screenshot(page, 'long-thread-reading-while-streaming');

  // Jump to latest: back at the end, and following the stream again.
  await jump.click();
  await expect.poll(() => distanceFromEnd(page)).toBeLessThan(4);
  await expect.poll(() => jump.count()).toBe(0);
  if ((await streaming.count()) > 0) {
    const heightAtJump = await viewport(page).evaluate((element) => element.scrollHeight);
    await expect.poll(() => viewport(page).evaluate((element) => element.scrollHeight), { timeout: 30_000 }).toBeGreaterThan(heightAtJump + 40);
    expect(await distanceFromEnd(page)).toBeLessThan(4);
  }
  // Focus went to the thread, not lost with the button.
  expect(await page.evaluate(() => document.activeElement?.className)).toBe('rak-viewport');
  await page.getByRole('button', { name: 'Stop' }).click().catch(() => {});
  console.log(`long tasks while streaming into ${messageCount.toLocaleString()} messages (ms):`, await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks));

  // The oldest message is reachable, with the page still small.
  await viewport(page).focus();
  await page.keyboard.press('Home');
  await page.getByText(/^Answer 0\./).waitFor();
  expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(3_000);
  expect(errors).toEqual([]);
});

test('screenshots of a long thread: desktop and phone, light and dark', { timeout: 180_000 }, async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 1280, height: 860 } });
  await importLongThread(page);
  await screenshot(page, 'long-thread-1280-light');
  await page.getByRole('radio', { name: 'Dark' }).click();
  await screenshot(page, 'long-thread-1280-dark');
  // No panel is open on a conversation the agent is not changing, so nothing covers the thread on a phone.
  expect(await page.getByRole('complementary', { name: 'Workspace' }).count()).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => distanceFromEnd(page)).toBeLessThan(4);
  await screenshot(page, 'long-thread-390-dark');
  await viewport(page).hover();
  await page.mouse.wheel(0, -800);
  await page.getByRole('button', { name: /Jump to latest/ }).waitFor();
  await screenshot(page, 'long-thread-390-dark-scrolled-up');
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByRole('radio', { name: 'Light' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'long-thread-390-light-scrolled-up');
  expect(errors).toEqual([]);
});
