import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';

/**
 * The workspace end to end, in real Chromium with its real IndexedDB: the demo model edits a file
 * behind an approval that shows the diff, the explorer marks the change and shows its diff, the
 * user rolls back, and after a reload the files are as they were left.
 */

const task = 'ship the sandbox';
const request = `Add a task to my todo list: ${task}`;

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
}

/** The content of TODO.md as the explorer's viewer shows it. */
async function todoContent(page: Page): Promise<string> {
  await page.getByRole('treeitem', { name: /^TODO\.md/ }).click();
  const viewer = page.getByRole('region', { name: 'File /TODO.md' });
  await viewer.getByRole('button', { name: 'Content' }).click();
  return viewer.getByLabel('Content of /TODO.md').innerText();
}

/** Sends the request, checks the approval's diff, approves, and waits for the closing reply. */
async function editTodo(page: Page): Promise<void> {
  await send(page, request);
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 30_000 });
  // The approval shows what would change before anything did.
  const addedLine = dialog.locator('.rak-diff-line[data-kind="added"]');
  await expect.poll(() => addedLine.first().innerText()).toContain(`- [ ] ${task}`);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => page.locator('.rak-message[data-role="assistant"]').last().innerText(), { timeout: 30_000 }).toContain('Roll back to here');
}

async function waitUntilSaved(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('workspace-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');
}

test('the demo edits a file behind an approval with a diff; the explorer marks it; a reload keeps the change', async () => {
  const { page, errors } = await openPlayground();
  const panel = page.getByRole('complementary', { name: 'Workspace' });
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });
  // Closed on an empty chat; the Workspace opens by itself once the agent changed a file.
  expect(await panel.count()).toBe(0);
  await editTodo(page);
  await panel.waitFor();
  // The explorer marks the file and lists it under Changes; its diff shows the added line.
  expect(await page.getByRole('treeitem', { name: /^TODO\.md \(modified\)/ }).count()).toBe(1);
  expect(await panel.getByRole('button', { name: /Changes/ }).innerText()).toContain('1');
  await page.getByRole('treeitem', { name: /^TODO\.md/ }).click();
  await panel.getByRole('button', { name: 'Diff' }).click();
  expect(await panel.getByRole('region', { name: 'File /TODO.md' }).innerText()).toContain(`- [ ] ${task}`);
  expect(await todoContent(page)).toContain(task);
  await screenshot(page, 'workspace-edited');

  await waitUntilSaved(page);
  // The open panel survives a reload of the tab.
  await page.reload();
  await panel.waitFor();
  expect(await todoContent(page)).toContain(task);
  expect(errors).toEqual([]);
});

test('rolling back restores files and conversation together, and a reload keeps the rolled-back files', async () => {
  const { page, errors } = await openPlayground();
  const panel = page.getByRole('complementary', { name: 'Workspace' });
  await page.getByRole('button', { name: 'Workspace', exact: true }).click();
  await panel.waitFor();
  const before = await todoContent(page);
  await editTodo(page);
  expect(await todoContent(page)).toContain(task);

  await page.getByRole('button', { name: 'Roll back to here' }).click();
  await page.getByRole('button', { name: 'Roll back', exact: true }).click();
  // The conversation is back to before the message, whose text returns to the composer.
  await expect.poll(() => page.locator('.rak-message').count()).toBe(0);
  expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(request);
  expect(await todoContent(page)).toBe(before);
  expect(await page.getByRole('treeitem', { name: /^TODO\.md \(modified\)/ }).count()).toBe(0);
  await screenshot(page, 'workspace-rolled-back');

  await waitUntilSaved(page);
  await page.reload();
  await panel.waitFor();
  expect(await todoContent(page)).toBe(before);
  expect(errors).toEqual([]);
});

test('"Edit files without asking" (allow read and write) edits the file with no approval, and the choice is kept', async () => {
  const { page, errors } = await openPlayground();
  const panel = page.getByRole('complementary', { name: 'Workspace' });
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });
  const approvals = page.getByRole('group', { name: 'Approvals' });
  expect(await approvals.getByRole('radio', { name: /Ask for every change/ }).isChecked()).toBe(true);
  await approvals.getByRole('radio', { name: /Edit files without asking/ }).check();
  // A new agent on the same conversation, with permissions: { allow: ['read', 'write'] }.
  await expect.poll(() => page.locator('.pg-main').getAttribute('aria-busy')).toBe('false');
  await send(page, request);
  // No dialog to approve: the run ends with the closing reply on its own.
  await expect.poll(() => page.locator('.rak-message[data-role="assistant"]').last().innerText(), { timeout: 30_000 }).toContain('Roll back to here');
  expect(await page.getByRole('alertdialog').count()).toBe(0);
  expect(await todoContent(page)).toContain(task);
  await screenshot(page, 'workspace-edit-files-without-asking');
  // The choice is kept across a reload.
  await page.reload();
  await panel.waitFor();
  expect(await page.getByRole('group', { name: 'Approvals' }).getByRole('radio', { name: /Edit files without asking/ }).isChecked()).toBe(true);
  expect(errors).toEqual([]);
});
