import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { replyWhenDone, send } from './setup/chat';

/**
 * A sub-agent in the playground (the demo model plays the parent and its research helper): the
 * helper's steps show inside the parent's call, its write waits in the parent's approval dialog,
 * which says which helper asks, and approving there lets the helper finish and the parent answer.
 */
test("a helper's approval is decided in the parent's dialog, and its steps show in the call", async () => {
  const { page, errors } = await openPlayground();
  await send(page, 'Research my workspace with a helper');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 30_000 });
  await expect.poll(() => dialog.getByText('Asked by the helper research_helper').isVisible()).toBe(true);
  await expect.poll(() => dialog.locator('.rak-approval-tool code').innerText()).toBe('write_file');
  // The helper's steps, inside the parent's call: its listing done, its write waiting.
  const steps = page.getByRole('region', { name: 'What research_helper did' });
  await expect.poll(() => steps.locator('[data-tool-call-id]').count()).toBe(2);
  expect(await steps.locator('li[data-state="output-available"] code').first().innerText()).toBe('list_files');
  expect(await steps.locator('li[data-waits]').count()).toBe(1);
  await screenshot(page, 'sub-agent-approval');

  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  const reply = await replyWhenDone(page);
  expect(reply).toContain('My helper reports back');
  expect(reply).toContain('wrote a summary of its files to research.md');
  expect(await steps.locator('li[data-state="output-available"]').count()).toBe(2);
  await screenshot(page, 'sub-agent-done');
  expect(errors).toEqual([]);
});
