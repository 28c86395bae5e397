import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { agUiAgent } from '../../src/ag-ui/index';
import type { Agent, AgentState } from '../../src/core/index';
import { createSandbox } from '../../src/core/sandbox/index';
import { memorySessionStorage } from '../../src/core/sessions/index';
import { langGraphScript } from './langgraph-graph';
import { startLangGraphServer, type LangGraphAgUiServer } from './langgraph-server';

/**
 * `agUiAgent` against a LangGraph JS graph (langgraph-graph.ts) run by LangGraph's own API
 * server and served over AG-UI by `@ag-ui/langgraph`, offline: the model is LangChain's
 * `FakeStreamingChatModel` playing the next scripted turn. What is asserted is what the person
 * sees in the kit and what the server received.
 */
const script = langGraphScript();
let served: LangGraphAgUiServer;
beforeAll(async () => {
  served = await startLangGraphServer(dirname(fileURLToPath(import.meta.url)), 'langgraph-graph.ts');
}, 30_000);
afterAll(() => served.close());

const agents: Agent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.dispose()));
  script.release();
  script.turns = [];
  script.prompts.length = 0;
  script.forecasts.length = 0;
  script.offeredTools.length = 0;
  script.sent.length = 0;
  served.inputs.length = 0;
  served.events.length = 0;
  served.aborted = 0;
});
// LangGraph's threads are UUIDs.
const thread = () => crypto.randomUUID();
// LangGraph's server picks a queued run up after a random pause of up to a second: wait longer than vi.waitFor's default.
const waitForRun = { timeout: 10_000 };
function client(options: Omit<Parameters<typeof agUiAgent>[0], 'url'> = {}): Agent {
  const agent = agUiAgent({ url: served.url, askUser: false, threadId: thread(), ...options });
  agents.push(agent);
  return agent;
}
const textOf = (state: AgentState) => state.messages.filter((message) => message.role === 'assistant').flatMap((message) => message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []))).join('|');

// Each run waits for the server's queue (see waitForRun): a test of two or three runs gets more than the default 5 s.
describe('agUiAgent against a LangGraph graph through @ag-ui/langgraph', { timeout: 20_000 }, () => {
  it('streams reasoning and text into the reply', async () => {
    script.turns = [{ thinking: 'The user greets.', text: ['Hello ', 'there'] }];
    const agent = client();
    expect(await agent.send('Hi')).toEqual({ status: 'idle', error: null });
    expect(agent.getState().messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(agent.getState().messages[1]!.parts).toMatchObject([
      { type: 'reasoning', text: 'The user greets.', status: 'done' },
      { type: 'text', text: 'Hello there', status: 'done' },
    ]);
    // Streamed as it came, not only in the end's snapshot.
    expect(served.events[0]!.filter((event) => String(event.type) === 'TEXT_MESSAGE_CONTENT')).toHaveLength(2);
  });

  it("shows the graph's own tool call and its result, run in its tool node, never in the browser", async () => {
    script.turns = [{ call: { id: 'c-weather', name: 'weather', args: { city: 'Paris' } } }, { text: ['Sunny in Paris.'] }];
    const agent = client();
    expect((await agent.send('Weather in Paris?')).status).toBe('idle');
    expect(script.forecasts).toEqual(['Paris']);
    expect(agent.getState().toolCalls).toMatchObject([{ id: 'c-weather', name: 'weather', state: 'output-available', input: { city: 'Paris' }, remote: { server: true } }]);
    expect(textOf(agent.getState())).toContain('Sunny in Paris.');
    expect(served.inputs).toHaveLength(1);
  });

  it('runs a browser tool the graph calls in the sandbox after an approval, and the graph reads its result in the next run', async () => {
    const sandbox = createSandbox();
    script.turns = [{ call: { id: 'c-write', name: 'write_file', args: { path: '/notes.txt', content: 'from LangGraph' } } }, { text: ['Written.'] }];
    const agent = client({ sandbox, permissions: { mode: 'ask' } });
    expect((await agent.send('Write a note')).status).toBe('awaiting-people');
    expect(served.inputs[0]!.tools.map((tool) => tool.name)).toContain('write_file');
    expect(agent.getState().toolCalls.find((entry) => entry.state === 'approval-requested')).toMatchObject({ id: 'c-write', name: 'write_file' });
    expect(sandbox.exists('/notes.txt')).toBe(false);

    expect(await agent.approve('c-write')).toEqual({ status: 'idle', error: null });
    expect(sandbox.readFile('/notes.txt')).toBe('from LangGraph');
    expect(served.inputs).toHaveLength(2);
    expect(script.prompts[1]).toContain('/notes.txt');
    expect(textOf(agent.getState())).toContain('Written.');
  });

  it('runs a browser tool whose call the model sent in one chunk: its arguments come from the run\'s MESSAGES_SNAPSHOT', async () => {
    const sandbox = createSandbox();
    script.turns = [{ call: { id: 'c-one', name: 'write_file', args: { path: '/one.txt', content: 'one chunk' }, oneChunk: true } }, { text: ['Written.'] }];
    const agent = client({ sandbox, permissions: { mode: 'ask' } });
    expect((await agent.send('Write a note')).status).toBe('awaiting-people');
    // @ag-ui/langgraph announced the call without its arguments; the snapshot has them.
    expect(served.events[0]!.some((event) => String(event.type) === 'TOOL_CALL_ARGS')).toBe(false);
    expect(agent.getState().toolCalls.find((entry) => entry.state === 'approval-requested')).toMatchObject({ id: 'c-one', input: { path: '/one.txt', content: 'one chunk' } });
    expect((await agent.approve('c-one')).status).toBe('idle');
    expect(sandbox.readFile('/one.txt')).toBe('one chunk');
  });

  it("turns the graph's interrupt() into the question picker, and resumes the graph with the answer", async () => {
    script.turns = [{ call: { id: 'c-pick', name: 'pick_color', args: { purpose: 'theme' } } }, { text: ['Blue it is.'] }];
    const agent = client();
    expect((await agent.send('Pick a theme color with me')).status).toBe('awaiting-people');
    const question = agent.getState().toolCalls.find((entry) => entry.state === 'answer-requested');
    expect(question).toMatchObject({ name: 'ask_user_question', input: { questions: [{ question: 'Which color should the theme use?', options: [{ value: 'red' }, { value: 'blue' }] }] } });

    expect(await agent.answer(question!.id, [{ values: ['blue'] }])).toEqual({ status: 'idle', error: null });
    expect(served.inputs[1]!.resume).toEqual([{ interruptId: expect.any(String), status: 'resolved', payload: 'blue' }]);
    expect(script.prompts[1]).toContain('{\\"color\\":\\"blue\\"}');
    expect(textOf(agent.getState())).toContain('Blue it is.');
  });

  it("turns the graph's approval interrupt into the approval dialog: approved with edited arguments, the graph's tool runs with them", async () => {
    script.turns = [{ call: { id: 'c-send', name: 'send_email', args: { to: 'ada@example.com' } } }, { text: ['Sent.'] }];
    const agent = client();
    expect((await agent.send('Email Ada')).status).toBe('awaiting-people');
    const approval = agent.getState().toolCalls.find((entry) => entry.state === 'approval-requested');
    // The dialog shows the call the interrupt concerns (its toolCallId), with its arguments to edit.
    expect(approval).toMatchObject({ input: { message: 'Send the email to ada@example.com?', tool: 'send_email', arguments: { to: 'ada@example.com' } }, approval: { summary: 'Send the email to ada@example.com?' } });
    expect(script.sent).toEqual([]);

    const edited = { ...(approval!.input as object), arguments: { to: 'ada@example.org' } };
    expect(await agent.approve(approval!.id, { input: edited })).toEqual({ status: 'idle', error: null });
    expect(served.inputs[1]!.resume).toEqual([{ interruptId: expect.any(String), status: 'resolved', payload: { approved: true, editedArgs: { to: 'ada@example.org' } } }]);
    expect(script.sent).toEqual(['ada@example.org']);
    expect(textOf(agent.getState())).toContain('Sent.');
  });

  it("turns the graph's approval interrupt into the approval dialog: denied with a reason, the graph's tool does not run and reads the reason", async () => {
    script.turns = [{ call: { id: 'c-send', name: 'send_email', args: { to: 'ada@example.com' } } }, { text: ['Not sent.'] }];
    const agent = client();
    expect((await agent.send('Email Ada')).status).toBe('awaiting-people');
    const approval = agent.getState().toolCalls.find((entry) => entry.state === 'approval-requested');
    expect(await agent.deny(approval!.id, { reason: 'Not today' })).toEqual({ status: 'idle', error: null });
    expect(served.inputs[1]!.resume).toMatchObject([{ status: 'resolved', payload: { approved: false, reason: 'Not today' } }]);
    expect(script.sent).toEqual([]);
    expect(script.prompts[1]).toContain('Not today');
    // The graph's tool answered the denial itself; its result carries the reason.
    expect(JSON.stringify(agent.getState().toolCalls.find((entry) => entry.id === 'c-send')?.output)).toContain('Not today');
    expect(textOf(agent.getState())).toContain('Not sent.');
  });

  it("shows the graph's state as the shared state", async () => {
    script.turns = [{ text: ['Noted.'], city: 'Paris' }, { text: ['Still Paris.'] }];
    const agent = client();
    expect((await agent.send('I live in Paris')).status).toBe('idle');
    expect(agent.getState().remote).toMatchObject({ city: 'Paris' });
    await agent.send('Where do I live?');
    expect(served.inputs[1]!.state).toMatchObject({ city: 'Paris' });
  });

  it('stops mid-stream: the request closes, the run is cancelled on LangGraph\'s server, the reply says stopped, and the thread goes on', async () => {
    script.turns = [{ open: ['Once upon'] }];
    const agent = client();
    const running = agent.send('Tell me a long story');
    await vi.waitFor(() => expect(textOf(agent.getState())).toBe('Once upon'), waitForRun);
    await agent.stop();
    expect((await running).status).toBe('idle');
    expect(agent.getState().messages[1]).toMatchObject({ status: 'stopped' });
    await vi.waitFor(() => expect(served.aborted).toBe(1));
    // The next message continues the thread, and the model reads the stopped reply as it was.
    script.turns = [{ text: ['Short one.'] }];
    expect(await agent.send('A shorter one, please')).toEqual({ status: 'idle', error: null });
    expect(script.prompts.at(-1)).toContain('Once upon');
    expect(textOf(agent.getState())).toBe('Once upon|Short one.');
  });

  it("ends in error with the graph's message when its model fails, and Retry runs again", async () => {
    script.turns = [{ throws: 'The model is overloaded.' }];
    const agent = client();
    expect(await agent.send('Hi')).toMatchObject({ status: 'error', error: { message: expect.stringContaining('The model is overloaded.'), retryable: true } });
    script.turns = [{ text: ['Back again.'] }];
    expect(await agent.retry()).toEqual({ status: 'idle', error: null });
    expect(textOf(agent.getState())).toContain('Back again.');
  });

  it('continues the same LangGraph thread after a reload from the session', async () => {
    const storage = memorySessionStorage();
    const id = thread();
    script.turns = [{ text: ['Hello Ada.'] }];
    const first = agUiAgent({ url: served.url, askUser: false, session: { id, storage } });
    await first.send('I am Ada');
    await first.dispose();

    script.turns = [{ text: ['You are Ada.'] }];
    const second = client({ session: { id, storage }, threadId: id });
    await second.session!.ready;
    expect(second.getState().messages).toHaveLength(2);
    expect((await second.send('Who am I?')).status).toBe('idle');
    expect(served.inputs.map((input) => input.threadId)).toEqual([id, id]);
    expect(script.prompts[1]).toContain('I am Ada');
    expect(script.prompts[1]).toContain('Hello Ada.');
    expect(textOf(second.getState())).toBe('Hello Ada.|You are Ada.');
  });
});
