import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { replyWhenDone, send } from './setup/chat';
import { openPlayground, screenshot } from './setup/browser';

/**
 * The playground's own layout at a laptop's 1280x860 and a phone's 390x844: panels never cover
 * the conversation, the sidebar is reachable on a phone, and the header stays one line and true.
 */

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box (not visible)`);
  return found;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The header's visible items all sit on one row, and it is as tall as one row. */
async function headerRows(page: Page): Promise<{ centers: number[]; height: number; tallest: number }> {
  return page.locator('.pg-header').evaluate((header) => {
    const items = [...header.children].filter((child) => child.getBoundingClientRect().width > 0);
    const boxes = items.map((item) => item.getBoundingClientRect());
    const style = getComputedStyle(header);
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderBottomWidth);
    return { centers: boxes.map((item) => item.top + item.height / 2), height: header.getBoundingClientRect().height - padding, tallest: Math.max(...boxes.map((item) => item.height)) };
  });
}

test('at 1280x860 with Tool activity and the Workspace open, the conversation and composer stay beside them and usable', async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 1280, height: 860 } });
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.waitFor({ timeout: 30_000 });
  const workspace = page.getByRole('button', { name: 'Workspace', exact: true });
  await expect.poll(() => workspace.getAttribute('aria-expanded')).toBe('true');

  await page.getByRole('button', { name: 'Tool activity' }).click();
  const activity = page.getByRole('complementary', { name: 'Tool activity' });
  const files = page.locator('.rak-file-panel');
  await activity.waitFor();
  expect(await files.isVisible()).toBe(true);
  // Three columns do not fit beside the sidebar: it became a drawer behind the menu button.
  expect(await page.getByRole('button', { name: 'Menu', exact: true }).isVisible()).toBe(true);
  expect(await page.locator('.pg-sidebar').isVisible()).toBe(false);

  const thread = page.locator('.rak-viewport');
  for (const part of [composer, thread]) {
    expect(overlaps(await box(part), await box(files))).toBe(false);
    expect(overlaps(await box(part), await box(activity))).toBe(false);
  }
  expect((await box(thread)).width).toBeGreaterThanOrEqual(420);
  expect((await box(composer)).width).toBeGreaterThanOrEqual(380);

  await send(page, "What's the weather in Paris?");
  expect(await replyWhenDone(page)).toMatch(/Paris/);
  await expect.poll(() => activity.locator('.rak-timeline-item, li').count()).toBeGreaterThan(0);
  expect(overlaps(await box(composer), await box(files))).toBe(false);
  await screenshot(page, 'playground-1280-activity-files-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'playground-1280-activity-files-dark');

  // The sidebar is one click away, over the chat.
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.waitFor();
  await screenshot(page, 'playground-1280-drawer-dark');
  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect.poll(() => drawer.count()).toBe(0);

  // Closing the panel brings the sidebar back as a column.
  await page.getByRole('button', { name: 'Close panel' }).click();
  await expect.poll(() => page.locator('.pg-sidebar').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
  expect(errors).toEqual([]);
});

test('on a 390x844 phone the header is one line, and the sidebar opens from it as a drawer with its actions working', async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 390, height: 844 } });
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });

  const rows = await headerRows(page);
  for (const center of rows.centers) expect(Math.abs(center - rows.centers[0]!)).toBeLessThanOrEqual(2);
  expect(rows.height).toBeLessThanOrEqual(rows.tallest + 1);
  await screenshot(page, 'playground-390-light');

  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  expect(await menu.getAttribute('aria-expanded')).toBe('false');
  await menu.click();
  await drawer.waitFor();
  expect(await menu.getAttribute('aria-expanded')).toBe('true');
  // Focus moves into the drawer; the chat behind it is inert.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close menu');
  expect(await page.locator('main.pg-main').evaluate((main) => main.hasAttribute('inert'))).toBe(true);
  await screenshot(page, 'playground-390-drawer-light');
  await page.keyboard.press('Escape');
  await expect.poll(() => drawer.count()).toBe(0);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Menu');

  // An example prompt from the drawer: the drawer closes and the chat answers.
  await menu.click();
  await drawer.getByRole('button', { name: 'What can you do?' }).click();
  await expect.poll(() => drawer.count()).toBe(0);
  expect(await replyWhenDone(page)).toMatch(/demo/i);

  // Sessions: a new chat, then back to the first one.
  await menu.click();
  await drawer.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: 'New chat' }).click();
  await expect.poll(() => drawer.count()).toBe(0);
  await expect.poll(() => page.locator('.rak-message').count(), { timeout: 15_000 }).toBe(0);
  await menu.click();
  const first = drawer.getByRole('button', { name: /^Hi! What can you do\?/ });
  expect(await first.getAttribute('aria-current')).toBe(null);
  await first.click();
  await expect.poll(() => drawer.count()).toBe(0);
  await expect.poll(() => page.locator('.rak-message[data-role="assistant"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);

  const afterReply = await headerRows(page);
  for (const center of afterReply.centers) expect(Math.abs(center - afterReply.centers[0]!)).toBeLessThanOrEqual(2);
  expect(afterReply.height).toBeLessThanOrEqual(afterReply.tallest + 1);
  await screenshot(page, 'playground-390-conversation-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'playground-390-conversation-dark');
  await menu.click();
  await drawer.waitFor();
  expect(await first.getAttribute('aria-current')).toBe('page');
  await screenshot(page, 'playground-390-drawer-dark');
  expect(errors).toEqual([]);
});

test('while a reply streams the header never says "0 tokens"; once a step ends it shows the count', async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 1280, height: 860 } });
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });
  // Every text the header shows, as it changes.
  await page.locator('.pg-header').evaluate((header) => {
    const seen: string[] = [header.textContent ?? ''];
    (window as unknown as { headerTexts: string[] }).headerTexts = seen;
    new MutationObserver(() => seen.push(header.textContent ?? '')).observe(header, { subtree: true, childList: true, characterData: true });
  });
  await send(page, 'Tell me a long story');
  await expect.poll(() => page.locator('.pg-status').getAttribute('data-status')).toBe('running');
  await replyWhenDone(page);
  await send(page, 'Tell me a long story');
  await replyWhenDone(page);
  const texts = await page.evaluate(() => (window as unknown as { headerTexts: string[] }).headerTexts);
  expect(texts.some((text) => text.includes('Responding'))).toBe(true);
  expect(texts.filter((text) => /(^|\D)0 tokens/.test(text))).toEqual([]);
  // The second story streamed with the first one's count on show.
  expect(texts.some((text) => text.includes('Responding') && /[1-9][\d,]* tokens/.test(text))).toBe(true);
  expect(await page.getByTestId('usage').innerText()).toMatch(/^[1-9][\d,]* tokens$/);
  expect(errors).toEqual([]);
});
