import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';

/**
 * The context budget in the playground (6,000 tokens on the demo model): the meter under the
 * composer fills as the conversation grows, and "Compact" summarizes earlier messages for the
 * model; the thread keeps them and marks where the summary ends.
 */
test('the context meter fills up, Compact summarizes earlier messages, and the thread keeps them', { timeout: 120_000 }, async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 1280, height: 860 } });
  const input = page.getByRole('textbox', { name: 'Message' });
  const meterText = page.locator('.rak-context-usage');
  await expect.poll(() => meterText.innerText()).toBe('Context: 0 of 6.0k tokens');

  for (const text of ['Hello', 'Show me some markdown']) {
    await input.fill(text);
    await input.press('Enter');
    await expect.poll(() => page.locator('.rak-message[data-role="assistant"]').last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
  }
  await expect.poll(() => meterText.innerText()).toMatch(/^Context: [\d.]+k? of 6\.0k tokens \(\d+%\)$/);

  await page.getByRole('button', { name: 'Compact' }).click();
  await expect.poll(() => page.locator('.rak-context-status').innerText(), { timeout: 30_000 }).toBe('Summarized the first 2 messages for the model; they stay in the thread.');
  // The marker is where the summary ends, above: the reader scrolls up to it.
  await page.locator('.rak-viewport').hover();
  await page.mouse.wheel(0, -20_000);
  const marker = page.getByText('Earlier messages summarized');
  await marker.waitFor({ timeout: 30_000 });
  // The messages stay: the first one is still there, above the marker that follows the first turn.
  await expect.poll(() => page.locator('.rak-message[data-role="user"] .rak-message-body').first().innerText()).toBe('Hello');
  await expect.poll(() => page.getByText('4 messages').isVisible()).toBe(true);
  // The thread may still settle after the scroll (items measured, one mounted again, which closes
  // its <details>): open the marker until it stays open.
  const details = page.locator('details.rak-compaction');
  await expect
    .poll(async () => {
      if (!(await details.evaluate((element: HTMLDetailsElement) => element.open))) await marker.click();
      return page.locator('.rak-compaction-summary').innerText();
    })
    .toMatch(/^Summary of the conversation so far \(written by the demo model, offline\): the user asked "Hello"\./);
  await screenshot(page, 'context-compacted-1280-light');
  await page.getByRole('radio', { name: 'Dark' }).click();
  await screenshot(page, 'context-compacted-1280-dark');
  // Panels start closed (the agent changed no file): nothing to close before the phone's screenshot.
  expect(await page.getByRole('complementary', { name: 'Workspace' }).count()).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'context-compacted-390-dark');

  // The next request carries the summary: the demo model still answers, and the meter follows.
  await input.fill('What can you do?');
  await input.press('Enter');
  await expect.poll(() => page.locator('.rak-message[data-role="assistant"]').last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
  expect(errors).toEqual([]);
});
