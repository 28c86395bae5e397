import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';

/**
 * People in the loop, driven with the keyboard only: approve, deny with a reason, edit the
 * arguments and approve, answer questions. The demo model's replies prove what the model
 * received (the edited arguments, the reason, the chosen labels).
 */

async function sendWithKeyboard(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Presses Tab until the focused element has this accessible text; fails after 25 presses. */
async function tabTo(page: Page, name: string | RegExp): Promise<void> {
  for (let presses = 0; presses < 25; presses++) {
    // The focused element's accessible name, as a screen reader would compute it (the common cases).
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      const labelledBy = element.getAttribute('aria-labelledby');
      const fromIds = labelledBy
        ?.split(/\s+/)
        .map((id) => document.getElementById(id)?.innerText ?? '')
        .join(' ');
      const label = (element as HTMLInputElement).labels?.[0]?.innerText;
      return (element.getAttribute('aria-label') || fromIds || label || element.innerText || '').trim();
    });
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

const assistantMessages = (page: Page) => page.locator('.rak-message[data-role="assistant"]');
const lastReply = (page: Page) => assistantMessages(page).last();
/** Waits for the step after the decision: a second assistant message, streamed to the end. */
async function followUpDone(page: Page): Promise<void> {
  await expect.poll(() => assistantMessages(page).count(), { timeout: 30_000 }).toBe(2);
  await expect.poll(() => lastReply(page).getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
}

test('approve with the keyboard: Enter approves only on the Approve button', async () => {
  const { page, errors } = await openPlayground();
  await sendWithKeyboard(page, 'Send an email to Ada about the launch');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 30_000 });
  // Focus moved into the dialog; Enter there does not approve.
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  expect(await dialog.isVisible()).toBe(true);

  await tabTo(page, 'Approve');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await followUpDone(page);
  expect(await lastReply(page).innerText()).toContain('the email was sent to ada@example.com');
  expect(await page.locator('.rak-tool-chip[data-state="output-available"]').count()).toBe(1);
  // Focus came back to the page (the composer), not lost.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message');
  expect(errors).toEqual([]);
});

test('deny with a reason with the keyboard: Escape opens the reason, the model reads it', async () => {
  const { page, errors } = await openPlayground();
  await sendWithKeyboard(page, 'Send an email to Ada about the launch');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.keyboard.type('Not before the board meeting');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await followUpDone(page);
  const reply = await lastReply(page).innerText();
  expect(reply).toContain('I did not send the email');
  expect(reply).toContain('Not before the board meeting');
  expect(await page.locator('.rak-tool-chip[data-state="output-denied"]').count()).toBe(1);
  expect(errors).toEqual([]);
});

test('edit the arguments and approve with the keyboard: invalid JSON blocks Approve, the edit is what runs', async () => {
  const { page, errors } = await openPlayground();
  await sendWithKeyboard(page, 'Send an email to Ada about the launch');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 30_000 });
  await tabTo(page, 'Edit as JSON');
  await page.keyboard.press('Enter');
  const editor = dialog.getByRole('textbox', { name: /Arguments/ });
  await tabTo(page, /Arguments/);
  expect(await editor.evaluate((element) => element === document.activeElement)).toBe(true);

  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('{ "to": "grace@example.com", ');
  expect(await dialog.getByRole('button', { name: 'Approve', exact: true }).isDisabled()).toBe(true);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('{ "to": "grace@example.com", "subject": "Launch moved", "body": "See you Tuesday." }');
  await tabTo(page, 'Approve');
  await screenshot(page, 'people-edited-arguments');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await followUpDone(page);
  const reply = await lastReply(page).innerText();
  expect(reply).toContain('grace@example.com');
  expect(reply).toContain('Launch moved');
  expect(reply).toMatch(/You edited/);
  expect(errors).toEqual([]);
});

test('edit the arguments in the generated form: the dialog leads with the summary, the edited subject is what is sent', async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 1280, height: 860 } });
  await sendWithKeyboard(page, 'Send an email to Ada about the launch');
  const dialog = page.getByRole('alertdialog', { name: 'Send an email to ada@example.com: Launch update' });
  await dialog.waitFor({ timeout: 30_000 });
  expect(await dialog.getByText('Why you are asked:').locator('..').innerText()).toBe('Why you are asked: "send_email" always asks a person before it runs.');
  const subject = dialog.getByRole('textbox', { name: 'Subject' });
  expect(await subject.inputValue()).toBe('Launch update');
  // The body is long text: a textarea holding its lines, not one escaped JSON string.
  expect(await dialog.getByRole('textbox', { name: 'Body' }).evaluate((element) => element.tagName)).toBe('TEXTAREA');
  expect(await dialog.getByRole('textbox', { name: 'Body' }).inputValue()).toContain('Hi Ada,\n');
  await screenshot(page, 'approval-form-1280-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'approval-form-1280-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'approval-form-390-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, 'approval-form-390-light');
  await page.setViewportSize({ width: 1280, height: 860 });

  await subject.fill('');
  expect(await subject.getAttribute('aria-invalid')).toBe('true');
  expect(await dialog.getByRole('button', { name: 'Approve', exact: true }).isDisabled()).toBe(true);
  await subject.fill('Launch moved to Tuesday');
  await expect.poll(() => dialog.getByText(/you changed the arguments below/).count()).toBe(1);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await followUpDone(page);
  const reply = await lastReply(page).innerText();
  expect(reply).toContain('Launch moved to Tuesday');
  expect(reply).toMatch(/You edited/);
  expect(errors).toEqual([]);
});

test('answer questions with the keyboard: single choice, several choices, submit', async () => {
  const { page, errors } = await openPlayground();
  await sendWithKeyboard(page, 'Help me plan a project — ask me questions');
  const picker = page.locator('[data-rak-people-prompt]');
  await picker.waitFor({ timeout: 30_000 });
  const submit = page.getByRole('button', { name: 'Submit', exact: true });
  expect(await submit.isDisabled()).toBe(true);

  // First question (single choice): reach the radio group, move to the second option.
  await tabTo(page, 'TypeScript');
  await page.keyboard.press('ArrowDown');
  expect(await page.getByRole('radio', { name: /Python/ }).isChecked()).toBe(true);
  // Second question (several choices): tick two boxes with Space.
  await tabTo(page, /Authentication/);
  await page.keyboard.press('Space');
  await tabTo(page, /Database/);
  await page.keyboard.press('Space');
  await screenshot(page, 'people-question-answered');
  await tabTo(page, 'Submit');
  await page.keyboard.press('Enter');
  await picker.waitFor({ state: 'detached' });
  await followUpDone(page);
  const reply = await lastReply(page).innerText();
  expect(reply).toContain('Python');
  expect(reply).toContain('Authentication');
  expect(reply).toContain('Database');
  expect(errors).toEqual([]);
});

/** Whether `locator` is what a click at its centre hits, inside the viewport (not scrolled away or covered). */
const reachable = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return box.bottom <= window.innerHeight && (hit === element || element.contains(hit));
  });

/** Presses and releases the mouse on a radio, checking that its option did not move in between. */
async function pressAndRelease(page: Page, option: Locator): Promise<void> {
  const label = option.locator('xpath=ancestor::label');
  await label.scrollIntoViewIfNeeded();
  const before = (await label.boundingBox())!;
  // On the radio itself: a press there focuses it (a press on the label's text does not).
  const radio = (await option.boundingBox())!;
  await page.mouse.move(radio.x + radio.width / 2, radio.y + radio.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(100);
  expect(await label.boundingBox()).toEqual(before);
  await page.mouse.up();
}

test('a question card on a phone: it scrolls, Submit stays in view; options are chosen with the mouse', async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 390, height: 844 } });
  await sendWithKeyboard(page, 'Help me plan a project — ask me questions');
  const picker = page.locator('[data-rak-people-prompt]');
  await picker.waitFor({ timeout: 30_000 });
  const submit = picker.getByRole('button', { name: 'Submit', exact: true });
  // The card scrolls (its questions are taller than it may be), its footer does not.
  expect(await picker.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  expect(await reachable(submit)).toBe(true);
  for (const name of ['Python', 'Go']) {
    await pressAndRelease(page, picker.getByRole('radio', { name }));
    expect(await picker.getByRole('radio', { name }).isChecked()).toBe(true);
  }
  // The chosen option's preview shows, and Submit is still in view.
  await expect.poll(() => picker.locator('.rak-question-preview-text').innerText()).toContain('func Greet');
  await screenshot(page, 'people-question-phone');
  expect(await reachable(submit)).toBe(true);
  expect(errors).toEqual([]);
});

test('a mouse click chooses an option whose preview is long: nothing moves between the press and the click', async () => {
  // Tall enough that the card does not scroll: a preview that appeared on the press would grow it upwards.
  const { page, errors } = await openPlayground('', { viewport: { width: 1280, height: 1800 } });
  await sendWithKeyboard(page, 'Help me plan a project — ask me questions');
  const picker = page.locator('[data-rak-people-prompt]');
  await picker.waitFor({ timeout: 30_000 });
  expect(await picker.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
  for (const name of ['Python', 'TypeScript', 'Go']) {
    await pressAndRelease(page, picker.getByRole('radio', { name }));
    expect(await picker.getByRole('radio', { name }).isChecked()).toBe(true);
  }
  expect(errors).toEqual([]);
});
