import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { screenshot } from './browser';

/**
 * axe-core in the page: every violation of the whole page as it is now, in light and in dark (the
 * color scheme switched in place, the page and its state stay), collected under a state's name and
 * listed at the end with `axeReport`.
 */

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const rules = {
  // WCAG 2.1 A and AA, and axe's best practices (landmarks, headings, unique names): none is off,
  // as none proved wrong for a chat (the thread is a log inside <main>, its dialogs are labelled).
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  // Only violations are read: skipping the passes' details makes a run faster.
  resultTypes: ['violations'],
};

/** What axe found in one state (its violations only). */
export interface AxeFinding {
  state: string;
  violations: Result[];
}

export const colorSchemes = ['light', 'dark'] as const;

/**
 * Runs axe on the whole page as it is now, once in each color scheme (switched in place, then back
 * to light), and records what it found in `found` under `state` (e.g. `1280-empty`).
 * E2E_SCREENSHOTS=1 saves each state to test-results/; a state with a violation is always saved.
 *
 * @example
 * const found: AxeFinding[] = [];
 * await auditPage(page, found, 'empty', 'accessibility-1280');
 * expect(axeReport(found)).toBe('');
 */
export async function auditPage(page: Page, found: AxeFinding[], state: string, screenshotPrefix: string): Promise<void> {
  // Injected once per document (a reload or a new page loses it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource });
  for (const colorScheme of colorSchemes) {
    await page.emulateMedia({ colorScheme });
    // Two frames: the new scheme's styles are computed and painted before axe reads the colors.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const results = await page.evaluate(async (options) => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<AxeResults> } }).axe;
      return axe.run(document, options);
    }, rules);
    if (results.violations.length > 0) found.push({ state: `${colorScheme} ${state}`, violations: results.violations });
    if (results.violations.length > 0 || process.env.E2E_SCREENSHOTS) await screenshot(page, `${screenshotPrefix}-${colorScheme}-${state}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Every violation found, per state: rule, impact, elements, what to fix; `''` when there were none. */
export function axeReport(found: AxeFinding[]): string {
  return found
    .map(({ state, violations }) =>
      [
        `${state}:`,
        ...violations.map((violation) =>
          [
            `  ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}`,
            ...violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`),
          ].join('\n'),
        ),
      ].join('\n'),
    )
    .join('\n');
}
