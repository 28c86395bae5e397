import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';

test('the thread follows a streaming reply, lets the user scroll up to read, and jumps back on request', async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 1000, height: 560 } });
  const viewport = page.locator('.rak-viewport');
  const metrics = () =>
    viewport.evaluate((element) => ({ top: element.scrollTop, distance: element.scrollHeight - element.scrollTop - element.clientHeight }));

  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('Tell me a long story');
  await input.press('Enter');

  // While the story streams past the fold, the view stays pinned to the end.
  await expect.poll(async () => (await viewport.evaluate((element) => element.scrollHeight - element.clientHeight)), { timeout: 30_000 }).toBeGreaterThan(300);
  await expect.poll(async () => (await metrics()).distance).toBeLessThan(4);

  // The user scrolls up: the view stays where they read while text keeps arriving.
  await viewport.hover();
  await page.mouse.wheel(0, -250);
  await expect.poll(() => page.getByRole('button', { name: /Jump to latest/ }).isVisible()).toBe(true);
  const reading = (await metrics()).top;
  const heightBefore = await viewport.evaluate((element) => element.scrollHeight);
  await expect.poll(() => viewport.evaluate((element) => element.scrollHeight), { timeout: 30_000 }).toBeGreaterThan(heightBefore + 40);
  expect(Math.abs((await metrics()).top - reading)).toBeLessThan(2);
  await screenshot(page, 'scroll-reading-while-streaming');

  // Jumping back pins the view to the end again.
  await page.getByRole('button', { name: /Jump to latest/ }).click();
  await expect.poll(async () => (await metrics()).distance).toBeLessThan(4);
  await expect.poll(() => page.getByRole('button', { name: /Jump to latest/ }).count()).toBe(0);
  await page.getByRole('button', { name: 'Stop' }).click();
  expect(errors).toEqual([]);
});
