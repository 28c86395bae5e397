import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';

/**
 * An AI SDK app's own chat UI (`useChat`) driving the kit's agent in the page through
 * `agentChatTransport` (/use-chat-transport.html): the demo model reads and edits a workspace file (sandbox
 * tools); the edit asks for approval, which the page decides with `addToolApprovalResponse`; the
 * run goes on and the reply arrives. Then a denial.
 */
test('useChat drives the in-browser agent: sandbox tools, an approval, a denial', async () => {
  const { page, errors } = await openPlayground('use-chat-transport.html');
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('Add a task to my todo list: ship it');
  await page.getByRole('button', { name: 'Send' }).click();

  const edit = page.locator('.sdk-tool[data-tool="edit_file"]');
  await expect.poll(() => edit.getAttribute('data-state'), { timeout: 30_000 }).toBe('approval-requested');
  expect(await page.locator('.sdk-tool[data-tool="read_file"]').getAttribute('data-state')).toBe('output-available');
  await edit.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(() => edit.getAttribute('data-state'), { timeout: 30_000 }).toBe('output-available');
  await expect.poll(() => page.locator('main').getAttribute('data-status'), { timeout: 30_000 }).toBe('ready');
  await expect.poll(() => page.locator('.sdk-message[data-role="assistant"]').last().innerText()).toContain('now lists');
  await screenshot(page, 'ai-sdk-chat-approved');

  await input.fill('Add a task to my todo list: deny this one');
  await page.getByRole('button', { name: 'Send' }).click();
  const second = page.locator('.sdk-message[data-role="assistant"]').last().locator('.sdk-tool[data-tool="edit_file"]');
  await expect.poll(() => second.getAttribute('data-state'), { timeout: 30_000 }).toBe('approval-requested');
  await second.getByRole('button', { name: 'Deny' }).click();
  await expect.poll(() => second.getAttribute('data-state'), { timeout: 30_000 }).toBe('output-denied');
  await expect.poll(() => page.locator('main').getAttribute('data-status'), { timeout: 30_000 }).toBe('ready');
  expect(errors).toEqual([]);
});
