import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { replyWhenDone } from './setup/chat';

/**
 * Attachments in real Chromium: an image and a text file picked in the composer, sent to the
 * playground's demo model (which says what it received, from the file parts of its prompt),
 * shown in the thread, saved into the workspace, and still shown after a reload (the session is
 * in IndexedDB). Screenshots of the composer with attachments, light and dark, desktop and phone.
 */

const sessionStatus = (page: Page) => page.getByTestId('workspace-status').getAttribute('data-status');

/** A 96x64 PNG drawn by the page (a gradient with a circle), as bytes. */
async function drawnPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 64;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 96, 64);
    gradient.addColorStop(0, '#4f46e5');
    gradient.addColorStop(1, '#f59e0b');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 96, 64);
    context.fillStyle = '#ffffff';
    context.beginPath();
    context.arc(60, 26, 12, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

/** Whether an image element shows a decoded picture (its object URL worked). */
const loaded = (page: Page, selector: string) => page.locator(selector).first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

test('an image and a text file: attached, received by the model as files, shown in the thread, in the workspace, and after a reload', { timeout: 120_000 }, async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 1280, height: 860 } });
  const png = await drawnPng(page);
  await page.getByTestId('composer-file-input').setInputFiles([
    { name: 'photo.png', mimeType: 'image/png', buffer: png },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Buy milk\n') },
  ]);
  const chips = page.locator('.rak-composer').getByRole('list', { name: 'Attachments' });
  await chips.getByRole('img', { name: 'photo.png' }).waitFor();
  await expect.poll(() => loaded(page, '.rak-composer .rak-attachment-thumbnail')).toBe(true);
  expect(await chips.innerText()).toContain('notes.txt');

  // A file over the limit is refused with a sentence, and the rest stay.
  await page.getByTestId('composer-file-input').setInputFiles([{ name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.alloc(6_000_000, 'a') }]);
  await expect.poll(() => page.locator('.rak-composer-attachment-problem').innerText()).toBe('huge.txt is 6 MB; files can be up to 5 MB.');
  expect(await chips.getByRole('listitem').count()).toBe(2);

  await page.getByRole('textbox', { name: 'Message' }).fill('What is in these?');
  await screenshot(page, 'attachments-composer-1280-light');
  await page.getByRole('radio', { name: 'Dark' }).click();
  await screenshot(page, 'attachments-composer-1280-dark');
  // No panel is open on a new chat: on a phone the composer shows.
  expect(await page.getByRole('complementary', { name: 'Workspace' }).count()).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'attachments-composer-390-dark');
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByRole('radio', { name: 'Light' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'attachments-composer-390-light');
  await page.setViewportSize({ width: 1280, height: 860 });

  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect.poll(() => chips.count()).toBe(0);
  const sent = page.locator('.rak-message[data-role="user"]');
  // The files are read before the message shows (and the run starts).
  await sent.waitFor();
  const reply = await replyWhenDone(page);
  // The demo model describes the file parts of its prompt.
  expect(reply).toContain(`I received photo.png (image/png, ${png.length.toLocaleString('en-US')} bytes) and notes.txt (text/plain, 9 bytes).`);
  await sent.getByRole('img', { name: 'photo.png' }).waitFor();
  await expect.poll(() => loaded(page, '.rak-message[data-role="user"] .rak-attachment-thumbnail')).toBe(true);
  expect(await sent.innerText()).toContain('notes.txt');
  await screenshot(page, 'attachments-sent-1280-light');

  // saveTo: '/uploads' put them into the workspace, where the file tools read them.
  const workspaceToggle = page.getByRole('button', { name: 'Workspace', exact: true });
  if ((await workspaceToggle.getAttribute('aria-expanded')) !== 'true') await workspaceToggle.click();
  const uploads = page.getByRole('treeitem', { name: /^uploads/ });
  await uploads.click();
  await page.getByRole('treeitem', { name: /^photo\.png/ }).waitFor();
  await page.getByRole('treeitem', { name: /^notes\.txt/ }).click();
  await page.getByText('Buy milk', { exact: true }).waitFor();

  await expect.poll(() => sessionStatus(page), { timeout: 15_000 }).toBe('saved');
  await page.reload();
  await page.getByTestId('agent-chat').waitFor();
  await expect.poll(() => sessionStatus(page), { timeout: 15_000 }).not.toBe('loading');
  await sent.getByRole('img', { name: 'photo.png' }).waitFor({ timeout: 15_000 });
  await expect.poll(() => loaded(page, '.rak-message[data-role="user"] .rak-attachment-thumbnail')).toBe(true);
  expect(await sent.innerText()).toContain('notes.txt');
  await screenshot(page, 'attachments-after-reload-1280-light');
  expect(errors).toEqual([]);
});
