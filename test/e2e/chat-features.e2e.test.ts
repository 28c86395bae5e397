import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { auditPage, axeReport, type AxeFinding } from './setup/axe';
import { openPlayground } from './setup/browser';
import { replyWhenDone } from './setup/chat';
import { announced, finalWords, installFakeSpeech, interimWords, recognitionCalls, sayFinalWords, spoken } from './setup/fake-speech';

/**
 * Issue 33's chat features in the playground, from the keyboard, in real Chromium: a starter
 * prompt sends, a finished reply shows its timing line and follow-ups, a follow-up sends on Enter,
 * "Read aloud" speaks the reply's words without markup (a fake `speechSynthesis` records them),
 * thumbs up is pressed and announced and takes a comment, the microphone dictates into the
 * composer (a fake `SpeechRecognition` hears interim, then final words) and Escape cancels. Every
 * new control is reached with Tab. axe checks the page with these controls showing, at 1280 and
 * 390 px, left to right and right to left, light and dark; and after the sub-agent prompt
 * ("Research with a helper"), whose page once had a heading-order violation.
 * One browser, one page load; the window is resized in place.
 */

const desktop = { width: 1280, height: 860 };
const phone = { width: 390, height: 844 };

/** Presses `key` until `target` has the focus; fails after `limit` presses. Returns how many it took. */
async function reachByKeyboard(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab', limit = 25): Promise<number> {
  await target.waitFor();
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${String(target)} was not reached with ${key} in ${limit} presses (focus is on ${focused})`);
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** What the playground's `onFeedback` logged (`console.info`), without the source location. */
const feedbackLogged = (consoleLog: string[]) => consoleLog.filter((line) => line.startsWith('[info] Feedback on ')).map((line) => line.replace(/^\[info\] /, '').replace(/ \(https?:[^)]*\)$/, ''));

test('starters, follow-ups, timing, read aloud, feedback and dictation from the keyboard, and axe finds nothing with them showing', { timeout: 120_000 }, async () => {
  const { page, errors, consoleLog } = await openPlayground('', { viewport: desktop, beforeLoad: installFakeSpeech });
  const found: AxeFinding[] = [];
  const rightToLeft = page.getByRole('checkbox', { name: 'Right to left' });
  /** axe at 1280 and 390 px, left to right and right to left (light and dark each); back to 1280, left to right. */
  const auditEverywhere = async (state: string) => {
    await auditPage(page, found, `1280-${state}`, 'chat-features');
    await page.setViewportSize(phone);
    await auditPage(page, found, `390-${state}`, 'chat-features');
    // The switch is in the sidebar, a column at 1280 px.
    await page.setViewportSize(desktop);
    await rightToLeft.check();
    await expect.poll(() => page.getByTestId('agent-chat').getAttribute('dir')).toBe('rtl');
    await auditPage(page, found, `1280-rtl-${state}`, 'chat-features');
    await page.setViewportSize(phone);
    await auditPage(page, found, `390-rtl-${state}`, 'chat-features');
    await page.setViewportSize(desktop);
    await rightToLeft.uncheck();
    await expect.poll(() => page.getByTestId('agent-chat').getAttribute('dir')).toBe(null);
  };
  const composer = page.getByRole('textbox', { name: 'Message' });
  const replies = page.locator('.rak-message[data-role="assistant"]');
  const userMessages = page.locator('.rak-message[data-role="user"] .rak-message-body');
  await composer.waitFor({ timeout: 30_000 });

  // The empty chat: starter prompts, and the microphone in the composer.
  const starters = page.getByRole('group', { name: 'Suggested prompts' });
  await starters.waitFor();
  expect(await starters.getByRole('button').allInnerTexts()).toEqual(['What can you do?', 'Weather via a tool', 'Send an email (approval)', 'A plan you can watch']);
  const microphone = page.getByRole('button', { name: 'Dictate' });
  await microphone.waitFor();
  await auditEverywhere('empty');

  // A starter, from the keyboard: back from the composer, then Enter.
  await composer.focus();
  await reachByKeyboard(page, starters.getByRole('button', { name: 'What can you do?' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => userMessages.last().innerText()).toBe('Hi! What can you do?');
  await replyWhenDone(page);
  expect(await starters.count()).toBe(0);

  // The reply's timing line.
  const timing = replies.last().getByLabel(/^Reply timing: /);
  await timing.waitFor();
  expect(await timing.innerText()).toMatch(/ s in all$/);

  // Follow-ups from the demo model, announced; one sends on Enter and they go.
  const followUps = page.getByRole('group', { name: 'Suggested follow-ups' });
  await followUps.waitFor({ timeout: 15_000 });
  expect(await followUps.getByRole('button').allInnerTexts()).toEqual(['Show me some markdown', "What's the weather in Tokyo?", 'Help me plan a project — ask me questions']);
  await expect.poll(() => announced(page)).toContain('3 suggested follow-ups above the message box');
  await composer.focus();
  await reachByKeyboard(page, followUps.getByRole('button', { name: 'Show me some markdown' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => userMessages.last().innerText()).toBe('Show me some markdown');
  expect(await followUps.count()).toBe(0);
  await expect.poll(() => isFocused(composer)).toBe(true);
  await replyWhenDone(page);
  const reply = replies.last();
  await reply.getByLabel(/^Reply timing: /).waitFor();

  // Read aloud, reached with Tab from the reply's Copy button: the words, not the markdown.
  await reply.getByRole('button', { name: 'Copy reply' }).focus();
  await reachByKeyboard(page, reply.getByRole('button', { name: 'Read aloud' }), 'Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => announced(page)).toContain('Reading the reply aloud.');
  // Read to its end (the fake voice ends each line at once): the button is "Read aloud" again.
  await expect.poll(() => reply.getByRole('button', { name: 'Read aloud' }).count()).toBe(1);
  const lines = await spoken(page);
  expect(lines[0]).toBe('Markdown tour.');
  expect(lines).toContain('Replies are rendered as markdown, with emphasis, inline code and links.');
  expect(lines).toContain('Stream the reply.');
  expect(lines).toContain('Code block skipped.');
  expect(lines.at(-1)).toBe("That's the tour. Ask for a long story next to try stopping a reply mid-way.");
  expect(lines.filter((line) => /[*#`|]|\]\(|https?:/.test(line))).toEqual([]);

  // Thumbs up: pressed, announced, given to the app (the playground logs it); then a comment.
  const good = reply.getByRole('button', { name: 'Good reply' });
  await reachByKeyboard(page, good, 'Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => good.getAttribute('aria-pressed')).toBe('true');
  expect(await reply.getByRole('button', { name: 'Bad reply' }).getAttribute('aria-pressed')).toBe('false');
  await expect.poll(() => announced(page)).toContain('Rated good. Thanks for the feedback.');
  await expect.poll(() => feedbackLogged(consoleLog)).toEqual([expect.stringMatching(/^Feedback on \S+: up$/)]);
  await reachByKeyboard(page, reply.getByRole('button', { name: 'Add a comment' }), 'Tab');
  await page.keyboard.press('Enter');
  const comment = reply.getByRole('textbox', { name: 'What was good or bad about it?' });
  await comment.waitFor();
  expect(await isFocused(comment)).toBe(true);
  await page.keyboard.type('Clear tour');

  // Everything new on screen at once: follow-ups, read aloud, the rating with its comment open, timing, the microphone.
  await followUps.waitFor({ timeout: 15_000 });
  await auditEverywhere('reply-features');

  await comment.focus();
  await reachByKeyboard(page, reply.getByRole('button', { name: 'Send feedback' }), 'Tab');
  await page.keyboard.press('Enter');
  await reply.getByRole('button', { name: 'Edit comment' }).waitFor();
  await expect.poll(() => feedbackLogged(consoleLog)).toEqual([expect.stringMatching(/^Feedback on \S+: up$/), expect.stringMatching(/^Feedback on \S+: up \(Clear tour\)$/)]);
  expect(await good.getAttribute('aria-pressed')).toBe('true');

  // Dictation, reached with Tab from the composer: interim words show after what was typed; Escape puts the text back.
  await composer.fill('Hello');
  await composer.focus();
  await reachByKeyboard(page, microphone, 'Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => microphone.getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => composer.inputValue()).toBe(`Hello ${interimWords}`);
  await expect.poll(() => announced(page)).toContain('Listening… Press the microphone to finish, Escape to cancel.');
  await auditPage(page, found, '1280-dictating', 'chat-features');
  await page.keyboard.press('Escape');
  await expect.poll(() => composer.inputValue()).toBe('Hello');
  await expect.poll(() => microphone.getAttribute('aria-pressed')).toBe('false');
  await expect.poll(() => announced(page)).toContain('Dictation cancelled.');
  expect(await isFocused(composer)).toBe(true);
  // Again, to the final words; the microphone pressed again finishes, and the input has the focus to send.
  await reachByKeyboard(page, microphone, 'Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => composer.inputValue()).toBe(`Hello ${interimWords}`);
  await sayFinalWords(page);
  await expect.poll(() => composer.inputValue()).toBe(`Hello ${finalWords}`);
  await page.keyboard.press('Enter');
  await expect.poll(() => microphone.getAttribute('aria-pressed')).toBe('false');
  await expect.poll(() => isFocused(composer)).toBe(true);
  expect(await composer.inputValue()).toBe(`Hello ${finalWords}`);
  expect(await recognitionCalls(page)).toEqual(['start continuous=true interim=true', 'abort', 'start continuous=true interim=true', 'stop']);
  await composer.fill('');

  // The sub-agent's run (its steps inside the call, the reply after the helper's report).
  await composer.fill('Research my workspace with a helper');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await replyWhenDone(page)).toContain('My helper reports back');
  await page.getByRole('region', { name: 'What research_helper did' }).waitFor();
  await auditPage(page, found, '1280-sub-agent', 'chat-features');
  await page.setViewportSize(phone);
  await auditPage(page, found, '390-sub-agent', 'chat-features');

  expect(axeReport(found)).toBe('');
  expect(errors).toEqual([]);
});
