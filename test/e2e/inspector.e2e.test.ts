import { expect, test } from 'vitest';
import { replyWhenDone, send } from './setup/chat';
import { openPlayground, screenshot } from './setup/browser';

/**
 * The playground's event inspector: the agent's event log, its state as a tree, and the state as
 * it was after any event (replayed), while the chat goes on undisturbed.
 */
test('the inspector lists the events of an exchange, shows the state as it was at an early one, and the chat keeps working', async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 1280, height: 860 } });
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Events', exact: true }).click();
  const inspector = page.getByRole('complementary', { name: 'Events' });
  const list = inspector.getByRole('listbox', { name: 'Events' });
  const filter = inspector.getByRole('combobox', { name: 'Show' });
  const point = inspector.getByTestId('inspector-point');
  const counts = inspector.getByTestId('inspector-counts');
  await list.waitFor();
  await expect.poll(() => point.innerText()).toMatch(/^Now \(live\)/);

  await send(page, 'Hi! What can you do?');
  await replyWhenDone(page);
  const typesSeen = async () => (await filter.locator('option').allInnerTexts()).map((text) => text.replace(/ \(.*$/, ''));
  await expect.poll(typesSeen).toEqual(expect.arrayContaining(['run-start', 'message-add', 'text-delta', 'message-finish', 'run-finish']));
  expect(await counts.innerText()).toBe('2 messages · 0 tool calls · idle');
  // The live list follows the newest event (the run's end, or the follow-up suggestions' usage after it).
  await expect.poll(() => list.getByRole('option').last().innerText()).toMatch(/run-finish|usage-add/);

  // The user's message as it was added: one message in the state then.
  await filter.selectOption('message-add');
  const rows = list.getByRole('option');
  await expect.poll(() => rows.count()).toBe(2);
  expect(await rows.first().innerText()).toMatch(/message-add\s+user: “Hi! What can you do\?”/);
  await rows.first().click();
  expect(await rows.first().getAttribute('aria-selected')).toBe('true');
  await expect.poll(() => point.innerText()).toMatch(/^After #\d+ message-add at \d\d:\d\d:\d\d\.\d{3}/);
  await expect.poll(() => counts.innerText()).toBe('1 message · 0 tool calls · running');
  const stateTree = inspector.getByRole('list', { name: 'State' });
  await stateTree.getByRole('button', { name: /^messages: Array\(1\)/ }).click();
  await expect.poll(() => stateTree.getByRole('button', { name: /^0: \{ role: "user", status: "done"/ }).count()).toBe(1);
  await screenshot(page, 'inspector-1280-early-event-light');

  // The chat goes on while the inspector shows the past; the selected point stays where it was.
  await send(page, 'Show me what markdown looks like');
  expect(await replyWhenDone(page)).toMatch(/markdown/i);
  await expect.poll(() => rows.count()).toBe(4);
  expect(await counts.innerText()).toBe('1 message · 0 tool calls · running');

  // Keyboard: End goes to the newest event of the filter (the second reply added: four messages).
  await list.focus();
  await page.keyboard.press('End');
  await expect.poll(() => counts.innerText()).toBe('4 messages · 0 tool calls · running');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => counts.innerText()).toBe('3 messages · 0 tool calls · running');

  // Live again: the state as it is now.
  await inspector.getByRole('button', { name: 'Live' }).click();
  await expect.poll(() => counts.innerText()).toBe('4 messages · 0 tool calls · idle');
  await filter.selectOption('no-deltas');
  await expect.poll(async () => (await list.locator('.pg-event-type').allInnerTexts()).filter((type) => type.endsWith('-delta'))).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'inspector-1280-live-dark');

  // A phone: the panel covers the chat, and closes back to it.
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'inspector-390-dark');
  await inspector.getByRole('button', { name: 'Close panel' }).click();
  await expect.poll(() => inspector.count()).toBe(0);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Events', exact: true }).click();
  await inspector.waitFor();
  await screenshot(page, 'inspector-390-light');
  expect(errors).toEqual([]);
});
