import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';

/**
 * The "AI SDK chat" page (/ai-sdk.html): `useChat` against the dev server's `/api/chat` route
 * (`streamText` with a scripted model, offline), rendered by the kit's `<AgentChat>` through
 * `useChatAgent`. The route's `send_email` needs approval: approved once, denied once, in the
 * kit's dialog. `get_time` is a client tool the page completes with `addToolOutput`.
 */
test('an AI SDK chat in AgentChat: approve and deny a server tool in the kit dialog, complete a client tool', async () => {
  const { page, errors } = await openPlayground('ai-sdk.html');
  const input = page.getByRole('textbox', { name: 'Message' });
  const lastReply = () => page.locator('.rak-message[data-role="assistant"]').last().innerText();

  await input.fill('Please email Ada about the launch.');
  await input.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 30_000 });
  expect(await dialog.innerText()).toContain('send_email');
  await screenshot(page, 'ai-sdk-chat-approval');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(lastReply, { timeout: 30_000 }).toContain('Done: the email is on its way.');

  await input.fill('Email Ada again.');
  await input.press('Enter');
  await dialog.waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Deny' }).click();
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Once is enough.');
  await dialog.getByRole('button', { name: 'Confirm deny' }).click();
  await expect.poll(lastReply, { timeout: 30_000 }).toContain('Understood: the email was not sent.');

  await input.fill('What time is it?');
  await input.press('Enter');
  await expect.poll(lastReply, { timeout: 30_000 }).toMatch(/Your browser says it is \d{4}-\d\d-\d\dT/);
  await screenshot(page, 'ai-sdk-chat-done');
  // Each step of an AI SDK reply is a kit message: a finished reply does not look unfinished.
  expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
  expect(errors).toEqual([]);
});
