import { describe, expect, it, vi } from 'vitest';
import { hangingModel, pause, scriptedModel, text, toolCall } from '../../testing/index';
import { memorySessionStorage } from '../sessions/memory-session-storage';
import type { SessionStorage } from '../sessions/session-types';
import type { AgentState, Message } from '../store/state';
import { defineTool } from '../tools/define-tool';
import { createAgent } from './create-agent';
import type { Agent, AgentSessionOptions } from './agent-options';

/**
 * Issue 31, item 1: a conversation saved mid-run goes on when it is opened again. The first agent
 * plays the tab that went away: it saves mid-run, then its storage stops answering (a page that is
 * gone saves nothing more, and its model and tools never finish); the second opens the same
 * session from the same storage, as a reload does.
 */

/** The storage as the page that goes away sees it: after `gone()`, its saves never land. */
function dyingStorage(storage: SessionStorage): SessionStorage & { gone(): void } {
  let dead = false;
  return {
    ...storage,
    subscribe: undefined,
    save: (record, revision) => (dead ? new Promise<number>(() => {}) : storage.save(record, revision)),
    gone: () => {
      dead = true;
    },
  };
}

const never = () => new Promise<never>(() => {});
const textOf = (message: Message | undefined) => message?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('') ?? '';

/** Runs `start` on a first agent until `until` holds, saves, and lets that agent go silent. */
async function savedMidRun(options: Parameters<typeof createAgent>[0], until: (state: AgentState) => boolean, start: (agent: Agent) => void, storage: SessionStorage): Promise<Agent> {
  const dying = dyingStorage(storage);
  const first = createAgent({ ...options, session: { id: 'chat', storage: dying, delayMs: 0, maxDelayMs: 0 } });
  start(first);
  await vi.waitFor(() => expect(until(first.getState())).toBe(true));
  await first.session!.flush();
  dying.gone();
  return first;
}

async function reopened(options: Parameters<typeof createAgent>[0], storage: SessionStorage, session: Partial<AgentSessionOptions> = {}): Promise<Agent> {
  const agent = createAgent({ ...options, session: { id: 'chat', storage, delayMs: 0, maxDelayMs: 0, ...session } });
  await agent.session!.ready;
  return agent;
}

const idle = (agent: Agent) => vi.waitFor(() => expect(agent.getState().status).toBe('idle'));

describe("session.resume: 'auto' (the default)", () => {
  it('asks the interrupted step again: the partial reply stays, marked as cut off, and the model is sent the prompt it was sent before', async () => {
    const storage = memorySessionStorage();
    const before = hangingModel({ text: 'Half an ans' });
    const first = await savedMidRun({ model: before }, (state) => textOf(state.messages[1]) === 'Half an ans', (agent) => void agent.send('What is the answer?'), storage);
    const runId = first.getState().runId;

    const after = scriptedModel([text('The whole answer.')]);
    const second = await reopened({ model: after }, storage);
    await vi.waitFor(() => expect(second.getState().messages).toHaveLength(3));
    await idle(second);

    const [question, cut, answer] = second.getState().messages;
    expect(textOf(question)).toBe('What is the answer?');
    expect(cut).toMatchObject({ role: 'assistant', status: 'stopped', interrupted: true, runId });
    expect(textOf(cut)).toBe('Half an ans');
    expect(cut!.parts.some((part) => part.type === 'notice' && part.code === 'interrupted')).toBe(true);
    expect(answer).toMatchObject({ role: 'assistant', status: 'done', runId });
    expect(textOf(answer)).toBe('The whole answer.');
    // The same request as the one that was cut off: the partial text is not sent.
    expect(after.calls).toHaveLength(1);
    expect(after.calls[0]!.prompt).toEqual(before.calls[0]!.prompt);
    // And the next turn's prompt has the question and the whole answer only.
    const next = scriptedModel([text('Sure.')]);
    const third = await reopened({ model: next }, storage);
    await vi.waitFor(async () => expect((await storage.load('chat'))?.revision).toBeGreaterThan(0));
    await third.send('Thanks');
    expect(JSON.stringify(next.calls[0]!.prompt)).not.toContain('Half an ans');
    expect(JSON.stringify(next.calls[0]!.prompt)).toContain('The whole answer.');
  });

  it('runs a call that was running again only if its tool is idempotent; the other is sealed and the model is told', async () => {
    const storage = memorySessionStorage();
    const runs = { count: 0, lookup: 0 };
    const tools = (hang: boolean) => [
      defineTool({ name: 'count', description: 'Adds one to the counter.', inputSchema: { type: 'object', properties: {} }, execute: async () => (runs.count++, hang ? never() : runs.count) }),
      defineTool({ name: 'lookup', description: 'Reads a record.', inputSchema: { type: 'object', properties: {} }, idempotent: true, execute: async () => (runs.lookup++, hang ? never() : { record: 'ada' }) }),
    ];
    const running = (state: AgentState) => state.toolCalls.length === 2 && state.toolCalls.every((call) => call.state === 'running');
    await savedMidRun({ model: scriptedModel([[toolCall('count', {}, 'c1'), toolCall('lookup', {}, 'l1')]]), tools: tools(true) }, running, (agent) => void agent.send('Count and look up'), storage);

    const after = scriptedModel([text('Counted once, looked up.')]);
    const second = await reopened({ model: after, tools: tools(false) }, storage);
    await vi.waitFor(() => expect(textOf(second.getState().messages.at(-1))).toBe('Counted once, looked up.'));
    await idle(second);

    const [count, lookup] = second.getState().toolCalls;
    expect(count).toMatchObject({ id: 'c1', state: 'sealed' });
    expect(lookup).toMatchObject({ id: 'l1', state: 'output-available', output: { record: 'ada' } });
    expect(runs).toEqual({ count: 1, lookup: 2 });
    const results = after.calls[0]!.prompt.flatMap((message) => (message.role === 'tool' ? message.content : []));
    expect(results).toEqual([
      expect.objectContaining({ toolCallId: 'c1', output: { type: 'error-text', value: expect.stringMatching(/interrupted.*"count" was running/) } }),
      expect.objectContaining({ toolCallId: 'l1', output: { type: 'json', value: { record: 'ada' } } }),
    ]);
  });

  it('leaves an approval waiting for its person: nothing runs by itself', async () => {
    const storage = memorySessionStorage();
    const email = defineTool({ name: 'send_email', description: 'Sends an email.', inputSchema: { type: 'object', properties: {} }, needsApproval: true, execute: async () => 'sent' });
    await savedMidRun({ model: scriptedModel([toolCall('send_email', {}), text('Sent.')]), tools: [email] }, (state) => state.status === 'awaiting-people', (agent) => void agent.send('Email Ada'), storage);

    const after = scriptedModel([text('Sent.')]);
    const second = await reopened({ model: after, tools: [email] }, storage);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second.getState().status).toBe('awaiting-people');
    expect(second.getState().toolCalls[0]!.state).toBe('approval-requested');
    expect(after.calls).toHaveLength(0);
  });

  it("counts the limits over the whole run: steps taken before the reload count in the reopened page's", async () => {
    const storage = memorySessionStorage();
    const lookup = defineTool({ name: 'lookup', description: 'Reads a record.', inputSchema: { type: 'object', properties: {} }, execute: async () => 'ada' });
    // Step 1 calls a tool, step 2 streams and is cut off.
    const before = scriptedModel([toolCall('lookup', {}), [text('Half'), pause(Number.POSITIVE_INFINITY)]]);
    await savedMidRun({ model: before, tools: [lookup], limits: { maxSteps: 2 } }, (state) => state.step === 2 && textOf(state.messages.at(-1)) === 'Half', (agent) => void agent.send('Go'), storage);

    const after = scriptedModel([text('Never asked.')]);
    const second = await reopened({ model: after, tools: [lookup], limits: { maxSteps: 2 } }, storage);
    await vi.waitFor(() => expect(JSON.stringify(second.getState().messages)).toContain('limits.maxSteps'));
    await idle(second);
    expect(after.calls).toHaveLength(0);
    // The run's active time came along too: it is recorded, and only grows.
    expect(second.getState().runTime?.since).toBeNull();
    expect(second.getState().runTime!.activeMs).toBeGreaterThanOrEqual(0);
  });
});

describe('session.resume: ask and never', () => {
  async function cutOff(storage: SessionStorage) {
    await savedMidRun({ model: hangingModel({ text: 'Half' }) }, (state) => textOf(state.messages[1]) === 'Half', (agent) => void agent.send('Question'), storage);
  }

  it("'ask' waits for Continue (agent.resume()), then goes on as 'auto' would", async () => {
    const storage = memorySessionStorage();
    await cutOff(storage);
    const after = scriptedModel([text('Answer.')]);
    const second = await reopened({ model: after }, storage, { resume: 'ask' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(after.calls).toHaveLength(0);
    expect(second.getState().messages[1]).toMatchObject({ status: 'stopped', interrupted: true });
    await second.resume();
    expect(second.getState().messages.map(textOf)).toEqual(['Question', 'Half', 'Answer.']);
  });

  it("'never' seals what was in flight as before: the cut-off reply is not resumed", async () => {
    const storage = memorySessionStorage();
    await cutOff(storage);
    const after = scriptedModel([text('Answer.')]);
    const second = await reopened({ model: after }, storage, { resume: 'never' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(after.calls).toHaveLength(0);
    expect(second.getState().messages[1]).toMatchObject({ status: 'stopped' });
    expect(second.getState().messages[1]!.interrupted).toBeUndefined();
    await expect(second.resume()).rejects.toMatchObject({ code: 'nothing-to-resume' });
  });

  it('refuses a value it does not know, naming it', () => {
    expect(() => createAgent({ model: scriptedModel([]), session: { id: 'chat', storage: memorySessionStorage(), resume: 'always' as never } })).toThrow(/session\.resume.*'auto', 'ask' or 'never'.*"always"/);
  });
});
