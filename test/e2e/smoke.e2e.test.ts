import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';

test('the playground loads and shows the agent chat without console errors', async () => {
  const { page, errors } = await openPlayground();

  await expect.poll(() => page.title()).not.toBe('');
  const chat = page.getByTestId('agent-chat');
  await chat.waitFor({ state: 'visible', timeout: 30_000 });
  expect(await chat.isVisible()).toBe(true);

  await screenshot(page, 'smoke-playground');
  expect(errors).toEqual([]);
});
