import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { replyWhenDone } from './setup/chat';

/**
 * Issue 32, item 1, on the playground in Chromium: an edit keeps the old question, its answer and
 * its files as another version. The demo adds a task to TODO.md (approved); the question is
 * edited into another one; TODO.md is as it was before; the picker under the question shows the
 * old version again, with the task back in TODO.md.
 */

const task = 'ship the branches';
const userMessage = '.rak-message[data-role="user"]';

/** The content of TODO.md as the explorer's viewer shows it. */
async function todoContent(page: Page): Promise<string> {
  await page.getByRole('treeitem', { name: /^TODO\.md/ }).click();
  const viewer = page.getByRole('region', { name: 'File /TODO.md' });
  await viewer.getByRole('button', { name: 'Content' }).click();
  return viewer.getByLabel('Content of /TODO.md').innerText();
}

test('edit a question after a file edit: the new answer, the old one behind the picker, and its file back with it', { timeout: 120_000 }, async () => {
  const { page, errors } = await openPlayground();
  await page.getByRole('textbox', { name: 'Message' }).fill(`Add a task to my todo list: ${task}`);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await replyWhenDone(page);
  await page.getByRole('complementary', { name: 'Workspace' }).waitFor();
  expect(await todoContent(page)).toContain(task);

  // Edit the question into another one.
  await page.locator(userMessage).first().getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('textbox', { name: 'Edited message' });
  await editor.fill('What time is it?');
  await page.getByRole('button', { name: 'Save and send' }).click();
  await expect.poll(() => page.locator(userMessage).first().locator('.rak-message-body').innerText()).toBe('What time is it?');
  await expect.poll(() => replyWhenDone(page), { timeout: 30_000 }).toMatch(/\d{1,2}:\d{2}/);
  expect(await todoContent(page)).not.toContain(task);
  const picker = page.locator(userMessage).first().getByRole('group', { name: 'Versions' });
  await expect.poll(() => picker.innerText()).toContain('2 / 2');
  await screenshot(page, 'branches-picker');

  // The old version, with its answer and its file.
  await picker.getByRole('button', { name: 'Previous version' }).click();
  await expect.poll(() => page.locator(userMessage).first().locator('.rak-message-body').innerText()).toBe(`Add a task to my todo list: ${task}`);
  await expect.poll(() => page.locator(userMessage).first().getByRole('group', { name: 'Versions' }).innerText()).toContain('1 / 2');
  // The focus stays on the picker, in the version now shown (Previous is the first's end: Next has it).
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Next version');
  await expect.poll(() => todoContent(page)).toContain(task);

  // And back (reading the file moved the focus to the workspace).
  await page.locator(userMessage).first().getByRole('button', { name: 'Next version' }).click();
  await expect.poll(() => page.locator(userMessage).first().locator('.rak-message-body').innerText()).toBe('What time is it?');
  await expect.poll(() => todoContent(page)).not.toContain(task);
  expect(errors).toEqual([]);
});
