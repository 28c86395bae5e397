import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';

const assistantMessages = '.rak-message[data-role="assistant"]';

test('a message typed in the playground gets a streamed reply', async () => {
  const { page, errors } = await openPlayground();
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('Hi! What can you do?');
  await input.press('Enter');

  await expect.poll(() => page.locator('.rak-message[data-role="user"] .rak-message-body').innerText()).toBe('Hi! What can you do?');
  const reply = page.locator(assistantMessages).last();
  // Streamed: the reply is seen while still growing, before it is complete.
  await reply.locator('.rak-md').first().waitFor();
  const early = await reply.innerText();
  await expect.poll(() => reply.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
  const final = await reply.innerText();
  expect(early.length).toBeGreaterThan(0);
  expect(final.length).toBeGreaterThan(early.length);
  expect(final).toContain('demo model');
  expect(await page.getByRole('button', { name: 'Send', exact: true }).isVisible()).toBe(true);
  await screenshot(page, 'chat-streamed-reply');
  expect(errors).toEqual([]);
});

test('stopping a long reply mid-way keeps the partial text', async () => {
  const { page, errors } = await openPlayground();
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('Tell me a long story');
  await input.press('Enter');

  const reply = page.locator(assistantMessages).last();
  await expect.poll(async () => (await reply.innerText()).split(/\s+/).length, { timeout: 30_000 }).toBeGreaterThan(25);
  await page.getByRole('button', { name: 'Stop' }).click();

  await expect.poll(() => reply.getAttribute('data-status')).toBe('stopped');
  // The reply's words (its timing line, loaded lazily under it, is not part of them).
  const body = reply.locator('.rak-message-body');
  const stoppedText = await body.innerText();
  expect(stoppedText).toContain('Stopped');
  // Nothing more arrives after the stop, and the composer is ready again.
  await page.waitForTimeout(500);
  expect(await body.innerText()).toBe(stoppedText);
  const words = stoppedText.split(/\s+/).length;
  expect(words).toBeGreaterThan(25);
  expect(words).toBeLessThan(500);
  expect(await page.getByRole('button', { name: 'Send', exact: true }).isVisible()).toBe(true);

  // The conversation goes on after a stop.
  await input.fill('Hi again');
  await input.press('Enter');
  await expect.poll(() => page.locator(assistantMessages).count()).toBe(2);
  await expect.poll(() => page.locator(assistantMessages).last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
  await screenshot(page, 'chat-stopped-reply');
  expect(errors).toEqual([]);
});

test('a failed reply shows the error, keeps its partial text, and Retry answers', async () => {
  const { page, errors } = await openPlayground();
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('Simulate an error');
  await input.press('Enter');

  const alert = page.locator('.rak-error');
  await alert.waitFor({ timeout: 30_000 });
  expect(await alert.innerText()).toMatch(/network failure/i);
  const failed = page.locator(assistantMessages).last();
  expect(await failed.getAttribute('data-status')).toBe('error');
  expect((await failed.innerText()).length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => page.locator(assistantMessages).last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
  expect(await alert.count()).toBe(0);
  expect(await page.locator(assistantMessages).count()).toBe(1);
  expect(errors).toEqual([]);
});

test('the tool round trip shows the call and the answer that uses its result', async () => {
  const { page, errors } = await openPlayground();
  await page.getByRole('button', { name: 'Weather via a tool' }).first().click();
  const chip = page.locator('.rak-tool-chip');
  await chip.waitFor({ timeout: 30_000 });
  expect(await chip.locator('.rak-tool-chip-name').innerText()).toBe('get_weather');
  await expect.poll(() => chip.getAttribute('data-state'), { timeout: 30_000 }).toBe('output-available');
  await expect.poll(() => page.locator(assistantMessages).last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
  // Polled: a message that arrived and finished within one frame is rendered (content-visibility: auto)
  // only at the next frame, and innerText reads '' until then.
  await expect.poll(() => page.locator(assistantMessages).last().innerText(), { timeout: 10_000 }).toContain('Paris');
  // The playground's own view of get_weather (toolRenderers): a weather card, from the tool's result.
  const card = chip.getByRole('figure', { name: 'Weather in Paris' });
  expect(await card.innerText()).toMatch(/Paris\s+\d+ °C\s+\w/);
  expect(await chip.locator('.rak-tool-chip-detail').isHidden()).toBe(true);
  await screenshot(page, 'chat-weather-card');
  expect(errors).toEqual([]);
});
