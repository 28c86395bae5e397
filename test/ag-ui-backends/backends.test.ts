import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildResumeArray } from '@ag-ui/client';
import { EventType, type BaseEvent, type Interrupt, type Tool } from '@ag-ui/core';
import { Client } from '@langchain/langgraph-sdk';
import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { clientWith, finishedOf, runVerified, typesOf } from '../server/ag-ui-harness';
import { langGraphScript } from './langgraph-graph';
import { startLangGraphServer, type LangGraphAgUiServer } from './langgraph-server';
import { call, createScriptedMastraAgent, resetMastraScript, say, streamedCall, thinkThenSay } from './mastra-agent';
import { startMastraServer, type MastraAgUiServer } from './mastra-server';

/**
 * The real AG-UI backends of test/ag-ui-backends, driven by the protocol's own client
 * (`@ag-ui/client`'s `HttpAgent.runAgent`, whose pipeline enforces the event schema and runs
 * `verifyEvents`; the harness pipes each run's events through `verifyEvents` once more), with
 * scripted models and no network. This proves the backends speak valid AG-UI on their own, apart
 * from the kit's client (langgraph.test.ts and mastra.test.ts drive them with `agUiAgent`).
 *
 * What each official integration supports, offline, as these tests show (@ag-ui/mastra 1.1.2 over
 * @mastra/core 1.71; @ag-ui/langgraph 0.0.43 over @langchain/langgraph 1.7 in
 * @langchain/langgraph-api 1.5's server). Both run offline, so no third framework was needed.
 *
 * | scenario               | Mastra (@ag-ui/mastra)                         | LangGraph JS (@ag-ui/langgraph)                   |
 * |------------------------|------------------------------------------------|---------------------------------------------------|
 * | text                   | yes, as TEXT_MESSAGE_CHUNK (the client expands) | yes, TEXT_MESSAGE_START/CONTENT/END               |
 * | reasoning              | yes, REASONING_* from the model's reasoning     | yes, from a thinking/reasoning content block      |
 * | server tool            | yes (createTool): TOOL_CALL_* and its RESULT    | yes (a tool node): TOOL_CALL_* and its RESULT     |
 * | client tool round trip | yes: RunAgentInput.tools become clientTools     | yes: in the graph's state `tools`; the graph ends |
 * | interrupt and resume   | a tool's suspend() → outcome interrupt (reason  | interrupt() → outcome interrupt (reason           |
 * |                        | mastra:tool_suspend, responseSchema from its    | langgraph:interrupt, message/responseSchema from  |
 * |                        | resumeSchema); resume[] resumes the tool        | its value) and on_interrupt; resume[] resumes     |
 * | tool approval          | NO: requireApproval's tool-call-approval chunk  | as LangGraph apps do it: interrupt() whose value  |
 * |                        | is dropped; the run finishes, call unanswered   | names the call (toolCallId → Interrupt.toolCallId) |
 * | shared state           | working memory: STATE_SNAPSHOT, STATE_DELTA     | graph state: STATE_SNAPSHOT only (no deltas)      |
 * |                        | while an update streams; input.state goes back  | input.state goes back into the graph              |
 * | error mid-run          | RUN_ERROR with the model's message              | RUN_ERROR with the model's message                |
 * | stop                   | NOT by the integration (no abort signal, no-op  | the integration's abortRun() cancels the run on   |
 * |                        | teardown): mastra-server.ts passes its own      | LangGraph's server (unsubscribing alone leaves    |
 * |                        | abortSignal to Mastra's stream                  | it running); langgraph-server.ts calls it         |
 */
const location: Tool = { name: 'get_location', description: "The person's location, from the browser.", parameters: { type: 'object', properties: {}, additionalProperties: false } };
const eventsOf = <T extends BaseEvent>(events: readonly BaseEvent[], type: EventType) => events.filter((event) => event.type === type) as T[];
const textOf = (events: readonly BaseEvent[]) => eventsOf<BaseEvent & { delta: string }>(events, EventType.TEXT_MESSAGE_CONTENT).map((event) => event.delta).join('');

describe('a Mastra agent through @ag-ui/mastra, driven by HttpAgent', () => {
  const { script, agent: mastraAgent } = createScriptedMastraAgent();
  let served: MastraAgUiServer;
  beforeAll(async () => {
    served = await startMastraServer(mastraAgent);
  });
  afterAll(() => served.close());
  afterEach(() => {
    resetMastraScript(script);
    served.inputs.length = 0;
    served.events.length = 0;
    served.aborted = 0;
  });
  const client = (text: string) => clientWith(served.url, text, crypto.randomUUID());

  it('streams reasoning and text', async () => {
    script.turns = [thinkThenSay('The user greets.', 'Hello ', 'there')];
    const agent = client('Hi');
    const events = await runVerified(agent);
    expect(typesOf(events)).toEqual(expect.arrayContaining([EventType.REASONING_START, EventType.REASONING_MESSAGE_CONTENT, EventType.REASONING_END, EventType.TEXT_MESSAGE_START, EventType.TEXT_MESSAGE_END]));
    expect(eventsOf<BaseEvent & { delta: string }>(events, EventType.REASONING_MESSAGE_CONTENT).map((event) => event.delta).join('')).toBe('The user greets.');
    expect(textOf(events)).toBe('Hello there');
    expect(finishedOf(events).outcome).not.toMatchObject({ type: 'interrupt' });
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Hello there' });
  });

  it('runs its own tool on the server and answers in the same run', async () => {
    script.turns = [call('c-weather', 'weather', { city: 'Paris' }), say('Sunny in Paris.')];
    const events = await runVerified(client('Weather in Paris?'));
    expect(script.forecasts).toEqual(['Paris']);
    expect(eventsOf(events, EventType.TOOL_CALL_START)).toMatchObject([{ toolCallId: 'c-weather', toolCallName: 'weather' }]);
    expect(eventsOf(events, EventType.TOOL_CALL_RESULT)).toMatchObject([{ toolCallId: 'c-weather', content: JSON.stringify({ city: 'Paris', sky: 'sunny' }) }]);
    expect(textOf(events)).toBe('Sunny in Paris.');
    expect(script.modelCalls).toBe(2);
  });

  it('offers the client tools to the model, ends the run at their call, and reads the result the next run sends', async () => {
    script.turns = [call('c-where', 'get_location', {}), say('You are in Lyon.')];
    const agent = client('Where am I?');
    const first = await runVerified(agent, { tools: [location] });
    expect(script.offeredTools[0]).toEqual(expect.arrayContaining(['weather', 'get_location']));
    expect(eventsOf(first, EventType.TOOL_CALL_START)).toMatchObject([{ toolCallId: 'c-where', toolCallName: 'get_location' }]);
    // The client runs it: no result from the server, and the model was not called again.
    expect(eventsOf(first, EventType.TOOL_CALL_RESULT)).toEqual([]);
    expect(script.modelCalls).toBe(1);
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', toolCalls: [{ id: 'c-where', function: { name: 'get_location' } }] });

    agent.addMessage({ id: 'result-where', role: 'tool', toolCallId: 'c-where', content: JSON.stringify({ city: 'Lyon' }) });
    const second = await runVerified(agent, { tools: [location] });
    expect(served.inputs[1]!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(script.prompts[1]).toContain('Lyon');
    expect(textOf(second)).toBe('You are in Lyon.');
  });

  it("ends the run with an interrupt outcome when a tool suspends, and resumes the tool with RunAgentInput.resume", async () => {
    script.turns = [call('c-pick', 'pick_color', { purpose: 'theme' }), say('Blue it is.')];
    const agent = client('Pick a theme color with me');
    const first = await runVerified(agent);
    const outcome = finishedOf(first).outcome as { type: 'interrupt'; interrupts: Interrupt[] };
    expect(outcome).toMatchObject({ type: 'interrupt', interrupts: [{ id: expect.stringContaining('c-pick'), reason: 'mastra:tool_suspend', toolCallId: 'c-pick', responseSchema: { type: 'object', properties: { color: { enum: ['red', 'blue'] } } } }] });
    expect(agent.pendingInterrupts).toHaveLength(1);

    const [interrupt] = outcome.interrupts;
    const second = await runVerified(agent, { resume: buildResumeArray(outcome.interrupts, { [interrupt!.id]: { status: 'resolved', payload: { color: 'blue' } } }) });
    expect(eventsOf(second, EventType.TOOL_CALL_RESULT)).toMatchObject([{ toolCallId: 'c-pick', content: '{"color":"blue"}' }]);
    expect(textOf(second)).toBe('Blue it is.');
    expect(finishedOf(second).outcome).not.toMatchObject({ type: 'interrupt' });
  });

  it("does not map Mastra's tool approval (requireApproval): the run finishes, with no interrupt and the call unanswered", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    script.turns = [call('c-send', 'send_email', { to: 'ada@example.com' }), say('Sent.')];
    const events = await runVerified(client('Email Ada'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Unrecognized stream chunk type: type=tool-call-approval'));
    expect(eventsOf(events, EventType.TOOL_CALL_START)).toMatchObject([{ toolCallId: 'c-send', toolCallName: 'send_email' }]);
    expect(eventsOf(events, EventType.TOOL_CALL_RESULT)).toEqual([]);
    expect(finishedOf(events).outcome).toBeUndefined();
    expect(typesOf(events)).not.toContain(EventType.CUSTOM);
    expect(script.sent).toEqual([]);
  });

  it('shares its working memory as a state snapshot, then JSON Patch deltas as the update streams, and takes the state back from the next run', async () => {
    const memory = JSON.stringify({ city: 'Paris', unit: 'celsius' });
    script.turns = [streamedCall('c-memory', 'updateWorkingMemory', { memory }, 2), say('Noted.'), say('Still Paris.')];
    const agent = client('I live in Paris');
    const first = await runVerified(agent);
    const state = first.filter((event) => event.type === EventType.STATE_SNAPSHOT || event.type === EventType.STATE_DELTA);
    // The first piece of the streamed update is the base snapshot (a prefix, parsed as partial JSON), the next a patch
    // to it; the run's last snapshot is the memory as stored.
    expect(state[0]).toMatchObject({ type: EventType.STATE_SNAPSHOT, snapshot: { city: expect.stringMatching(/^P/) } });
    expect(state[1]).toMatchObject({ type: EventType.STATE_DELTA, delta: expect.arrayContaining([{ op: 'add', path: '/unit', value: 'celsius' }]) });
    expect(state.at(-1)).toEqual({ type: EventType.STATE_SNAPSHOT, snapshot: { city: 'Paris', unit: 'celsius' } });
    // The working-memory tool is not shown as a tool call.
    expect(eventsOf(first, EventType.TOOL_CALL_START)).toEqual([]);
    expect(agent.state).toEqual({ city: 'Paris', unit: 'celsius' });

    agent.addMessage({ id: 'user-2', role: 'user', content: 'Where do I live?' });
    await runVerified(agent);
    expect(served.inputs[1]!.state).toEqual({ city: 'Paris', unit: 'celsius' });
  });

  it("ends in RUN_ERROR with the model's message when it fails mid-run", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    script.turns = [{ throws: 'The model is overloaded.' }];
    const events = await runVerified(client('Hi'));
    expect(typesOf(events).at(-1)).toBe(EventType.RUN_ERROR);
    expect(eventsOf(events, EventType.RUN_ERROR)).toMatchObject([{ message: expect.stringContaining('The model is overloaded.') }]);
  });

  it("stops mid-stream: abortRun closes the request, and the server aborts Mastra's model call", async () => {
    script.turns = [{ open: [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Once upon' }] }];
    const agent = client('Tell me a long story');
    const seen: BaseEvent[] = [];
    const running = agent.runAgent(undefined, { onEvent: ({ event }) => void seen.push(event) });
    await vi.waitFor(() => expect(textOf(seen)).toBe('Once upon'));
    agent.abortRun();
    await running;
    await vi.waitFor(() => expect(served.aborted).toBe(1));
    expect(typesOf(seen)).not.toContain(EventType.RUN_FINISHED);
    await vi.waitFor(() => expect(script.aborted).toBe(1));
  });
});

// Each run waits for the server's queue (see waitForRun): a test of two runs gets more than the default 5 s.
describe('a LangGraph JS graph through @ag-ui/langgraph, driven by HttpAgent', { timeout: 20_000 }, () => {
  const script = langGraphScript();
  let served: LangGraphAgUiServer;
  beforeAll(async () => {
    served = await startLangGraphServer(dirname(fileURLToPath(import.meta.url)), 'langgraph-graph.ts');
  }, 30_000);
  afterAll(() => served.close());
  afterEach(() => {
    script.release();
    script.turns = [];
    script.prompts.length = 0;
    script.offeredTools.length = 0;
    script.forecasts.length = 0;
    script.sent.length = 0;
    served.inputs.length = 0;
    served.events.length = 0;
    served.aborted = 0;
  });
  // LangGraph's threads are UUIDs.
  const client = (text: string) => clientWith(served.url, text, crypto.randomUUID());
  // LangGraph's server picks a queued run up after a random pause of up to a second: wait longer than vi.waitFor's default.
  const waitForRun = { timeout: 10_000 };

  it('streams reasoning and text', async () => {
    script.turns = [{ thinking: 'The user greets.', text: ['Hello ', 'there'] }];
    const agent = client('Hi');
    const events = await runVerified(agent);
    expect(eventsOf<BaseEvent & { delta: string }>(events, EventType.REASONING_MESSAGE_CONTENT).map((event) => event.delta).join('')).toBe('The user greets.');
    expect(eventsOf(events, EventType.TEXT_MESSAGE_CONTENT)).toHaveLength(2);
    expect(textOf(events)).toBe('Hello there');
    expect(finishedOf(events).outcome).not.toMatchObject({ type: 'interrupt' });
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Hello there' });
  });

  it('runs its own tool in the graph and answers in the same run', async () => {
    script.turns = [{ call: { id: 'c-weather', name: 'weather', args: { city: 'Paris' } } }, { text: ['Sunny in Paris.'] }];
    const events = await runVerified(client('Weather in Paris?'));
    expect(script.forecasts).toEqual(['Paris']);
    expect(eventsOf(events, EventType.TOOL_CALL_START)).toMatchObject([{ toolCallId: 'c-weather', toolCallName: 'weather' }]);
    expect(eventsOf(events, EventType.TOOL_CALL_RESULT)).toMatchObject([{ toolCallId: 'c-weather', content: JSON.stringify({ city: 'Paris', sky: 'sunny' }) }]);
    expect(textOf(events)).toBe('Sunny in Paris.');
  });

  it("puts the client tools in the graph's state, ends the run at their call, and reads the result the next run sends", async () => {
    script.turns = [{ call: { id: 'c-where', name: 'get_location', args: {} } }, { text: ['You are in Lyon.'] }];
    const agent = client('Where am I?');
    const first = await runVerified(agent, { tools: [location] });
    expect(script.offeredTools[0]).toEqual(['get_location']);
    expect(eventsOf(first, EventType.TOOL_CALL_START)).toMatchObject([{ toolCallId: 'c-where', toolCallName: 'get_location' }]);
    expect(eventsOf(first, EventType.TOOL_CALL_RESULT)).toEqual([]);
    expect(script.prompts).toHaveLength(1);
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', toolCalls: [{ id: 'c-where', function: { name: 'get_location' } }] });

    agent.addMessage({ id: 'result-where', role: 'tool', toolCallId: 'c-where', content: JSON.stringify({ city: 'Lyon' }) });
    const second = await runVerified(agent, { tools: [location] });
    expect(script.prompts[1]).toContain('Lyon');
    expect(textOf(second)).toBe('You are in Lyon.');
  });

  it('ends the run with an interrupt outcome at interrupt(), and resumes the graph with RunAgentInput.resume', async () => {
    script.turns = [{ call: { id: 'c-pick', name: 'pick_color', args: { purpose: 'theme' } } }, { text: ['Blue it is.'] }];
    const agent = client('Pick a theme color with me');
    const first = await runVerified(agent);
    const outcome = finishedOf(first).outcome as { type: 'interrupt'; interrupts: Interrupt[] };
    expect(outcome).toMatchObject({ type: 'interrupt', interrupts: [{ id: expect.any(String), reason: 'langgraph:interrupt', message: 'Which color should the theme use?', responseSchema: { type: 'string', enum: ['red', 'blue'] } }] });
    // The legacy event goes too (enableLegacyOnInterruptEvent defaults to true).
    expect(eventsOf(first, EventType.CUSTOM)).toMatchObject([{ name: 'on_interrupt' }]);
    expect(agent.pendingInterrupts).toHaveLength(1);

    const [interrupt] = outcome.interrupts;
    const second = await runVerified(agent, { resume: buildResumeArray(outcome.interrupts, { [interrupt!.id]: { status: 'resolved', payload: 'blue' } }) });
    expect(eventsOf(second, EventType.TOOL_CALL_RESULT)).toMatchObject([{ toolCallId: 'c-pick', content: '{"color":"blue"}' }]);
    expect(textOf(second)).toBe('Blue it is.');
    expect(finishedOf(second).outcome).not.toMatchObject({ type: 'interrupt' });
  });

  it('asks for a tool approval with an interrupt that names the call, and runs the tool with the edited arguments the resume approves', async () => {
    script.turns = [{ call: { id: 'c-send', name: 'send_email', args: { to: 'ada@example.com' } } }, { text: ['Sent.'] }];
    const agent = client('Email Ada');
    const first = await runVerified(agent);
    const outcome = finishedOf(first).outcome as { type: 'interrupt'; interrupts: Interrupt[] };
    expect(outcome.interrupts).toMatchObject([{ reason: 'tool_approval', toolCallId: 'c-send', message: 'Send the email to ada@example.com?' }]);
    expect(script.sent).toEqual([]);

    const [interrupt] = outcome.interrupts;
    const second = await runVerified(agent, { resume: buildResumeArray(outcome.interrupts, { [interrupt!.id]: { status: 'resolved', payload: { approved: true, editedArgs: { to: 'ada@example.org' } } } }) });
    expect(script.sent).toEqual(['ada@example.org']);
    expect(eventsOf(second, EventType.TOOL_CALL_RESULT)).toMatchObject([{ toolCallId: 'c-send', content: JSON.stringify({ sent: true, to: 'ada@example.org' }) }]);
    expect(textOf(second)).toBe('Sent.');
  });

  it("shares the graph's state as state snapshots, and takes the state back from the next run", async () => {
    script.turns = [{ text: ['Noted.'], city: 'Paris' }, { text: ['Still Paris.'] }];
    const agent = client('I live in Paris');
    const first = await runVerified(agent);
    expect(eventsOf(first, EventType.STATE_SNAPSHOT).at(-1)).toMatchObject({ snapshot: { city: 'Paris' } });
    expect(eventsOf(first, EventType.STATE_DELTA)).toEqual([]);
    expect(agent.state).toMatchObject({ city: 'Paris' });

    agent.addMessage({ id: 'user-2', role: 'user', content: 'Where do I live?' });
    await runVerified(agent);
    expect(served.inputs[1]!.state).toMatchObject({ city: 'Paris' });
  });

  it("ends in RUN_ERROR with the graph's message when its model fails mid-run", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    script.turns = [{ throws: 'The model is overloaded.' }];
    const events = await runVerified(client('Hi'));
    expect(eventsOf(events, EventType.RUN_ERROR)).toMatchObject([{ message: expect.stringContaining('The model is overloaded.') }]);
    expect(typesOf(events).at(-1)).toBe(EventType.RUN_ERROR);
  });

  it("stops mid-stream: abortRun closes the request, and the server cancels the run on LangGraph's side", async () => {
    script.turns = [{ open: ['Once upon'] }];
    const agent = client('Tell me a long story');
    const seen: BaseEvent[] = [];
    const running = agent.runAgent(undefined, { onEvent: ({ event }) => void seen.push(event) });
    await vi.waitFor(() => expect(textOf(seen)).toBe('Once upon'), waitForRun);
    agent.abortRun();
    await running;
    await vi.waitFor(() => expect(served.aborted).toBe(1));
    expect(typesOf(seen)).not.toContain(EventType.RUN_FINISHED);
    const langGraph = new Client({ apiUrl: served.deploymentUrl });
    await vi.waitFor(async () => expect((await langGraph.runs.list(agent.threadId)).map((run) => run.status)).toEqual(['interrupted']), waitForRun);
  });
});
