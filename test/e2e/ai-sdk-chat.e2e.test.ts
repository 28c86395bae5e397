import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';

/**
 * The "AI SDK chat" page (/ai-sdk.html): `useChat` against the dev server's `/api/chat` route
 * (`streamText` with the real OpenAI and Anthropic provider packages reading recorded provider
 * streams, offline), rendered by the kit's `<AgentChat>` through `useChatAgent`. The route's
 * `weather` tool needs approval: approved once, denied once, in the kit's dialog.
 * `updateIssueList` is a client tool the page completes with `addToolOutput`.
 */
test('an AI SDK chat in AgentChat: approve and deny a server tool in the kit dialog, complete a client tool', async () => {
  const { page, errors } = await openPlayground('ai-sdk.html');
  const input = page.getByRole('textbox', { name: 'Message' });
  const lastReply = () => page.locator('.rak-message[data-role="assistant"]').last().innerText();

  await input.fill('What is the weather?');
  await input.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 30_000 });
  expect(await dialog.innerText()).toContain('weather');
  await screenshot(page, 'ai-sdk-chat-approval');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(lastReply, { timeout: 30_000 }).toContain('The weather service says 72 degrees here.');

  await input.fill('And the weather tomorrow?');
  await input.press('Enter');
  await dialog.waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Deny' }).click();
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Not now.');
  await dialog.getByRole('button', { name: 'Confirm deny' }).click();
  await expect.poll(lastReply, { timeout: 30_000 }).toContain('Understood: I did not look up the weather.');

  await input.fill('Please update the issue list.');
  await input.press('Enter');
  await expect.poll(lastReply, { timeout: 30_000 }).toContain('The issue list is updated in your browser.');
  expect(await page.locator('.rak-message[data-role="assistant"]').filter({ hasText: "I'll update the issue list for you." }).count()).toBe(1);
  await screenshot(page, 'ai-sdk-chat-done');
  // Each step of an AI SDK reply is a kit message: a finished reply does not look unfinished.
  expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
  expect(errors).toEqual([]);
});
