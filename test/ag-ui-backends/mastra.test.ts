import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { agUiAgent } from '../../src/ag-ui/index';
import type { Agent, AgentState } from '../../src/core/index';
import { createSandbox } from '../../src/core/sandbox/index';
import { memorySessionStorage } from '../../src/core/sessions/index';
import { call, createScriptedMastraAgent, resetMastraScript, say, thinkThenSay } from './mastra-agent';
import { startMastraServer, type MastraAgUiServer } from './mastra-server';

/**
 * `agUiAgent` against a real Mastra agent (mastra-agent.ts) served through `@ag-ui/mastra`
 * (Mastra's agent loop, tools, suspension and working memory; the integration's own event
 * mapping), offline: the model is the AI SDK's `MockLanguageModelV3` answering each model call
 * with the next scripted turn. What is asserted is what the person sees in the kit and what the
 * server received.
 */
const { script, agent: mastraAgent } = createScriptedMastraAgent();
let served: MastraAgUiServer;
beforeAll(async () => {
  served = await startMastraServer(mastraAgent);
});
afterAll(() => served.close());

const agents: Agent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.dispose()));
  resetMastraScript(script);
  served.inputs.length = 0;
  served.events.length = 0;
});
function client(options: Omit<Parameters<typeof agUiAgent>[0], 'url'> = {}): Agent {
  const agent = agUiAgent({ url: served.url, askUser: false, ...options });
  agents.push(agent);
  return agent;
}
const textOf = (state: AgentState) => state.messages.filter((message) => message.role === 'assistant').flatMap((message) => message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []))).join('|');

describe('agUiAgent against a Mastra agent through @ag-ui/mastra', () => {
  it('streams reasoning and text into the reply', async () => {
    script.turns = [thinkThenSay('The user greets.', 'Hello ', 'there')];
    const agent = client();
    expect(await agent.send('Hi')).toEqual({ status: 'idle', error: null });
    const reply = agent.getState().messages[1]!;
    expect(reply.parts).toMatchObject([
      { type: 'reasoning', text: 'The user greets.', status: 'done' },
      { type: 'text', text: 'Hello there', status: 'done' },
    ]);
    expect(served.inputs[0]).toMatchObject({ messages: [{ role: 'user', content: 'Hi' }] });
  });

  it("shows the agent's own tool call and its result, run on the server, never in the browser", async () => {
    script.turns = [call('c-weather', 'weather', { city: 'Paris' }), say('Sunny in Paris.')];
    const agent = client();
    expect((await agent.send('Weather in Paris?')).status).toBe('idle');
    expect(script.forecasts).toEqual(['Paris']);
    expect(agent.getState().toolCalls).toMatchObject([{ id: 'c-weather', name: 'weather', state: 'output-available', input: { city: 'Paris' }, output: { city: 'Paris', sky: 'sunny' }, remote: { server: true } }]);
    expect(textOf(agent.getState())).toBe('Sunny in Paris.');
    // The run is over: no second run is asked for (it was, before the fix in run-engine-step).
    expect(served.inputs).toHaveLength(1);
    expect(script.modelCalls).toBe(2);
  });

  it('runs a browser tool the Mastra model calls in the sandbox after an approval, and the model reads its result in the next run', async () => {
    const sandbox = createSandbox();
    script.turns = [call('c-write', 'write_file', { path: '/notes.txt', content: 'from Mastra' }), say('Written.')];
    const agent = client({ sandbox, permissions: { mode: 'ask' } });
    expect((await agent.send('Write a note')).status).toBe('awaiting-people');
    expect(served.inputs[0]!.tools.map((tool) => tool.name)).toContain('write_file');
    const pending = agent.getState().toolCalls.find((entry) => entry.state === 'approval-requested');
    expect(pending).toMatchObject({ id: 'c-write', name: 'write_file', input: { path: '/notes.txt', content: 'from Mastra' } });
    expect(sandbox.exists('/notes.txt')).toBe(false);

    expect(await agent.approve('c-write')).toEqual({ status: 'idle', error: null });
    expect(sandbox.readFile('/notes.txt')).toBe('from Mastra');
    expect(served.inputs).toHaveLength(2);
    expect(served.inputs[1]!.messages).toContainEqual(expect.objectContaining({ role: 'tool', toolCallId: 'c-write' }));
    expect(script.modelCalls).toBe(2);
    expect(textOf(agent.getState())).toBe('Written.');
  });

  it("turns a Mastra tool's suspension into the question picker, and resumes the tool with the answer", async () => {
    script.turns = [call('c-pick', 'pick_color', { purpose: 'theme' }), say('Blue it is.')];
    const agent = client();
    expect((await agent.send('Pick a theme color with me')).status).toBe('awaiting-people');
    const question = agent.getState().toolCalls.find((entry) => entry.state === 'answer-requested');
    expect(question).toMatchObject({ name: 'ask_user_question', input: { questions: [{ question: 'Which color should the theme use?', options: [{ label: 'red', value: 'red' }, { label: 'blue', value: 'blue' }] }] } });

    expect(await agent.answer(question!.id, [{ values: ['blue'] }])).toEqual({ status: 'idle', error: null });
    expect(served.inputs[1]!.resume).toEqual([{ interruptId: expect.stringContaining('c-pick'), status: 'resolved', payload: { color: 'blue' } }]);
    // Mastra resumed its suspended tool with the answer, and its model read the tool's result.
    expect(served.events[1]).toContainEqual(expect.objectContaining({ type: 'TOOL_CALL_RESULT', toolCallId: 'c-pick', content: '{"color":"blue"}' }));
    expect(script.prompts[1]).toContain('blue');
    expect(agent.getState().toolCalls.find((entry) => entry.id === question!.id)).toMatchObject({ state: 'output-available' });
    expect(textOf(agent.getState())).toBe('Blue it is.');
  });

  it("shows a Mastra tool that waits for Mastra's own approval (which @ag-ui/mastra does not send) as failed, not running", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    script.turns = [call('c-send', 'send_email', { to: 'ada@example.com' }), say('Sent.')];
    const agent = client();
    expect(await agent.send('Email Ada')).toEqual({ status: 'idle', error: null });
    expect(agent.getState().toolCalls).toMatchObject([{ id: 'c-send', name: 'send_email', state: 'output-error', error: expect.stringContaining('without a result') }]);
    expect(script.sent).toEqual([]);
    expect(served.inputs).toHaveLength(1);
  });

  it("shows the agent's working memory as the shared state, and sends it back with the next run", async () => {
    script.turns = [call('c-memory', 'updateWorkingMemory', { memory: JSON.stringify({ city: 'Paris', unit: 'celsius' }) }), say('Noted.'), say('Still Paris.')];
    const agent = client();
    expect((await agent.send('I live in Paris')).status).toBe('idle');
    expect(agent.getState().remote).toEqual({ city: 'Paris', unit: 'celsius' });
    await agent.send('Where do I live?');
    expect(served.inputs[1]!.state).toEqual({ city: 'Paris', unit: 'celsius' });
  });

  it('stops mid-stream: the request closes, Mastra\'s model call is aborted, the reply says stopped, and the thread goes on', async () => {
    script.turns = [{ open: [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Once upon' }] }];
    const agent = client();
    const running = agent.send('Tell me a long story');
    await vi.waitFor(() => expect(textOf(agent.getState())).toBe('Once upon'));
    await agent.stop();
    expect((await running).status).toBe('idle');
    expect(agent.getState().messages[1]).toMatchObject({ status: 'stopped' });
    await vi.waitFor(() => expect(served.aborted).toBe(1));
    await vi.waitFor(() => expect(script.aborted).toBe(1));
    // The next message continues the thread, and the model reads the stopped reply as it was.
    script.turns = [say('Short one.')];
    expect(await agent.send('A shorter one, please')).toEqual({ status: 'idle', error: null });
    expect(script.prompts.at(-1)).toContain('Once upon');
    expect(textOf(agent.getState())).toBe('Once upon|Short one.');
  });

  it("ends in error with the model's message when it fails mid-run, and Retry runs again", async () => {
    script.turns = [{ throws: 'The model is overloaded.' }];
    const agent = client();
    const failed = await agent.send('Hi');
    expect(failed).toMatchObject({ status: 'error', error: { message: expect.stringContaining('The model is overloaded.'), retryable: true } });
    expect(agent.getState().status).toBe('error');

    script.turns = [say('Back again.')];
    expect(await agent.retry()).toEqual({ status: 'idle', error: null });
    expect(textOf(agent.getState())).toBe('Back again.');
  });

  it('continues the same Mastra thread after a reload from the session', async () => {
    const storage = memorySessionStorage();
    script.turns = [say('Hello Ada.')];
    const first = agUiAgent({ url: served.url, askUser: false, session: { id: 'chat-mastra', storage } });
    await first.send('I am Ada');
    await first.dispose();

    script.turns = [say('You are Ada.')];
    const second = client({ session: { id: 'chat-mastra', storage } });
    await second.session!.ready;
    expect(second.getState().messages).toHaveLength(2);
    expect((await second.send('Who am I?')).status).toBe('idle');
    expect(served.inputs.map((input) => input.threadId)).toEqual(['chat-mastra', 'chat-mastra']);
    expect(served.inputs[1]!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    // Mastra's model saw the earlier turn of the thread.
    expect(script.prompts[1]).toContain('I am Ada');
    expect(script.prompts[1]).toContain('Hello Ada.');
    expect(textOf(second.getState())).toBe('Hello Ada.|You are Ada.');
  });
});
