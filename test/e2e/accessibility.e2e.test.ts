import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { auditPage, axeReport, colorSchemes, type AxeFinding } from './setup/axe';
import { launchBrowser, openPlayground, screenshot } from './setup/browser';
import { replyWhenDone } from './setup/chat';

/**
 * Accessibility of every state of the playground, checked by axe-core in real Chromium (so
 * contrast is computed from the real styles): the empty chat, a streaming reply, markdown and
 * code, a stopped reply, reasoning, tools running, done and failed, each approval the demo asks
 * for (an email's generated form and its JSON, valid and not, a file edit's diff, a cleanup), deny
 * with a reason, the questions (one choice, several, free text), the files with a change and its
 * diff, an error and Retry, editing a message, the rollback question, the conversations (in the
 * drawer on a phone), the Workspace, Tool calls and Events panels and the model settings. At a
 * laptop's 1280x860 and a phone's 390x844: one walk per size (no reload between states), each state
 * audited in light and in dark (the color scheme is switched in place, the page and its state stay),
 * and every violation of every state is listed at the end (rule, impact, elements, what to fix).
 * E2E_SCREENSHOTS=1 saves each state to test-results/ to look at.
 *
 * Not reached: the shell command's approval (the demo model never calls `bash`). The chat's
 * suggestions, read aloud, feedback, timing and dictation (and right to left, and the sub-agent's
 * run) are checked by test/e2e/chat-features.e2e.test.ts, with the same helper (setup/axe.ts).
 */

type Combination = { name: string; viewport: { width: number; height: number } };

const combinations: Combination[] = [
  { name: '1280', viewport: { width: 1280, height: 860 } },
  { name: '390', viewport: { width: 390, height: 844 } },
];

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Sends a message and waits until it shows as the last user message (counting messages does not
 * work here: the thread is virtualized, a long story pushes earlier messages out of the DOM).
 */
async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.rak-message[data-role="user"] .rak-message-body').last().innerText()).toBe(text);
}

const assistantMessages = (page: Page) => page.locator('.rak-message[data-role="assistant"]');
const phone = (combination: Combination) => combination.viewport.width < 600;

/** On a phone the sidebar is a drawer behind the header's menu button; at 1280 px it is a column (while no panel is open). */
async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menu' }).waitFor();
}

/** Opens the panel beside the chat (from the drawer on a phone) and waits for it. */
async function openPanel(page: Page, combination: Combination, toggle: 'Workspace' | 'Tool calls' | 'Events'): Promise<void> {
  if (phone(combination)) await openMenu(page);
  await page.getByRole('button', { name: toggle, exact: true }).click();
  await page.getByRole('complementary', { name: toggle }).waitFor();
}

for (const combination of combinations) {
  test(`axe finds no violations in any state of the walk, light and dark, ${combination.name}`, { timeout: 180_000 }, async () => {
    const found: AxeFinding[] = [];
    const check = (state: string) => auditPage(page, found, state, `accessibility-${combination.name}`);
    const { page, errors } = await openPlayground('', {
      browser,
      viewport: combination.viewport,
      ignoreConsoleErrors: [/api\/agent\/tools\/lookup_customer/],
    });
    await page.emulateMedia({ colorScheme: 'light' });
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('server-card').getAttribute('data-status')).toBe('ready');

    await check('empty');

    // A reply streaming, then stopped.
    await send(page, 'Tell me a long story');
    await expect.poll(() => assistantMessages(page).last().getAttribute('data-status')).toBe('streaming');
    await check('streaming');
    // A message sent meanwhile waits as a chip above the composer (then taken out again).
    await composer.fill('And then a poem');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Queued messages' }).waitFor();
    await check('queued');
    await page.getByRole('button', { name: 'Remove queued message: And then a poem' }).click();
    await page.getByRole('list', { name: 'Queued messages' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Stop' }).click();
    await replyWhenDone(page);
    await check('stopped');

    await send(page, 'Show me what markdown looks like');
    await replyWhenDone(page);
    await check('markdown-and-code');

    await send(page, 'Think step by step: how do agents use tools?');
    await replyWhenDone(page);
    await check('reasoning');

    // Another answer: the old one is kept, and a picker shows the versions.
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.locator('.rak-message[data-role="assistant"]').last().getByRole('group', { name: 'Versions' }).waitFor({ timeout: 30_000 });
    await replyWhenDone(page);
    await check('versions');

    // A tool running (the server holds its answer), then done; a tool that fails.
    let held: Route | undefined;
    await page.route('**/api/agent/tools/lookup_customer', (route) => {
      held = route;
    });
    await send(page, 'Look up the customer ada@example.com');
    const lookup = page.locator('.rak-tool-chip', { hasText: 'lookup_customer' }).last();
    await expect.poll(() => lookup.getAttribute('data-state'), { timeout: 30_000 }).toBe('running');
    await check('tool-running');
    await expect.poll(() => held !== undefined).toBe(true);
    await held!.continue();
    await page.unroute('**/api/agent/tools/lookup_customer');
    await replyWhenDone(page);
    await send(page, "What's the weather in Paris?");
    await replyWhenDone(page);
    await check('tool-done');
    await send(page, 'Look up the customer nobody@example.com');
    await replyWhenDone(page);
    expect(await page.locator('.rak-tool-chip[data-state="output-error"]').count()).toBe(1);
    await page.locator('.rak-tool-chip[data-state="output-error"] button').first().click();
    await check('tool-failed-details');

    // A fresh conversation keeps the thread short for what follows.
    if (phone(combination)) await openMenu(page);
    await check('sessions');
    await page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: 'New chat' }).click();
    await expect.poll(() => page.locator('.rak-message').count(), { timeout: 15_000 }).toBe(0);

    // The email's approval: the generated form, the JSON editor, deny with a reason.
    await send(page, 'Send an email to Ada about the launch');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor({ timeout: 30_000 });
    await check('approval-email-form');
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('');
    await check('approval-email-form-invalid');
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('Launch moved');
    await dialog.getByRole('button', { name: 'Edit as JSON' }).click();
    await check('approval-email-json');
    await dialog.getByRole('textbox', { name: /Arguments/ }).fill('{ "to": ');
    await check('approval-email-json-invalid');
    await dialog.getByRole('textbox', { name: /Arguments/ }).fill('{ "to": "ada@example.com", "subject": "Launch", "body": "Soon." }');
    await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Not before the board meeting');
    await check('approval-deny-reason');
    await dialog.getByRole('button', { name: 'Confirm deny' }).click();
    await dialog.waitFor({ state: 'detached' });
    await replyWhenDone(page);
    await check('denied');

    // A file edit's approval shows the diff.
    await send(page, 'Add a task to my todo list: try the workspace');
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.locator('.rak-diff-line[data-kind="added"]').first().waitFor();
    await check('approval-file-edit');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await replyWhenDone(page);

    // The files right after the edit: the tree marks TODO.md, its content, its diff, the changes list.
    // The Workspace opened by itself when the agent changed the file (not on a phone: it would cover the chat).
    if (phone(combination)) await openPanel(page, combination, 'Workspace');
    else await page.getByRole('complementary', { name: 'Workspace' }).waitFor();
    const todo = page.getByRole('treeitem', { name: /^TODO\.md/ });
    await expect.poll(() => todo.getAttribute('data-change')).toBe('modified');
    await todo.click();
    const viewer = page.getByRole('region', { name: 'File /TODO.md' });
    await viewer.getByRole('button', { name: 'Content' }).click();
    await check('file-content');
    await viewer.getByRole('button', { name: 'Diff' }).click();
    await viewer.locator('.rak-diff-line[data-kind="added"]').first().waitFor();
    await check('file-diff');
    await page.getByRole('complementary', { name: 'Workspace' }).getByRole('button', { name: /^Changes/ }).click();
    await check('file-changes');
    if (phone(combination)) await page.getByRole('button', { name: 'Close panel' }).click();

    // A cleanup that asks because of its arguments.
    await send(page, 'Clean up records older than 30 days');
    await dialog.waitFor({ timeout: 30_000 });
    await check('approval-cleanup');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await replyWhenDone(page);

    // The questions: one choice with free text, several choices.
    await send(page, 'Help me plan a project — ask me questions');
    const picker = page.locator('[data-rak-people-prompt]');
    await picker.waitFor({ timeout: 30_000 });
    await check('questions');
    await openPanel(page, combination, 'Tool calls');
    await check('questions-tool-activity');
    await page.getByRole('button', { name: 'Close panel' }).click();
    await page.getByRole('radio', { name: /Python/ }).check();
    await page.getByRole('checkbox', { name: /Authentication/ }).check();
    await page.getByRole('checkbox', { name: /Database/ }).check();
    await picker.locator('.rak-question-free-input').first().fill('Maybe Rust later');
    await check('questions-answered');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await picker.waitFor({ state: 'detached' });
    await replyWhenDone(page);
    await check('questions-done');

    // An error, then Retry.
    await send(page, 'Simulate an error');
    await page.locator('.rak-error').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.pg-status').getAttribute('data-status')).not.toBe('running');
    await check('error');
    await page.getByRole('button', { name: 'Retry' }).click();
    await replyWhenDone(page);
    await check('retried');

    // A message edited, and the question before a rollback.
    const lastQuestion = page.locator('.rak-message[data-role="user"]').last();
    await lastQuestion.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: 'Edited message' }).waitFor();
    await check('message-edit');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    // The edit form is gone before the rollback asks (else two Cancel buttons are on the page).
    await page.getByRole('textbox', { name: 'Edited message' }).waitFor({ state: 'detached' });
    await lastQuestion.getByRole('button', { name: 'Roll back to here' }).click();
    await check('rollback-question');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    // The panels beside the chat (in the drawer on a phone).
    for (const toggle of ['Tool calls', 'Events'] as const) {
      await openPanel(page, combination, toggle);
      await check(`panel-${toggle}`);
      await page.getByRole('button', { name: 'Close panel' }).click();
    }

    // The playground's model settings.
    if (phone(combination)) await openMenu(page);
    await page.getByRole('button', { name: 'Change model' }).click();
    await page.locator('dialog.pg-settings').waitFor();
    await check('model-settings');
    await page.keyboard.press('Escape');
    await page.locator('dialog.pg-settings').waitFor({ state: 'detached' });

    // The conversations again, with two in the list, and the rename form.
    if (phone(combination)) await openMenu(page);
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await list.getByRole('button', { name: /^Rename/ }).first().click();
    await check('sessions-rename');
    for (const colorScheme of colorSchemes) {
      await page.emulateMedia({ colorScheme });
      await screenshot(page, `accessibility-${combination.name}-${colorScheme}-final`);
    }

    expect(axeReport(found)).toBe('');
    expect(errors).toEqual([]);
  });
}
