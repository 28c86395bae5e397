import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunAgentInput } from '@ag-ui/core';
import { startAgUiServer, textRun, type ScriptedAgUiServer, type ScriptedReply } from '../../test/fixtures/ag-ui-server';
import { suggestFollowUps, type Agent, type AgentState } from '../core/index';
import { memorySessionStorage } from '../core/sessions/index';
import { createSandbox } from '../core/sandbox/index';
import { agUiAgent } from './index';

let server: ScriptedAgUiServer | undefined;
const agents: Agent[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.dispose();
  await server?.close();
  server = undefined;
});

async function serve(script: (input: RunAgentInput, index: number) => ScriptedReply): Promise<ScriptedAgUiServer> {
  server = await startAgUiServer(script);
  return server;
}

function track(agent: Agent): Agent {
  agents.push(agent);
  return agent;
}

const started = (input: RunAgentInput) => ({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
const finished = (input: RunAgentInput, outcome?: unknown) => ({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId, ...(outcome ? { outcome } : {}) });
const textOf = (state: AgentState, index: number) => state.messages[index]!.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
const pendingApproval = (agent: Agent) => agent.getState().toolCalls.find((call) => call.state === 'approval-requested')!;

describe('agUiAgent', () => {
  it('has no model in the browser to ask for follow-ups: suggestFollowUps says so, and asks the endpoint nothing', async () => {
    const { url, inputs } = await serve((input) => ({ events: textRun(input, 'a1', 'Hello') }));
    const agent = track(agUiAgent({ url }));
    await agent.send('Hi');
    expect(agent.suggestFollowUps).toBeUndefined();
    await expect(suggestFollowUps(agent)).rejects.toMatchObject({ code: 'not-available', message: expect.stringContaining('(ag-ui) has no model in the browser') });
    expect(inputs).toHaveLength(1);
  });

  it('streams text and reasoning into the reply, and sends the conversation back with the ids the agent gave', async () => {
    const { url, inputs, accepts } = await serve((input, index) =>
      index === 0
        ? {
            events: [
              started(input),
              { type: 'REASONING_START', messageId: 'r1' },
              { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' },
              { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'Thinking' },
              { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
              { type: 'REASONING_END', messageId: 'r1' },
              { type: 'STEP_STARTED', stepName: 'answer' },
              { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
              { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Hello ' },
              { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'world' },
              { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
              { type: 'CUSTOM', name: 'anything', value: 1 },
              { type: 'RAW', event: { whatever: true } },
              { type: 'SOMETHING_NEW', value: 1 },
              { type: 'STEP_FINISHED', stepName: 'answer' },
              finished(input),
            ],
          }
        : { events: textRun(input, 'a2', 'Again') },
    );
    const agent = track(agUiAgent({ url, threadId: 'thread-1' }));
    expect(await agent.send('Hi')).toEqual({ status: 'idle', error: null });
    const state = agent.getState();
    expect(state.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(state.messages[1]!.parts).toMatchObject([
      { type: 'reasoning', text: 'Thinking', status: 'done', remoteId: 'r1' },
      { type: 'text', text: 'Hello world', status: 'done', remoteId: 'a1' },
    ]);
    expect(accepts[0]).toBe('text/event-stream');
    expect(inputs[0]).toMatchObject({ threadId: 'thread-1', messages: [{ id: state.messages[0]!.id, role: 'user', content: 'Hi' }], state: {}, context: [], forwardedProps: {} });
    expect(inputs[0]!.tools.map((tool) => tool.name)).toEqual(['ask_user_question']);

    await agent.send('More');
    expect(inputs[1]!.threadId).toBe('thread-1');
    expect(inputs[1]!.runId).not.toBe(inputs[0]!.runId);
    expect(inputs[1]!.messages).toEqual([
      { id: state.messages[0]!.id, role: 'user', content: 'Hi' },
      { id: 'r1', role: 'reasoning', content: 'Thinking' },
      { id: 'a1', role: 'assistant', content: 'Hello world' },
      { id: agent.getState().messages[2]!.id, role: 'user', content: 'More' },
    ]);
    expect(textOf(agent.getState(), 3)).toBe('Again');
  });

  it('shows a call of the agent\'s own tool with its result, never runs it here, and settles one left without a result', async () => {
    const { url, inputs } = await serve((input, index) =>
      index === 0
        ? {
            events: [
              started(input),
              { type: 'TOOL_CALL_START', toolCallId: 'tc1', toolCallName: 'search', parentMessageId: 'a1' },
              { type: 'TOOL_CALL_ARGS', toolCallId: 'tc1', delta: '{"query":' },
              { type: 'TOOL_CALL_ARGS', toolCallId: 'tc1', delta: '"kit"}' },
              { type: 'TOOL_CALL_END', toolCallId: 'tc1' },
              { type: 'TOOL_CALL_RESULT', messageId: 'tm1', toolCallId: 'tc1', content: '{"hits":3}', role: 'tool' },
              { type: 'TOOL_CALL_CHUNK', toolCallId: 'tc2', toolCallName: 'lookup', parentMessageId: 'a1', delta: '{}' },
              { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a1', delta: 'Found 3.' },
              finished(input),
            ],
          }
        : { events: textRun(input, 'a2', 'ok') },
    );
    const agent = track(agUiAgent({ url }));
    await agent.send('Search');
    const [search, lookup] = agent.getState().toolCalls;
    expect(search).toMatchObject({ id: 'tc1', name: 'search', state: 'output-available', input: { query: 'kit' }, output: { hits: 3 }, remote: { messageId: 'a1', server: true, resultMessageId: 'tm1' } });
    expect(search!.audit.map((entry) => entry.state)).toEqual(['input-streaming', 'running', 'output-available']);
    expect(lookup).toMatchObject({ name: 'lookup', state: 'output-error', error: 'The remote agent finished its run without a result for this call.' });
    expect(agent.getState().status).toBe('idle');
    // The agent's run is over: its own calls need nothing from here, so no second run starts.
    expect(inputs).toHaveLength(1);

    await agent.send('Next');
    expect(inputs[1]!.messages.slice(1, 3)).toEqual([
      {
        id: 'a1',
        role: 'assistant',
        content: 'Found 3.',
        toolCalls: [
          { id: 'tc1', type: 'function', function: { name: 'search', arguments: '{"query":"kit"}' } },
          { id: 'tc2', type: 'function', function: { name: 'lookup', arguments: '{}' } },
        ],
      },
      { id: 'tm1', role: 'tool', toolCallId: 'tc1', content: '{"hits":3}' },
    ]);
  });

  it('runs a client tool in the browser sandbox after an approval, and sends its result in the next run', async () => {
    const sandbox = createSandbox();
    const { url, inputs } = await serve((input, index) =>
      index === 0
        ? {
            events: [
              started(input),
              { type: 'TOOL_CALL_START', toolCallId: 'tw', toolCallName: 'write_file', parentMessageId: 'a1' },
              { type: 'TOOL_CALL_ARGS', toolCallId: 'tw', delta: JSON.stringify({ path: '/notes.txt', content: 'from the agent' }) },
              { type: 'TOOL_CALL_END', toolCallId: 'tw' },
              finished(input, { type: 'success', pendingToolCallIds: ['tw'] }),
            ],
          }
        : { events: textRun(input, 'a2', 'Written.') },
    );
    const agent = track(agUiAgent({ url, sandbox, permissions: { mode: 'ask' } }));
    expect((await agent.send('Write a note')).status).toBe('awaiting-people');
    expect(inputs[0]!.tools.map((tool) => tool.name)).toContain('write_file');
    expect(inputs[0]!.tools.find((tool) => tool.name === 'write_file')!.parameters).toMatchObject({ type: 'object' });
    const call = pendingApproval(agent);
    expect(call).toMatchObject({ id: 'tw', name: 'write_file' });
    expect(sandbox.exists('/notes.txt')).toBe(false);

    expect(await agent.approve('tw')).toEqual({ status: 'idle', error: null });
    expect(sandbox.readFile('/notes.txt')).toBe('from the agent');
    expect(agent.getState().toolCalls[0]!.audit.map((entry) => entry.state)).toEqual(['input-streaming', 'input-available', 'approval-requested', 'approval-responded', 'running', 'output-available']);
    expect(inputs).toHaveLength(2);
    const sent = inputs[1]!.messages;
    expect(sent[1]).toEqual({ id: 'a1', role: 'assistant', toolCalls: [{ id: 'tw', type: 'function', function: { name: 'write_file', arguments: JSON.stringify({ path: '/notes.txt', content: 'from the agent' }) } }] });
    expect(sent[2]).toMatchObject({ id: 'tw-result', role: 'tool', toolCallId: 'tw' });
    expect(inputs[1]!.resume).toBeUndefined();
    expect(textOf(agent.getState(), 2)).toBe('Written.');
  });

  it("takes a browser tool call's arguments from MESSAGES_SNAPSHOT when none streamed (@ag-ui/langgraph with a model that sends a call in one chunk)", async () => {
    const sandbox = createSandbox();
    const args = JSON.stringify({ path: '/notes.txt', content: 'from the snapshot' });
    const { url } = await serve((input, index) =>
      index === 0
        ? {
            events: [
              started(input),
              { type: 'TOOL_CALL_START', toolCallId: 'tw', toolCallName: 'write_file', parentMessageId: 'a1' },
              { type: 'TOOL_CALL_END', toolCallId: 'tw' },
              { type: 'MESSAGES_SNAPSHOT', messages: [...input.messages, { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'tw', type: 'function', function: { name: 'write_file', arguments: args } }] }] },
              finished(input),
            ],
          }
        : { events: textRun(input, 'a2', 'Written.') },
    );
    const agent = track(agUiAgent({ url, sandbox, permissions: { mode: 'ask' } }));
    expect((await agent.send('Write a note')).status).toBe('awaiting-people');
    expect(pendingApproval(agent)).toMatchObject({ id: 'tw', input: { path: '/notes.txt', content: 'from the snapshot' } });
    expect(await agent.approve('tw')).toEqual({ status: 'idle', error: null });
    expect(sandbox.readFile('/notes.txt')).toBe('from the snapshot');
  });

  it.each([
    ['approve with edited arguments', (agent: Agent, id: string) => agent.approve(id, { input: { message: 'Delete record 7?', tool: 'delete_record', arguments: { id: 8 } } }), { status: 'resolved', payload: { approved: true, editedArgs: { id: 8 } } }],
    ['deny with a reason', (agent: Agent, id: string) => agent.deny(id, { reason: 'Keep it' }), { status: 'resolved', payload: { approved: false, reason: 'Keep it' } }],
  ])('turns an interrupt into an approval and resumes the run: %s', async (_name, decide, entry) => {
    const { url, inputs } = await serve((input, index) =>
      index === 0
        ? {
            events: [
              started(input),
              { type: 'TOOL_CALL_START', toolCallId: 'td', toolCallName: 'delete_record', parentMessageId: 'a1' },
              { type: 'TOOL_CALL_ARGS', toolCallId: 'td', delta: '{"id":7}' },
              { type: 'TOOL_CALL_END', toolCallId: 'td' },
              finished(input, { type: 'interrupt', interrupts: [{ id: 'int-1', reason: 'tool_approval', message: 'Delete record 7?', toolCallId: 'td' }] }),
            ],
          }
        : {
            events: [started(input), { type: 'TOOL_CALL_RESULT', messageId: 'tm-d', toolCallId: 'td', content: 'deleted' }, ...textRun(input, 'a2', 'Done.').slice(1)],
          },
    );
    const agent = track(agUiAgent({ url }));
    expect((await agent.send('Delete record 7')).status).toBe('awaiting-people');
    const approval = pendingApproval(agent);
    expect(approval).toMatchObject({ name: 'remote_approval', input: { message: 'Delete record 7?', tool: 'delete_record', arguments: { id: 7 } }, approval: { summary: 'Delete record 7?' }, remote: { interruptId: 'int-1' } });
    expect(inputs[0]!.tools.map((tool) => tool.name)).not.toContain('remote_approval');
    // The agent's own call waits for the answer with it: its result comes in the run that resumes.
    expect(agent.getState().toolCalls.find((call) => call.id === 'td')).toMatchObject({ state: 'running' });

    expect((await decide(agent, approval.id)).status).toBe('idle');
    expect(inputs[1]!.resume).toEqual([{ interruptId: 'int-1', ...entry }]);
    // The interrupt's call is not a message of the conversation; the agent's own call goes back without a result it did not give.
    expect(inputs[1]!.messages.slice(1)).toEqual([{ id: 'a1', role: 'assistant', toolCalls: [{ id: 'td', type: 'function', function: { name: 'delete_record', arguments: '{"id":7}' } }] }]);
    expect(agent.getState().toolCalls.find((call) => call.id === 'td')).toMatchObject({ state: 'output-available', output: 'deleted' });
    expect(textOf(agent.getState(), 2)).toBe('Done.');
  });

  it('cancels an interrupt whose approval expired, visibly, without approving it', async () => {
    const { url, inputs } = await serve((input, index) =>
      index === 0 ? { events: [started(input), finished(input, { type: 'interrupt', interrupts: [{ id: 'int-old', reason: 'confirm', message: 'Go on?', expiresAt: new Date(Date.now() - 1000).toISOString() }] })] } : { events: textRun(input, 'a2', 'Cancelled then.') },
    );
    const agent = track(agUiAgent({ url }));
    await agent.send('Start');
    await vi.waitFor(() => expect(inputs).toHaveLength(2));
    await vi.waitFor(() => expect(agent.getState().status).toBe('idle'));
    expect(inputs[1]!.resume).toEqual([{ interruptId: 'int-old', status: 'cancelled' }]);
    expect(agent.getState().toolCalls[0]).toMatchObject({ name: 'remote_approval', state: 'output-denied' });
  });

  it('turns an interrupt that asks for input into a question, and resumes with the answer', async () => {
    const { url, inputs } = await serve((input, index) =>
      index === 0
        ? {
            events: [
              started(input),
              finished(input, {
                type: 'interrupt',
                interrupts: [
                  { id: 'q-color', reason: 'input', message: 'Which color?', responseSchema: { type: 'string', enum: ['red', 'blue'] } },
                  { id: 'q-form', reason: 'input', message: 'Details', responseSchema: { type: 'object', properties: { urgent: { type: 'boolean', title: 'Urgent' }, note: { type: 'string', description: 'A note' } }, required: ['urgent'] } },
                ],
              }),
            ],
          }
        : { events: textRun(input, 'a2', 'Thanks.') },
    );
    const agent = track(agUiAgent({ url }));
    expect((await agent.send('Paint it')).status).toBe('awaiting-people');
    const [color, form] = agent.getState().toolCalls;
    expect(color).toMatchObject({ name: 'ask_user_question', state: 'answer-requested', input: { questions: [{ question: 'Which color?', options: [{ label: 'red', value: 'red' }, { label: 'blue', value: 'blue' }] }] } });
    expect(form!.input).toMatchObject({ questions: [{ header: 'Urgent', options: [{ label: 'Yes' }, { label: 'No' }], required: true }, { question: 'A note', options: [], allowFreeText: true, required: false }] });

    expect((await agent.answer(color!.id, [{ values: ['blue'] }])).status).toBe('awaiting-people');
    expect(inputs).toHaveLength(1);
    expect((await agent.answer(form!.id, [{ values: ['true'] }, { values: [], freeText: 'before noon' }])).status).toBe('idle');
    expect(inputs[1]!.resume).toEqual([
      { interruptId: 'q-color', status: 'resolved', payload: 'blue' },
      { interruptId: 'q-form', status: 'resolved', payload: { urgent: true, note: 'before noon' } },
    ]);
  });

  it('asks a question, not an approval, when a tool waits for input its responseSchema describes (Mastra\'s tool suspension)', async () => {
    const schema = { type: 'object', properties: { color: { type: 'string', enum: ['red', 'blue'], description: 'Which color?' } }, required: ['color'] };
    const { url, inputs } = await serve((input, index) =>
      index === 0
        ? { events: [started(input), finished(input, { type: 'interrupt', interrupts: [{ id: 'run-1::c-pick', reason: 'mastra:tool_suspend', toolCallId: 'c-pick', responseSchema: schema }] })] }
        : { events: textRun(input, 'a2', 'Blue it is.') },
    );
    const agent = track(agUiAgent({ url }));
    expect((await agent.send('Pick a color')).status).toBe('awaiting-people');
    const [question] = agent.getState().toolCalls;
    expect(question).toMatchObject({ name: 'ask_user_question', state: 'answer-requested', input: { questions: [{ question: 'Which color?', options: [{ value: 'red' }, { value: 'blue' }] }] } });
    expect((await agent.answer(question!.id, [{ values: ['blue'] }])).status).toBe('idle');
    expect(inputs[1]!.resume).toEqual([{ interruptId: 'run-1::c-pick', status: 'resolved', payload: { color: 'blue' } }]);
  });

  it('keeps the agent\'s shared state from snapshots and JSON Patch deltas, and sends it back', async () => {
    const { url, inputs } = await serve((input, index) =>
      index === 0
        ? {
            events: [
              started(input),
              { type: 'STATE_SNAPSHOT', snapshot: { count: 1, items: [] } },
              { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/count', value: 2 }, { op: 'add', path: '/items/-', value: 'a' }] },
              finished(input),
            ],
          }
        : { events: textRun(input, 'a2', 'ok') },
    );
    const agent = track(agUiAgent({ url, askUser: false }));
    await agent.send('Count');
    expect(inputs[0]!.tools).toEqual([]);
    expect(agent.getState().remote).toEqual({ count: 2, items: ['a'] });
    await agent.send('Again');
    expect(inputs[1]!.state).toEqual({ count: 2, items: ['a'] });
  });

  it('ends in error with the agent\'s message on RUN_ERROR, and retry starts a new run', async () => {
    const { url, inputs } = await serve((input, index) =>
      index === 0
        ? { events: [started(input), { type: 'TEXT_MESSAGE_START', messageId: 'a1' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Par' }, { type: 'RUN_ERROR', message: 'The model is overloaded.', code: 'overloaded' }] }
        : { events: textRun(input, 'a2', 'Recovered.') },
    );
    const agent = track(agUiAgent({ url }));
    const result = await agent.send('Hi');
    expect(result.status).toBe('error');
    expect(result.error).toMatchObject({ message: 'The model is overloaded.', retryable: true });
    expect(await agent.retry()).toEqual({ status: 'idle', error: null });
    expect(inputs).toHaveLength(2);
    expect(inputs[1]!.messages.map((message) => message.role)).toEqual(['user']);
    expect(agent.getState().messages.map((message) => textOf(agent.getState(), agent.getState().messages.indexOf(message)))).toEqual(['Hi', 'Recovered.']);
  });

  it('stops mid-stream: the request is aborted (the server sees the connection close) and the state says stopped', async () => {
    const { url, closed } = await serve((input) => ({ events: [started(input), { type: 'TEXT_MESSAGE_START', messageId: 'a1' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Half' }], hang: true }));
    const agent = track(agUiAgent({ url }));
    const run = agent.send('Go');
    await vi.waitFor(() => expect(textOf(agent.getState(), 1)).toBe('Half'));
    await agent.stop();
    expect(await run).toEqual({ status: 'idle', error: null });
    await closed;
    expect(agent.getState().messages[1]!.status).toBe('stopped');
  });

  it.each([
    ['a dropped connection', [{ type: 'TEXT_MESSAGE_START', messageId: 'a1' }], 'The connection to the agent closed before the run finished (no RUN_FINISHED or RUN_ERROR).', true],
    ['an event that is not JSON', [{ raw: 'data: {"type":"TEXT_MESSAGE_START",\n\n' }], 'The agent sent an event that is not JSON: {"type":"TEXT_MESSAGE_START",', false],
    ['an event without a type', [{ raw: 'data: {"messageId":"a1"}\n\n' }], 'The agent sent an event without a type: {"messageId":"a1"}', false],
    ['a field of the wrong type', [{ type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 5 }], 'The agent sent a malformed TEXT_MESSAGE_CONTENT event: `delta` is 5.', false],
    ['content without a start', [{ type: 'TEXT_MESSAGE_CONTENT', messageId: 'a9', delta: 'x' }], 'The agent sent TEXT_MESSAGE_CONTENT for message "a9", which was not started.', false],
    ['arguments of an unknown call', [{ type: 'TOOL_CALL_ARGS', toolCallId: 'nope', delta: '{}' }], 'The agent sent TOOL_CALL_ARGS for call "nope", which was not started.', false],
    ['a messages snapshot the kit cannot read', [{ type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1' }] }] }], 'The agent sent MESSAGES_SNAPSHOT that the kit cannot read: message 0 has a tool call without a string id, name and arguments.', false],
    ['an interrupt without a reason', [{ type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'interrupt', interrupts: [{ id: 'i1', message: 'Go?' }] } }], 'The agent sent RUN_FINISHED with interrupt 0 without a string reason.', false],
    ['an event too large to buffer', [{ raw: `data: ${JSON.stringify({ type: 'CUSTOM', name: 'x', value: 'y'.repeat(3000) })}\n\n` }], 'An event of the stream is larger than 2000 characters; the run was ended so it cannot fill the memory.', false],
  ])('ends in error, never hangs, on %s', async (_name, events, message, retryable) => {
    const { url } = await serve((input) => ({ events: [started(input), ...(events as ScriptedReply['events'])] }));
    const agent = track(agUiAgent({ url, maxEventChars: 2000 }));
    const result = await agent.send('Go');
    expect(result).toMatchObject({ status: 'error', error: { message, retryable } });
  });

  it('gives up a stream that goes silent (the idle deadline), with Retry, and closes the connection', async () => {
    const { url, closed } = await serve((input) => ({ events: [started(input)], hang: true }));
    const agent = track(agUiAgent({ url, idleTimeoutMs: 50 }));
    const result = await agent.send('Go');
    expect(result).toMatchObject({ status: 'error', error: { code: 'model-stream-interrupted', retryable: true } });
    expect(result.error!.message).toContain('nothing more of the streamed answer came');
    await closed;
  });

  it('says so when the endpoint refuses or is not an event stream', async () => {
    const { url } = await serve(() => ({ events: [{ raw: 'Not allowed' }], status: 403 }));
    const agent = track(agUiAgent({ url, headers: { Authorization: 'Bearer x' } }));
    expect(await agent.send('Go')).toMatchObject({ status: 'error', error: { message: `The agent at ${url} answered 403: Not allowed`, retryable: false } });
  });

  it('continues the same thread after a reload from the session, with the shared state', async () => {
    const { url, inputs } = await serve((input, index) => ({ events: [started(input), ...(index === 0 ? [{ type: 'STATE_SNAPSHOT', snapshot: { stage: 'drafted' } }] : []), ...textRun(input, `a${index}`, `Reply ${index}`).slice(1)] }));
    const storage = memorySessionStorage();
    const first = agUiAgent({ url, session: { id: 'chat-7', storage } });
    await first.send('One');
    const userId = first.getState().messages[0]!.id;
    await first.dispose();

    const second = track(agUiAgent({ url, session: { id: 'chat-7', storage } }));
    await second.send('Two');
    expect(inputs.map((input) => input.threadId)).toEqual(['chat-7', 'chat-7']);
    expect(inputs[1]!.state).toEqual({ stage: 'drafted' });
    expect(inputs[1]!.messages.slice(0, 2)).toEqual([
      { id: userId, role: 'user', content: 'One' },
      { id: 'a0', role: 'assistant', content: 'Reply 0' },
    ]);
  });

  it('keeps an interrupt waiting across a reload, and resumes the same thread after it', async () => {
    const { url, inputs } = await serve((input, index) =>
      index === 0 ? { events: [started(input), finished(input, { type: 'interrupt', interrupts: [{ id: 'int-r', reason: 'confirm', message: 'Publish?' }] })] } : { events: textRun(input, 'a2', 'Published.') },
    );
    const storage = memorySessionStorage();
    // The first page is never disposed (a reload does not stop anything); what it would still save is not this test's.
    const first = agUiAgent({ url, session: { id: 'chat-8', storage, onError: () => {} } });
    expect((await first.send('Publish it')).status).toBe('awaiting-people');
    await first.session!.flush();
    // A reload: the page goes away without stopping anything.
    const second = track(agUiAgent({ url, session: { id: 'chat-8', storage } }));
    await second.session!.ready;
    const approval = pendingApproval(second);
    expect(approval).toMatchObject({ name: 'remote_approval', remote: { interruptId: 'int-r' } });
    expect((await second.approve(approval.id)).status).toBe('idle');
    expect(inputs[1]).toMatchObject({ threadId: 'chat-8', resume: [{ interruptId: 'int-r', status: 'resolved', payload: { approved: true } }] });
  });

  it('answers the interrupts a stop left open as cancelled in the next run, and sends attached files as content parts', async () => {
    const { url, inputs } = await serve((input, index) =>
      index === 0 ? { events: [started(input), finished(input, { type: 'interrupt', interrupts: [{ id: 'int-s', reason: 'confirm', message: 'Go on?' }] })] } : { events: textRun(input, 'a2', 'Fine.') },
    );
    const agent = track(agUiAgent({ url }));
    await agent.send('Start');
    await agent.stop();
    expect(agent.getState().toolCalls[0]).toMatchObject({ name: 'remote_approval', state: 'cancelled' });
    await agent.send('Something else', { files: [{ data: 'aGk=', mediaType: 'image/png', filename: 'dot.png' }] });
    expect(inputs[1]!.resume).toEqual([{ interruptId: 'int-s', status: 'cancelled' }]);
    expect(inputs[1]!.messages.at(-1)).toMatchObject({
      role: 'user',
      content: [
        { type: 'image', source: { type: 'data', value: 'aGk=', mimeType: 'image/png' }, metadata: { filename: 'dot.png' } },
        { type: 'text', text: 'Something else' },
      ],
    });
  });

  it('takes the conversation from MESSAGES_SNAPSHOT, keeping what it already has', async () => {
    const { url } = await serve((input) => ({
      events: [
        started(input),
        ...textRun(input, 'a1', 'Hello').slice(1, 4),
        {
          type: 'MESSAGES_SNAPSHOT',
          messages: [
            { id: 'u0', role: 'user', content: 'Earlier question' },
            { id: 'a0', role: 'assistant', content: 'Earlier answer', toolCalls: [{ id: 'c0', type: 'function', function: { name: 'search', arguments: '{}' } }] },
            { id: 'c0-r', role: 'tool', toolCallId: 'c0', content: '"found"' },
            ...input.messages,
            { id: 'a1', role: 'assistant', content: 'Hello' },
          ],
        },
        finished(input),
      ],
    }));
    const agent = track(agUiAgent({ url }));
    await agent.send('Hi');
    const { messages, toolCalls } = agent.getState();
    expect(messages.map((message) => [message.id, message.role])).toEqual([
      ['u0', 'user'],
      ['a0', 'assistant'],
      [messages[2]!.id, 'user'],
      [messages[3]!.id, 'assistant'],
    ]);
    expect(textOf(agent.getState(), 3)).toBe('Hello');
    expect(toolCalls).toMatchObject([{ id: 'c0', name: 'search', state: 'output-available', output: 'found', remote: { server: true, resultMessageId: 'c0-r' } }]);
  });
});
