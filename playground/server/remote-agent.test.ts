import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildResumeArray, HttpAgent } from '@ag-ui/client';
import { EventType, type BaseEvent, type ToolCallResultEvent } from '@ag-ui/core';
import { afterEach, expect, test } from 'vitest';
import { finishedOf, runVerified } from '../../test/server/ag-ui-harness';
import { agUiPath, createRemoteAgentMiddleware } from './remote-agent';

let server: Server | undefined;
let release: (() => Promise<void>) | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await release?.();
  server = undefined;
  release = undefined;
});

/** The playground's AG-UI middleware on a loopback port, at its path, as the dev server mounts it. */
async function serve(): Promise<string> {
  const { middleware, close } = createRemoteAgentMiddleware();
  release = close;
  server = createServer((request, response) => void middleware(request, response, () => response.writeHead(404).end()));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${agUiPath}`;
}

function client(url: string, text: string): HttpAgent {
  const agent = new HttpAgent({ url, threadId: 'playground-thread' });
  agent.addMessage({ id: 'user-1', role: 'user', content: text });
  return agent;
}

/** The TOOL_CALL_RESULT events' content, parsed (the handler sends JSON text). */
const results = (events: readonly BaseEvent[]) =>
  events.filter((event): event is ToolCallResultEvent => event.type === EventType.TOOL_CALL_RESULT).map((event) => JSON.parse(event.content as string) as unknown);

test('the playground’s remote agent runs the demo model with the server’s customer table, over AG-UI', async () => {
  const agent = client(await serve(), 'Look up the customer ada@example.com');
  const events = await runVerified(agent);
  expect(results(events)).toEqual([expect.objectContaining({ name: 'Ada Lovelace', plan: 'enterprise' })]);
  expect(finishedOf(events).outcome).toBeUndefined();
  expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: expect.stringContaining('Ada Lovelace') });
});

test('the server’s email asks for approval as an interrupt; approved, it runs and the reply goes on', async () => {
  const agent = client(await serve(), 'Send an email to Ada about the launch');
  const first = await runVerified(agent);
  const outcome = finishedOf(first).outcome;
  expect(outcome).toMatchObject({ type: 'interrupt', interrupts: [expect.objectContaining({ reason: 'tool_approval', metadata: expect.objectContaining({ toolName: 'send_email' }) })] });
  expect(results(first)).toEqual([]);

  const [interrupt] = agent.pendingInterrupts;
  const second = await runVerified(agent, { resume: buildResumeArray(agent.pendingInterrupts, { [interrupt!.id]: { status: 'resolved', payload: { approved: true } } }) });
  expect(results(second)).toEqual([expect.objectContaining({ sent: true, via: expect.stringContaining('playground server') })]);
  expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: expect.stringContaining('Done: the email was sent') });
});

test('“Ask me a question” reaches the client as an interrupt that asks for input', async () => {
  const agent = client(await serve(), 'Help me plan a project — ask me questions');
  const events = await runVerified(agent);
  expect(finishedOf(events).outcome).toMatchObject({ type: 'interrupt', interrupts: [expect.objectContaining({ reason: 'user_question', metadata: expect.objectContaining({ toolName: 'ask_user_question' }) })] });
});

test('another site’s page is refused before anything runs', async () => {
  const url = await serve();
  const response = await fetch(url, { method: 'POST', headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' }, body: '{}' });
  expect(response.status).toBe(401);
});
