import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { replyWhenDone } from './setup/chat';

/**
 * The plan in real Chromium (issue 18): the playground's agent has `todos: true`, and the demo
 * model's multi-step task (offered on the empty screen) writes a plan with `todo_write` and updates
 * it step by step. The plan above the composer shows every state of it while the task runs, says
 * politely what starts, closes to one line, stays after a reload, and has no axe violations, light
 * and dark, desktop and phone. Screenshots in test-results/plan-*.png.
 */

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Records every state the plan shows (its steps' statuses and the step in progress), in order, as the page renders them. */
async function recordPlan(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { planStates: string[] }).planStates = seen;
    const marks: Record<string, string> = { pending: 'p', in_progress: '>', completed: 'x' };
    const record = () => {
      const plan = document.querySelector('.rak-plan');
      if (!plan) return;
      const statuses = [...plan.querySelectorAll<HTMLElement>('.rak-plan-item')].map((item) => marks[item.dataset.status!]).join('');
      const current = plan.querySelector('.rak-plan-item[data-status="in_progress"] .rak-plan-text')?.textContent ?? '';
      const entry = `${statuses} ${current}`.trim();
      if (seen.at(-1) !== entry) seen.push(entry);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

const planStates = (page: Page) => page.evaluate(() => (window as unknown as { planStates: string[] }).planStates);

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource });
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe;
    return axe.run({ include: [['.rak-chat-footer']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
  });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const plan = (page: Page) => page.getByRole('region', { name: 'Plan' });

test('the demo task writes a plan and the user watches it progress, step by step', { timeout: 120_000 }, async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 1280, height: 860 } });
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });
  await recordPlan(page);

  // Offered on the empty screen.
  await page.getByRole('group', { name: 'Suggested prompts' }).getByRole('button', { name: 'A plan you can watch' }).click();
  await plan(page).waitFor({ timeout: 30_000 });
  // Mid-task: a step done, the next one in progress.
  await expect.poll(() => plan(page).getByRole('button').innerText(), { timeout: 30_000 }).toMatch(/[12] of 4 done/);
  await screenshot(page, 'plan-running-1280-light');
  expect(await page.locator('.rak-chat-footer [role="status"].rak-visually-hidden').innerText()).toMatch(/^Working on: /);

  await replyWhenDone(page);
  expect(await planStates(page)).toEqual([
    '>ppp Checking the weather for launch day',
    'x>pp Drafting the announcement',
    'xx>p Listing what could go wrong',
    'xxx> Writing the checklist for the day',
    'xxxx',
  ]);
  expect(await plan(page).getByRole('button').innerText()).toContain('4 of 4 done');
  // Finished, it closes to one line; it opens on demand.
  expect(await plan(page).getByRole('button').getAttribute('aria-expanded')).toBe('false');
  expect(await plan(page).getByRole('list').isVisible()).toBe(false);
  await screenshot(page, 'plan-done-closed-1280-light');
  await plan(page).getByRole('button').click();
  expect(await plan(page).getByRole('listitem').allTextContents()).toEqual([
    'Done: Check the weather for launch day',
    'Done: Draft the announcement',
    'Done: List what could go wrong',
    'Done: Write the checklist for the day',
  ]);
  expect(await page.locator('.rak-chat-footer [role="status"].rak-visually-hidden').innerText()).toBe('Plan done: all 4 steps');
  // The plan's calls in the thread read as its progress, not as JSON.
  expect(await page.locator('.rak-tool-chip .rak-tool-chip-summary').last().innerText()).toBe('4 of 4 done');
  // The plan sits above the composer.
  const planBox = (await plan(page).boundingBox())!;
  const composerBox = (await page.locator('.rak-composer').boundingBox())!;
  expect(planBox.y + planBox.height).toBeLessThanOrEqual(composerBox.y);
  await screenshot(page, 'plan-done-1280-light');
  expect(await axeViolations(page)).toEqual([]);

  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'plan-done-1280-dark');
  expect(await axeViolations(page)).toEqual([]);

  // Saved with the conversation: a reload shows it again.
  await expect.poll(() => page.getByTestId('workspace-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');
  await page.reload();
  await plan(page).waitFor({ timeout: 30_000 });
  expect(await plan(page).getByRole('button').innerText()).toContain('4 of 4 done');
  expect(errors).toEqual([]);
});

test('on a phone, stopped mid-task: the step in progress stays in view above the composer, light and dark', { timeout: 120_000 }, async () => {
  const { page, errors } = await openPlayground('', { viewport: { width: 390, height: 844 } });
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.waitFor({ timeout: 30_000 });
  await composer.fill('Work through a multi-step task: prepare the launch');
  await page.keyboard.press('Enter');
  await expect.poll(() => plan(page).getByRole('button').innerText(), { timeout: 30_000 }).toContain('2 of 4 done');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => page.locator('.pg-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('idle');
  const current = plan(page).locator('.rak-plan-item[data-status="in_progress"]');
  expect(await current.textContent()).toBe('In progress: Listing what could go wrong');
  expect(await current.isVisible()).toBe(true);
  await screenshot(page, 'plan-stopped-390-light');
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'plan-stopped-390-dark');
  expect(await axeViolations(page)).toEqual([]);

  // Closed on a phone: one line with the progress and the step in progress.
  await plan(page).getByRole('button').click();
  expect(await plan(page).getByRole('button').innerText()).toMatch(/2 of 4 done\s*Listing what could go wrong/);
  await screenshot(page, 'plan-closed-390-dark');

  // Right to left: the icons come first on the right, the chevron points the way the text goes.
  await plan(page).getByRole('button').click();
  await page.evaluate(() => document.querySelector<HTMLElement>('.rak-chat')!.setAttribute('dir', 'rtl'));
  const icon = (await current.locator('.rak-plan-icon').boundingBox())!;
  const text = (await current.locator('.rak-plan-text').boundingBox())!;
  expect(icon.x).toBeGreaterThan(text.x + text.width - 1);
  await screenshot(page, 'plan-stopped-390-dark-rtl');
  expect(errors).toEqual([]);
});
