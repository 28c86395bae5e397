import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { send } from './setup/chat';

/**
 * Code in the sandbox, in the playground in Chromium: the model writes a program with `bash` and
 * runs it with `node` (its output piped through `tr`, its file in the workspace), then runs an
 * endless program with `run_code`: the page stays responsive (it runs in the shell's worker, on
 * QuickJS) and Stop ends it at once. The model is a local OpenAI-compatible endpoint.
 */

const program = 'const fs = require("fs");\nfs.writeFileSync("out.txt", "made by node");\nconsole.log("hello from", process.argv[2]);\n';

let server: Server;
let endpoint: string;
const requests: { messages: { role: string; content: unknown }[] }[] = [];

function chunk(delta: object, finishReason: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-code', object: 'chat.completion.chunk', created: 1, model: 'code-model', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
}

function toolCall(id: string, name: string, input: object): string {
  return chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: JSON.stringify(input) } }] });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, authorization' };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    let body = '';
    request.on('data', (data) => (body += data));
    request.on('end', () => {
      requests.push(JSON.parse(body));
      response.writeHead(200, { ...cors, 'content-type': 'text/event-stream' });
      response.write(chunk({ role: 'assistant', content: null }));
      if (requests.length === 1) {
        response.write(toolCall('call-node', 'bash', { command: `printf '%s' '${program}' > app.js && node app.js world | tr a-z A-Z` }));
        response.write(chunk({}, 'tool_calls'));
      } else if (requests.length === 2) {
        response.write(toolCall('call-loop', 'run_code', { language: 'javascript', code: 'let turns = 0;\nfor (;;) turns++;' }));
        response.write(chunk({}, 'tool_calls'));
      } else {
        response.write(chunk({ content: 'Done.' }));
        response.write(chunk({}, 'stop'));
      }
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => {
  server.close();
});

async function useEndpoint(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Change model' }).click();
  const dialog = page.getByRole('dialog', { name: 'Model' });
  await dialog.getByRole('radio', { name: /OpenAI-compatible endpoint/ }).check();
  await dialog.getByLabel('Endpoint URL').fill(endpoint);
  await dialog.getByLabel('Model', { exact: true }).fill('code-model');
  await dialog.getByRole('button', { name: 'Use this model' }).click();
  await expect.poll(() => page.getByTestId('model-name').innerText()).toContain('code-model');
}

test('the model runs a program it wrote with node, then Stop ends an endless run_code at once with the page responsive', async () => {
  const { page, errors } = await openPlayground();
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });
  await useEndpoint(page);

  await send(page, 'Write a program and run it');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();

  // The program's output went through the pipe, back to the model, and its file is in the workspace.
  await expect.poll(() => requests.length, { timeout: 30_000 }).toBe(2);
  const toolResult = JSON.stringify(requests[1]!.messages.at(-1));
  expect(toolResult).toContain('HELLO FROM WORLD');
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
  expect(requests).toHaveLength(2);
  await screenshot(page, 'code-in-sandbox-stopped');
  expect(errors).toEqual([]);
});
