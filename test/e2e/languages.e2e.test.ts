import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { replyWhenDone, send } from './setup/chat';

/**
 * The chat in a second language and right to left: the playground's "Chat language" switch gives
 * AgentChat `strings={germanStrings}` and `dir="rtl"`. The layout mirrors; code, JSON and diffs
 * still read left to right.
 */

const chat = '[data-testid="agent-chat"]';

test('the chat in German: its own words, the lang attribute, tool states and actions', async () => {
  const { page, errors } = await openPlayground();
  await page.getByRole('combobox', { name: 'Chat language' }).selectOption('de');
  await expect.poll(() => page.locator(chat).getAttribute('lang')).toBe('de');
  expect(await page.getByRole('textbox', { name: 'Nachricht' }).getAttribute('placeholder')).toBe('Nachricht schreiben…');

  await page.getByRole('button', { name: 'Weather via a tool' }).first().click();
  const chip = page.locator('.rak-tool-chip');
  await expect.poll(() => chip.getAttribute('data-state'), { timeout: 30_000 }).toBe('output-available');
  await replyWhenDone(page);
  expect(await chip.locator('.rak-tool-chip-state').innerText()).toBe('Fertig');
  expect(await page.getByRole('button', { name: 'Neu erzeugen' }).count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Bearbeiten' }).count()).toBe(1);
  await chip.locator('.rak-tool-chip-toggle').click();
  expect(await chip.getByRole('region', { name: 'Details zu get_weather' }).innerText()).toMatch(/Ergebnis/i);
  await screenshot(page, 'languages-german');
  expect(errors).toEqual([]);
});

test('right to left: the layout mirrors, while code and JSON read left to right (desktop and phone)', async () => {
  for (const viewport of [
    { width: 1280, height: 860 },
    { width: 390, height: 844 },
  ]) {
    const { page, errors, close } = await openPlayground('', { viewport });
    if (viewport.width < 600) await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('checkbox', { name: 'Right to left' }).check();
    if (viewport.width < 600) await page.keyboard.press('Escape');
    await expect.poll(() => page.locator(chat).getAttribute('dir')).toBe('rtl');

    // Sent and shown before waiting for the end of the run (else the status can still be the idle of before).
    await send(page, 'Show off markdown');
    await replyWhenDone(page);
    const geometry = await page.evaluate(() => {
      const composer = document.querySelector<HTMLElement>('.rak-composer')!;
      const input = composer.querySelector('textarea')!.getBoundingClientRect();
      const send = composer.querySelector('.rak-composer-send, .rak-composer-stop')!.getBoundingClientRect();
      // Where the heading's words are (the heading's box is the full width either way).
      const range = document.createRange();
      range.selectNodeContents([...document.querySelectorAll<HTMLElement>('.rak-md h2, .rak-md h3')].at(-1)!);
      const heading = range.getBoundingClientRect();
      const body = document.querySelector<HTMLElement>('.rak-message[data-role="assistant"] .rak-message-body')!.getBoundingClientRect();
      const code = document.querySelector<HTMLElement>('.rak-md-code pre');
      return {
        // Mirrored: the send button before the text (on the left), headings flush right.
        sendLeftOfInput: send.left < input.left + input.width / 2,
        headingGapRight: body.right - heading.right,
        headingGapLeft: heading.left - body.left,
        codeDirection: code && getComputedStyle(code).direction,
        chatDirection: getComputedStyle(document.querySelector('.rak-viewport')!).direction,
      };
    });
    expect(geometry.chatDirection).toBe('rtl');
    expect(geometry.sendLeftOfInput).toBe(true);
    expect(geometry.headingGapRight).toBeLessThan(geometry.headingGapLeft);
    expect(geometry.codeDirection).toBe('ltr');
    await screenshot(page, `languages-rtl-${viewport.width}`);

    // A tool call's JSON reads left to right, starting with "{", not "}".
    await page.getByRole('textbox', { name: 'Message' }).fill("What's the weather in Paris?");
    await page.keyboard.press('Enter');
    await replyWhenDone(page);
    const chip = page.locator('.rak-tool-chip').last();
    await chip.locator('.rak-tool-chip-toggle').click();
    const json = chip.locator('.rak-json-text').first();
    expect(await json.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
    expect((await json.innerText()).trimStart().startsWith('{')).toBe(true);
    expect(errors).toEqual([]);
    await close();
  }
});
