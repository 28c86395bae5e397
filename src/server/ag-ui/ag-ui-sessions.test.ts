import { buildResumeArray } from '@ag-ui/client';
import { EventType, type AssistantMessage, type TextMessageStartEvent } from '@ag-ui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineTool } from '../../core/index';
import { reasoning, scriptedModel, text, toolCall } from '../../testing/index';
import { memoryServerSessionStore } from '../sessions/memory-server-session-store';
import { clientWith, finishedOf, runVerified, serveAgUi, type ServedHandler } from '../../../test/server/ag-ui-harness';

const servers: ServedHandler[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function setup() {
  const execute = vi.fn(({ path }: { path: string }) => `deleted ${path}`);
  const tool = defineTool({
    name: 'delete_file',
    description: 'Deletes a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } as const,
    needsApproval: true,
    execute,
  });
  // One script shared by both instances: the model is the provider, the instances hold nothing.
  const model = scriptedModel([toolCall('delete_file', { path: '/notes.txt' }, 'call-delete'), text('Deleted your notes.')]);
  const store = memoryServerSessionStore();
  const options = { model, tools: [tool], authorize: () => ({ userId: 'ada' }), sessions: { store } };
  return { execute, model, store, options };
}

describe('agUiHandler with sessions is stateless', () => {
  it('serves consecutive runs of one thread from two handler instances through the session store', async () => {
    const { execute, model, store, options } = setup();
    const first = await serveAgUi(options);
    const second = await serveAgUi(options);
    servers.push(first, second);
    const client = clientWith(first.url, 'Delete my notes.', 'thread-notes');

    const interrupted = await runVerified(client);
    expect(finishedOf(interrupted).outcome).toMatchObject({ type: 'interrupt', interrupts: [{ id: 'call-delete' }] });
    const stored = await store.load('ada', 'thread-notes');
    expect(stored?.snapshot.state.toolCalls).toEqual([expect.objectContaining({ id: 'call-delete', state: 'approval-requested' })]);
    // The client's ids are the thread's ids.
    expect(stored?.snapshot.state.messages[0]?.id).toBe(client.messages[0]?.id);

    client.url = second.url;
    const resumed = await runVerified(client, { resume: buildResumeArray(client.pendingInterrupts, { 'call-delete': { status: 'resolved', payload: { approved: true } } }) });

    expect(execute).toHaveBeenCalledTimes(1);
    expect(finishedOf(resumed).outcome).toBeUndefined();
    const textId = (resumed.find((event) => event.type === EventType.TEXT_MESSAGE_START) as TextMessageStartEvent).messageId;
    const saved = (await store.load('ada', 'thread-notes'))!.snapshot.state;
    expect(saved.messages.at(-1)).toMatchObject({ id: textId, role: 'assistant', parts: [expect.objectContaining({ type: 'text', text: 'Deleted your notes.' })] });
    expect(saved.toolCalls[0]).toMatchObject({ id: 'call-delete', state: 'output-available', output: 'deleted /notes.txt' });
    expect(model.calls).toHaveLength(2);
  });

  it('runs what the stored thread says, not arguments a client rewrote in its messages', async () => {
    const { execute, options } = setup();
    const server = await serveAgUi(options);
    servers.push(server);
    const client = clientWith(server.url, 'Delete my notes.', 'thread-tamper');
    await runVerified(client);

    const call = client.messages.find((message): message is AssistantMessage => message.role === 'assistant' && Boolean(message.toolCalls?.length))!.toolCalls![0]!;
    call.function.arguments = JSON.stringify({ path: '/etc/passwd' });
    await runVerified(client, { resume: buildResumeArray(client.pendingInterrupts, { 'call-delete': { status: 'resolved', payload: { approved: true } } }) });

    expect(execute.mock.calls.map(([input]) => input)).toEqual([{ path: '/notes.txt' }]);
  });

  it('refuses a new message while the stored thread waits for an interrupt the request does not answer', async () => {
    const { execute, options } = setup();
    const server = await serveAgUi(options);
    servers.push(server);
    const client = clientWith(server.url, 'Delete my notes.', 'thread-open');
    await runVerified(client);

    const response = await fetch(server.url, {
      method: 'POST',
      body: JSON.stringify({ threadId: 'thread-open', runId: 'r2', messages: [...client.messages, { id: 'u2', role: 'user', content: 'Never mind.' }], tools: [], context: [] }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('resume: the interrupt "call-delete"');
    expect(execute).not.toHaveBeenCalled();
  });

  it('keeps each user’s threads apart', async () => {
    const { options, store } = setup();
    const server = await serveAgUi({ ...options, model: scriptedModel(['Hello Ada.', 'Hello Bob.']), authorize: (request) => ({ userId: request.headers.get('x-user') ?? 'nobody' }) });
    servers.push(server);
    const ada = clientWith(server.url, 'Hi', 'same-thread');
    ada.headers = { 'x-user': 'ada' };
    const bob = clientWith(server.url, 'Hi', 'same-thread');
    bob.headers = { 'x-user': 'bob' };
    await runVerified(ada);
    await runVerified(bob);

    expect((await store.load('ada', 'same-thread'))?.snapshot.state.messages.at(-1)?.parts).toEqual([expect.objectContaining({ text: 'Hello Ada.' })]);
    expect((await store.load('bob', 'same-thread'))?.snapshot.state.messages.at(-1)?.parts).toEqual([expect.objectContaining({ text: 'Hello Bob.' })]);
  });

  it.each([
    ['from the request alone', false],
    ['with the session store', true],
  ])('gives the model the earlier turn once on the next turn, %s', async (_name, withSessions) => {
    const model = scriptedModel([[reasoning('A greeting.'), text('Hello!')], 'Fine, thanks.']);
    const store = memoryServerSessionStore();
    const server = await serveAgUi({ model, authorize: () => ({ userId: 'ada' }), ...(withSessions ? { sessions: { store } } : {}) });
    servers.push(server);
    const client = clientWith(server.url, 'Hi', 'thread-turns');
    await runVerified(client);
    client.addMessage({ id: 'second-question', role: 'user', content: 'How are you?' });
    await runVerified(client);

    const prompt = model.calls[1]!.prompt.filter((message) => message.role !== 'system');
    expect(prompt.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(prompt[1]?.content).toEqual([expect.objectContaining({ type: 'reasoning', text: 'A greeting.' }), expect.objectContaining({ type: 'text', text: 'Hello!' })]);
    expect(client.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Fine, thanks.' });
  });
});
