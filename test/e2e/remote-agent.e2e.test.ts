import type { Page, Request } from 'playwright-core';
import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';
import { replyWhenDone, send } from './setup/chat';

/**
 * `<AgentChat>` over an AG-UI agent: the playground's "Remote agent (AG-UI)" model choice is
 * `agUiAgent({ url: '/api/ag-ui', ... })` in the page, and the dev server runs the kit's agent
 * behind AG-UI there (`agUiHandler` with the demo model, playground/server/remote-agent.ts). The
 * server's tools run in Node; its approvals and questions reach the page as interrupts and show
 * in the kit's dialog and picker; the page's file tools run in its workspace.
 */

const assistantMessages = '.rak-message[data-role="assistant"]';

/** Opens the playground with the remote agent already chosen (the choice the settings dialog saves). */
async function openRemote(options: Parameters<typeof openPlayground>[1] = {}) {
  const session = await openPlayground('', options);
  await session.page.evaluate(() => localStorage.setItem('rak-playground-model', JSON.stringify({ kind: 'remote-agent' })));
  await session.page.reload();
  await expect.poll(() => session.page.locator('.pg-title').innerText()).toContain('Remote agent');
  return session;
}

/** The RunAgentInput of every run the page posts to /api/ag-ui, in order. */
/** The states of the tool calls the thread shows, in order. */
const chipStates = (page: Page) => page.locator('.rak-tool-chip').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-state')));

interface RecordedRun {
  threadId: string;
  messages: Array<{ role: string; content?: unknown }>;
  tools: Array<{ name: string }>;
  resume?: unknown[];
}

function recordRuns(page: Page): RecordedRun[] {
  const runs: RecordedRun[] = [];
  page.on('request', (request: Request) => {
    if (request.url().endsWith('/api/ag-ui') && request.method() === 'POST') runs.push(request.postDataJSON() as RecordedRun);
  });
  return runs;
}

test('choose Remote agent: a streamed reply and a server tool’s result; the server’s email asks here, approved it runs and the reply goes on', async () => {
  const { page, errors } = await openPlayground();
  // A conversation begun with the in-browser demo model (a tool of the page) carries over to the remote agent.
  await send(page, "What's the weather in Paris?");
  expect(await replyWhenDone(page)).toContain('get_weather');
  await page.getByRole('button', { name: 'Change model' }).click();
  const settings = page.getByRole('dialog', { name: 'Model' });
  await settings.getByRole('radio', { name: /Remote agent \(AG-UI\)/ }).check();
  await settings.getByRole('button', { name: 'Use this model' }).click();
  // The header and the sidebar say where the run happens.
  await expect.poll(() => page.locator('.pg-title').innerText()).toBe('Remote agent · AG-UI');
  expect(await page.getByTestId('model-name').innerText()).toContain('Remote agent (AG-UI)');
  expect(await page.locator('.pg-model-note', { hasText: 'AG-UI' }).innerText()).toContain('Runs on the playground server');
  const runs = recordRuns(page);

  // A server tool: lookup_customer runs in Node; its result streams back and shows.
  await send(page, 'Look up the customer ada@example.com');
  const reply = page.locator(assistantMessages).last();
  await expect.poll(() => reply.getAttribute('data-status'), { timeout: 15_000 }).toBe('streaming');
  const chip = page.locator('.rak-tool-chip', { hasText: 'lookup_customer' });
  await expect.poll(() => chip.getAttribute('data-state'), { timeout: 20_000 }).toBe('output-available');
  const answer = await replyWhenDone(page);
  expect(answer).toContain('"name": "Ada Lovelace"');
  expect(runs[0]!.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['write_file', 'bash', 'get_weather']));
  expect(runs[0]!.tools.map((tool) => tool.name)).not.toContain('lookup_customer');
  expect(runs[0]!.messages.filter((message) => message.role === 'user').map((message) => message.content)).toEqual(["What's the weather in Paris?", 'Look up the customer ada@example.com']);

  // A server tool that needs approval: the interrupt is the kit's approval dialog.
  await send(page, 'Send an email to Ada about the launch');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 20_000 });
  expect(await dialog.innerText()).toContain('send_email');
  await screenshot(page, 'remote-agent-approval-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'remote-agent-approval-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await replyWhenDone(page)).toContain('Done: the email was sent to ada@example.com');
  // The decision resumed the run as the protocol says: the next run carries it in resume[].
  expect(runs.flatMap((run) => run.resume ?? [])).toEqual([expect.objectContaining({ status: 'resolved', payload: { approved: true } })]);
  expect(new Set(runs.map((run) => run.threadId)).size).toBe(1);
  await screenshot(page, 'remote-agent-email-sent-1280');
  expect(errors).toEqual([]);
});

test('deny with a reason: the remote model is told; a question from the server is the picker, and the reply uses the answer', async () => {
  const { page, errors } = await openRemote();
  await send(page, 'Send an email to Ada about the launch');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await page.keyboard.type('Not before the board meeting');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  const denied = await replyWhenDone(page);
  expect(denied).toContain('I did not send the email');
  expect(denied).toContain('Not before the board meeting');
  // The request is shown denied, and so is the server's call it concerned (its result is the denial; it is not left running).
  expect(await chipStates(page)).toEqual(['output-denied', 'output-denied']);

  await send(page, 'Help me plan a project — ask me questions');
  const picker = page.locator('[data-rak-people-prompt]');
  await picker.waitFor({ timeout: 20_000 });
  await picker.getByRole('radio', { name: /Python/ }).check();
  await picker.getByRole('checkbox', { name: /Authentication/ }).check();
  await screenshot(page, 'remote-agent-question-1280');
  // No panel is open (the agent changed no file), so on a phone the picker shows.
  expect(await page.getByRole('complementary', { name: 'Workspace' }).count()).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'remote-agent-question-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await picker.getByRole('button', { name: 'Submit', exact: true }).click();
  await picker.waitFor({ state: 'detached' });
  const answered = await replyWhenDone(page);
  expect(answered).toContain('Python');
  expect(answered).toContain('Authentication');
  // The server's question call and the picker's call both ended.
  expect((await chipStates(page)).slice(-2)).toEqual(['output-available', 'output-available']);
  expect(errors).toEqual([]);
});

test('a browser tool runs in the page’s workspace behind the page’s approval; a reload during the server’s approval keeps both, and the decision continues the thread', async () => {
  const { page, errors } = await openRemote();
  const runs = recordRuns(page);
  await send(page, 'Write a note');
  // write_file is the page's tool (the workspace's): the remote agent asked for it, the page asks the person.
  const writeApproval = page.getByRole('alertdialog');
  await writeApproval.waitFor({ timeout: 20_000 });
  expect(await writeApproval.innerText()).toContain('write_file');
  await writeApproval.getByRole('button', { name: 'Approve', exact: true }).click();
  await writeApproval.waitFor({ state: 'detached' });
  await replyWhenDone(page);
  await expect.poll(() => page.locator('.rak-tool-chip', { hasText: 'write_file' }).getAttribute('data-state')).toBe('output-available');
  // The file is in the workspace (the explorer shows it), and its result went back to the server in the next run.
  await page.getByRole('complementary', { name: 'Workspace' }).getByRole('treeitem', { name: /^notes/ }).waitFor();
  expect(runs).toHaveLength(2);
  expect(runs[1]!.messages.some((message) => message.role === 'tool')).toBe(true);
  const threadId = runs[0]!.threadId;

  // A reload while the server's approval waits: the conversation and the request are back, and the decision resumes the same thread.
  await send(page, 'Send an email to Ada about the launch');
  await page.getByRole('alertdialog').waitFor({ timeout: 20_000 });
  await expect.poll(() => page.getByTestId('workspace-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');
  const after = recordRuns(page);
  await page.reload();
  await expect.poll(() => page.locator('.pg-title').innerText()).toContain('Remote agent');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 10_000 });
  expect(await dialog.innerText()).toContain('send_email');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  expect(await replyWhenDone(page)).toContain('Done: the email was sent to ada@example.com');
  expect(after[0]!.threadId).toBe(threadId);
  expect(after[0]!.messages.filter((message) => message.role === 'user').map((message) => message.content)).toEqual(['Write a note', 'Send an email to Ada about the launch']);
  expect(after[0]!.resume).toEqual([expect.objectContaining({ status: 'resolved', payload: { approved: true } })]);
  // The note is still in the workspace after the reload.
  await page.getByRole('complementary', { name: 'Workspace' }).getByRole('treeitem', { name: /^notes/ }).waitFor();
  expect(errors).toEqual([]);
});

test('Stop mid-stream aborts the request and the chat goes on with the partial reply; an error mid-run shows with Retry', async () => {
  const { page, errors } = await openRemote();
  const runs = recordRuns(page);
  await send(page, 'Tell me a long story');
  const reply = page.locator(assistantMessages).last();
  await expect.poll(async () => (await reply.innerText()).split(/\s+/).length, { timeout: 20_000 }).toBeGreaterThan(25);
  const aborted = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/api/ag-ui'));
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => reply.getAttribute('data-status')).toBe('stopped');
  // The request was aborted: the server sees its connection close and stops its agent.
  expect((await aborted).failure()?.errorText).toContain('ERR_ABORTED');
  const stoppedText = await reply.innerText();
  expect(stoppedText).toContain('Stopped');

  await send(page, 'Hi again');
  expect(await replyWhenDone(page)).toContain('demo model');
  // The next run carries the reply as it was when stopped, on the same thread.
  const [first, next] = runs;
  expect(next!.threadId).toBe(first!.threadId);
  const partial = next!.messages.find((message) => message.role === 'assistant');
  expect(partial?.content).toEqual(expect.stringContaining('On a rocky island at the edge of the map'));
  // Cut off where it stopped: the story's last line never streamed.
  expect(partial!.content).not.toContain('The end.');
  expect(next!.messages.at(-1)).toMatchObject({ role: 'user', content: 'Hi again' });

  // The server's model fails mid-reply (RUN_ERROR): the error shows with Retry, and Retry answers.
  // (The server's demo model fails every first try of a message at its place in a thread.)
  await send(page, 'Simulate an error');
  const alert = page.locator('.rak-error');
  await alert.waitFor({ timeout: 20_000 });
  expect(await alert.innerText()).toContain('The demo model simulated a network failure');
  await page.getByRole('button', { name: 'Retry' }).click();
  expect(await replyWhenDone(page)).toContain('This time it worked.');
  expect(errors).toEqual([]);
});
