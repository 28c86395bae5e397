import { afterAll, beforeAll, expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { send } from './setup/chat';
import { startScriptedEndpoint, useScriptedEndpoint, type ScriptedEndpoint } from './setup/scripted-endpoint';

/**
 * Code in the sandbox, in the playground in Chromium: the model writes a program with `bash` and
 * runs it with `node` (its output piped through `tr`, its file in the workspace), then runs an
 * endless program with `run_code`: the page stays responsive (it runs in the shell's worker, on
 * QuickJS) and Stop ends it at once. The model is a local OpenAI-compatible endpoint.
 */

const program = 'const fs = require("fs");\nfs.writeFileSync("out.txt", "made by node");\nconsole.log("hello from", process.argv[2]);\n';

let endpoint: ScriptedEndpoint;
const requests = () => endpoint.requests;

beforeAll(async () => {
  endpoint = await startScriptedEndpoint('code-model', (request) => {
    if (request === 1) return { toolCall: { id: 'call-node', name: 'bash', input: { command: `printf '%s' '${program}' > app.js && node app.js world | tr a-z A-Z` } } };
    if (request === 2) return { toolCall: { id: 'call-loop', name: 'run_code', input: { language: 'javascript', code: 'let turns = 0;\nfor (;;) turns++;' } } };
    return { text: 'Done.' };
  });
});

afterAll(() => endpoint.close());

test('the model runs a program it wrote with node, then Stop ends an endless run_code at once with the page responsive', async () => {
  const { page, errors } = await openPlayground();
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });
  await useScriptedEndpoint(page, endpoint, 'code-model');

  await send(page, 'Write a program and run it');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();

  // The program's output went through the pipe, back to the model, and its file is in the workspace.
  await expect.poll(() => requests().length, { timeout: 30_000 }).toBe(2);
  const toolResult = JSON.stringify(requests()[1]!.messages.at(-1));
  expect(toolResult, toolResult).toContain('HELLO FROM WORLD');
  expect(toolResult).toContain('\\"exitCode\\":0');
  await expect.poll(() => page.getByRole('treeitem', { name: /^out\.txt/ }).count(), { timeout: 10_000 }).toBe(1);

  // The endless program: its approval names what it runs.
  await dialog.waitFor({ timeout: 30_000 });
  expect(await dialog.innerText()).toContain('Run 2 lines of JavaScript');
  await page.evaluate(() => {
    const recorded = { longTasks: 0, frames: 0 };
    (window as unknown as { recorded: typeof recorded }).recorded = recorded;
    new PerformanceObserver((list) => void (recorded.longTasks += list.getEntries().length)).observe({ type: 'longtask' });
    const frame = () => {
      recorded.frames += 1;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  const call = page.locator('[data-tool-call-id][data-state]').last();
  await expect.poll(() => call.getAttribute('data-state'), { timeout: 10_000 }).toBe('running');
  await page.waitForTimeout(1_500);
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('still typing');
  expect(await input.inputValue()).toBe('still typing');
  await input.fill('');
  const stopAt = Date.now();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => call.getAttribute('data-state'), { timeout: 5_000 }).toBe('cancelled');
  const stopMs = Date.now() - stopAt;
  const recorded = await page.evaluate(() => (window as unknown as { recorded: { longTasks: number; frames: number } }).recorded);
  console.info(`[code e2e] Stop took ${stopMs} ms; while the program ran: ${recorded.longTasks} long task(s), ${recorded.frames} frames`);
  expect(recorded.frames).toBeGreaterThan(10);
  expect(recorded.longTasks).toBe(0);
  expect(requests()).toHaveLength(2);
  await screenshot(page, 'code-in-sandbox-stopped');
  expect(errors).toEqual([]);
});
