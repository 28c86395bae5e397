import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { replyWhenDone, send } from './setup/chat';
import { openPlayground, screenshot } from './setup/browser';

/**
 * The playground's own layout at a laptop's 1280x860 and a phone's 390x844: an empty chat has the
 * whole width (no panel open), one toggle per panel, a sidebar within the window; panels never
 * cover the conversation, the sidebar is reachable on a phone, and the header stays one line and true.
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

const panels = ['Workspace', 'Preview', 'Tool calls', 'Events'] as const;

/** The page never scrolls, and the sidebar ends within the window. */
async function fitsTheWindow(page: Page, height: number): Promise<void> {
  const sidebar = await box(page.locator('.pg-sidebar'));
  expect(sidebar.y).toBeGreaterThanOrEqual(0);
  expect(sidebar.y + sidebar.height).toBeLessThanOrEqual(height);
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(height);
}

test('at 1280x860 an empty chat has no panel open, one toggle per panel in the header, and a sidebar within the window', async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 1280, height: 860 } });
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.waitFor({ timeout: 30_000 });
  for (const name of panels) {
    // One toggle per panel, in the header, named as its panel, and no panel open.
    const toggles = page.getByRole('button', { name, exact: true });
    expect(await toggles.count()).toBe(1);
    expect(await page.locator('.pg-header').getByRole('button', { name, exact: true }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('complementary', { name }).count()).toBe(0);
  }
  // The kit's own Workspace button (a row of its own above the thread) is not there.
  expect(await page.locator('.rak-chat-toolbar').count()).toBe(0);
  const header = await box(page.locator('.pg-header'));
  const thread = await box(page.locator('.rak-viewport'));
  expect(thread.width).toBe(header.width);
  expect(thread.y).toBeLessThanOrEqual(header.y + header.height + 1);
  await fitsTheWindow(page, 860);
  // The examples scroll in their own region, the last one reachable there.
  const examples = await box(page.locator('.pg-example-list'));
  expect(examples.height).toBeLessThan(300);
  await page.getByRole('button', { name: 'Simulate an error' }).scrollIntoViewIfNeeded();
  expect(await page.getByRole('button', { name: 'Simulate an error' }).isVisible()).toBe(true);
  await fitsTheWindow(page, 860);
  expect(errors).toEqual([]);
});

test('at 1280x860 the Workspace opens when the agent first changes a file, stays closed once the person closed it, and a panel sits beside the conversation', async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 1280, height: 860 } });
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.waitFor({ timeout: 30_000 });
  const workspace = page.getByRole('complementary', { name: 'Workspace' });
  const approve = async () => {
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await replyWhenDone(page);
  };
  // A tool that changes no file opens nothing.
  await send(page, "What's the weather in Paris?");
  await replyWhenDone(page);
  expect(await workspace.count()).toBe(0);

  await send(page, 'Add a task to my todo list: try the panels');
  await approve();
  await workspace.waitFor();
  expect(await page.locator('.pg-header').getByRole('button', { name: 'Workspace', exact: true }).getAttribute('aria-expanded')).toBe('true');
  // At 1280 the sidebar, the panel and the conversation fit side by side.
  expect(await page.locator('.pg-sidebar').isVisible()).toBe(true);
  const thread = page.locator('.rak-viewport');
  for (const part of [composer, thread]) expect(overlaps(await box(part), await box(workspace))).toBe(false);
  expect((await box(thread)).width).toBeGreaterThanOrEqual(600);
  await fitsTheWindow(page, 860);
  await screenshot(page, 'playground-1280-workspace-light');

  // Closed by the person, it stays closed when the agent changes a file again, after a reload too.
  await workspace.getByRole('button', { name: 'Close panel' }).click();
  await expect.poll(() => page.getByTestId('workspace-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');
  await page.reload();
  await expect.poll(() => page.locator('.rak-message[data-role="user"]').count(), { timeout: 15_000 }).toBe(2);
  await send(page, 'Add a task to my todo list: once more');
  await approve();
  expect(await workspace.count()).toBe(0);

  // The other panels: one at a time, beside the conversation.
  await page.getByRole('button', { name: 'Tool calls', exact: true }).click();
  const toolCalls = page.getByRole('complementary', { name: 'Tool calls' });
  await toolCalls.waitFor();
  await expect.poll(() => toolCalls.locator('li').count()).toBeGreaterThan(0);
  for (const part of [composer, thread]) expect(overlaps(await box(part), await box(toolCalls))).toBe(false);
  await page.getByRole('button', { name: 'Events', exact: true }).click();
  await page.getByRole('complementary', { name: 'Events' }).waitFor();
  expect(await toolCalls.count()).toBe(0);
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'playground-1280-events-dark');
  await page.getByRole('button', { name: 'Close panel' }).click();
  await expect.poll(() => page.getByRole('complementary', { name: 'Events' }).count()).toBe(0);
  expect(errors).toEqual([]);
});

test('on a 390x844 phone the approval keeps Deny and Approve on one row', async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 390, height: 844 } });
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });
  await send(page, 'Send an email to Ada about the launch');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 30_000 });
  const deny = await box(dialog.getByRole('button', { name: 'Deny', exact: true }));
  const approve = await box(dialog.getByRole('button', { name: 'Approve', exact: true }));
  expect(Math.abs(deny.y + deny.height / 2 - (approve.y + approve.height / 2))).toBeLessThanOrEqual(2);
  expect(approve.x).toBeGreaterThan(deny.x);
  await screenshot(page, 'playground-390-approval-light');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await replyWhenDone(page);
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
