import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { send } from './setup/chat';
import { startScriptedEndpoint, useScriptedEndpoint, type ScriptedEndpoint } from './setup/scripted-endpoint';

/**
 * The shell runs in a Web Worker: a model asks for a long `bash` script (1,000 files written,
 * then up to 2,000 x `grep -r` over them: longer than the test waits on any machine, and cut by
 * the shell's time limit if nothing stops it), the user approves it, the page stays
 * responsive while it runs, and Stop ends it within 200 ms with none of its files made.
 *
 * The model is a local OpenAI-compatible endpoint that answers the first request with the
 * tool call (the playground's settings point at it, as a user would).
 */

const script = [
  'mkdir -p big',
  'for i in $(seq 1 1000); do echo "line $i TODO" > big/file-$i.txt; done',
  'for j in $(seq 1 2000); do grep -r TODO big > /dev/null; done',
  'echo finished > finished.txt',
].join('\n');

/** What the page records: input and long tasks while the script runs, and when Stop took effect. */
interface Timings {
  stopClickedAt?: number;
  cancelledAt?: number;
  longTasks: { start: number; duration: number }[];
  frames: number[];
}

let endpoint: ScriptedEndpoint;

beforeAll(async () => {
  endpoint = await startScriptedEndpoint('shell-model', (request) => (request === 1 ? { toolCall: { id: 'call-shell', name: 'bash', input: { command: script } } } : { text: 'The script ended.' }));
});

afterAll(() => endpoint.close());

/** Starts recording, in the page's own clock: long tasks, animation frames, the Stop click and the cancelled call. */
async function record(page: Page): Promise<void> {
  await page.evaluate(() => {
    const timings: Timings = { longTasks: [], frames: [] };
    (window as unknown as { timings: Timings }).timings = timings;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) timings.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask' });
    const frame = (time: number) => {
      timings.frames.push(time);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    // The click's timeStamp is when the browser took the input, not when the page got to handle it.
    document.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('[aria-label="Stop"]')) timings.stopClickedAt ??= event.timeStamp;
    }, true);
    new MutationObserver(() => {
      if (timings.cancelledAt === undefined && document.querySelector('[data-tool-call-id][data-state="cancelled"]')) timings.cancelledAt = performance.now();
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
}

test('a long shell script leaves the page responsive, and Stop ends it within 200 ms with no files made', async () => {
  const { page, errors } = await openPlayground();
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });
  await useScriptedEndpoint(page, endpoint, 'shell-model');

  await send(page, 'Run my long script');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 30_000 });
  await record(page);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  const call = page.locator('[data-tool-call-id][data-state]').first();
  await expect.poll(() => call.getAttribute('data-state'), { timeout: 10_000 }).toBe('running');

  // The script runs for seconds; meanwhile the page answers.
  const runningFrom = await page.evaluate(() => performance.now());
  await page.waitForTimeout(2_000);
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('the page still takes input');
  expect(await input.inputValue()).toBe('the page still takes input');
  // Emptied again: a message in the composer would be sent when the run stops.
  await input.fill('');
  expect(await call.getAttribute('data-state')).toBe('running');

  await page.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => call.getAttribute('data-state'), { timeout: 5_000 }).toBe('cancelled');
  const timings = await page.evaluate(() => (window as unknown as { timings: Timings }).timings);
  const stopLatency = timings.cancelledAt! - timings.stopClickedAt!;
  const whileRunning = timings.longTasks.filter((task) => task.start >= runningFrom && task.start < timings.stopClickedAt!);
  const frames = timings.frames.filter((time) => time >= runningFrom && time < timings.stopClickedAt!);
  const longestFrameGap = Math.max(...frames.slice(1).map((time, index) => time - frames[index]!));
  console.info(
    `[shell e2e] Stop took effect after ${stopLatency.toFixed(1)} ms; while the script ran: ${whileRunning.length} long task(s)` +
      ` (longest ${Math.max(0, ...whileRunning.map((task) => task.duration)).toFixed(0)} ms), ${frames.length} frames, longest gap ${longestFrameGap.toFixed(0)} ms`,
  );
  // The requirement: a running shell script is stopped by Stop within 200 ms.
  expect(stopLatency).toBeLessThan(200);
  // Responsive while it ran: frames kept coming (a page blocked by the script paints none).
  expect(frames.length).toBeGreaterThan(10);

  // Nothing the script did was made; the model was not asked again.
  await expect.poll(() => page.locator('.pg-status').getAttribute('data-status')).toBe('idle');
  expect(await page.getByRole('treeitem', { name: /^big\b/ }).count()).toBe(0);
  expect(await page.getByRole('treeitem', { name: /^finished\.txt/ }).count()).toBe(0);
  expect(endpoint.requests).toHaveLength(1);
  await screenshot(page, 'shell-worker-stopped');
  expect(errors).toEqual([]);
});
