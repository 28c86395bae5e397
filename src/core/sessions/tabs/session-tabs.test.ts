import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../agent/create-agent';
import type { Agent, AgentOptions } from '../../agent/agent-options';
import { createSandbox } from '../../sandbox/create-sandbox';
import { hangingModel, pause, scriptedModel, text, toolCall } from '../../../testing/index';
import { defineTool } from '../../tools/define-tool';
import { deferToolResult } from '../../run/execute-tool-call';
import { memorySessionStorage } from '../memory-session-storage';
import type { SessionStorage } from '../session-types';
import type { Message } from '../../store/state';
import { fakeLocks } from '../../../../test/fixtures/fake-web-locks';

/**
 * Issue 31, item 2: one conversation in several tabs. Each agent here plays a tab of one browser:
 * they share the storage (as tabs share IndexedDB), Node's BroadcastChannel (which delivers
 * between channels of one process as a browser does between tabs) and a Web Locks stand-in.
 */

let locks: ReturnType<typeof fakeLocks>;
beforeEach(() => {
  locks = fakeLocks();
  vi.stubGlobal('navigator', { locks });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const textOf = (message: Message | undefined) => message?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('') ?? '';
// Each test's tabs share a storage of their own name: a channel of an earlier test hears nothing of theirs.
let storageCount = 0;
function sharedStorage(): SessionStorage {
  storageCount += 1;
  return { ...memorySessionStorage(), tabs: `tabs-test-${storageCount}` };
}
const lockName = (storage: SessionStorage) => `react-agent-kit:tabs:${storage.tabs}:chat`;

const opened: Agent[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((agent) => agent.dispose()));
});

async function tab(storage: SessionStorage, options: Partial<AgentOptions>): Promise<Agent> {
  const agent = createAgent({ model: scriptedModel([]), ...options, session: { id: 'chat', storage, delayMs: 0, maxDelayMs: 0 } });
  opened.push(agent);
  await agent.session!.ready;
  return agent;
}

/** The part of the state that must be equal in every tab (ids, times and all). */
const shared = (agent: Agent) => {
  const { messages, toolCalls, status, runId, step, usage } = agent.getState();
  return { messages, toolCalls, status, runId, step, usage };
};

describe('one conversation in two tabs', () => {
  it('elects one leader; a reply streaming in the leader grows in the other tab, and the states end equal', async () => {
    const storage = sharedStorage();
    const a = await tab(storage, { model: scriptedModel([[text('Once '), text('upon '), pause(Number.POSITIVE_INFINITY)], [text('A time.')]]) });
    const b = await tab(storage, {});
    expect(a.session!.leader).toBe(true);
    expect(b.session!.leader).toBe(false);

    // The leader's stream waits after two chunks: the other tab shows them while the reply is still
    // streaming (how many batches a busy machine coalesces does not matter).
    const first = a.send('Tell me a story');
    await vi.waitFor(() => expect(textOf(b.getState().messages[1])).toBe('Once upon '));
    expect(a.getState().status).toBe('running');
    expect(b.getState().status).toBe('running');
    await a.stop();
    await first;
    await a.send('Go on');
    await vi.waitFor(() => expect(shared(b)).toEqual(shared(a)));
    expect(textOf(b.getState().messages[3])).toBe('A time.');
  });

  it("sends the other tab's commands to the leader: B sends, B approves and the tool runs once, in A", async () => {
    const storage = sharedStorage();
    let sent = 0;
    const email = defineTool({ name: 'send_email', description: 'Sends an email.', inputSchema: { type: 'object', properties: {} }, needsApproval: true, execute: async () => (sent += 1, 'sent') });
    const a = await tab(storage, { model: scriptedModel([toolCall('send_email', {}), text('Sent.')]), tools: [email] });
    const b = await tab(storage, { tools: [email] });

    const run = b.send('Email Ada');
    await vi.waitFor(() => expect(b.getState().status).toBe('awaiting-people'));
    expect(a.getState().status).toBe('awaiting-people');
    const callId = b.getState().toolCalls[0]!.id;
    await b.approve(callId);
    await run;
    await vi.waitFor(() => expect(shared(b)).toEqual(shared(a)));
    expect(sent).toBe(1);
    expect(textOf(b.getState().messages.at(-1))).toBe('Sent.');
    expect(b.getState().toolCalls[0]!.state).toBe('output-available');
  });

  it("stops the leader's run from the other tab, and a command's error comes back as the same error", async () => {
    const storage = sharedStorage();
    const model = hangingModel({ text: 'Thinking about' });
    const a = await tab(storage, { model });
    const b = await tab(storage, {});
    void a.send('Think');
    await vi.waitFor(() => expect(textOf(b.getState().messages[1])).toBe('Thinking about'));
    await expect(b.send('Another', { whenBusy: 'reject' })).rejects.toMatchObject({ name: 'AgentCommandError', code: 'agent-busy' });
    await b.stop();
    await vi.waitFor(() => expect(shared(b)).toEqual(shared(a)));
    expect(model.calls[0]!.abortSignal?.aborted).toBe(true);
    expect(b.getState().messages[1]!.status).toBe('stopped');
  });

  it("mirrors the workspace: a file the leader's tool writes shows in the other tab's sandbox", async () => {
    const storage = sharedStorage();
    const a = await tab(storage, { model: scriptedModel([toolCall('write_file', { path: 'notes.md', content: 'hello\n' }), text('Written.')]), sandbox: createSandbox(), permissions: { allow: ['write_file'] } });
    const sandboxB = createSandbox();
    const b = await tab(storage, { sandbox: sandboxB });
    await b.send('Write notes');
    await vi.waitFor(() => expect(shared(b)).toEqual(shared(a)));
    expect(sandboxB.readFile('/notes.md')).toBe('hello\n');
  });

  it('when the leading tab crashes mid-stream, the other takes the run over and finishes it as a reload would', async () => {
    const storage = sharedStorage();
    const a = await tab(storage, { model: hangingModel({ text: 'Half an ans' }) });
    const after = scriptedModel([text('The whole answer.')]);
    const b = await tab(storage, { model: after });
    void a.send('What is the answer?');
    await vi.waitFor(() => expect(textOf(b.getState().messages[1])).toBe('Half an ans'));
    await a.session!.flush();
    locks.crash(lockName(storage));

    await vi.waitFor(() => expect(b.session!.leader).toBe(true));
    await vi.waitFor(() => expect(textOf(b.getState().messages.at(-1))).toBe('The whole answer.'));
    await vi.waitFor(() => expect(b.getState().status).toBe('idle'));
    expect(b.getState().messages.map((message) => [message.role, message.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'stopped'],
      ['assistant', 'done'],
    ]);
    expect(after.calls).toHaveLength(1);
  });

  it('disposing the leading session lets the next agent lead, with its own model (an app replacing the agent of one conversation)', async () => {
    const storage = sharedStorage();
    const first = await tab(storage, { model: scriptedModel([text('From the first.')]) });
    await first.send('Hello');
    await first.session!.dispose();
    const after = scriptedModel([text('From the second.')]);
    const second = await tab(storage, { model: after });
    expect(second.session!.leader).toBe(true);
    await second.send('Again');
    expect(after.calls).toHaveLength(1);
    expect(textOf(second.getState().messages.at(-1))).toBe('From the second.');
  });

  it("a tool marked tab: 'sender' runs in the tab the message was sent from (with its onToolCall); others run in the leader", async () => {
    const storage = sharedStorage();
    const pick = defineTool({ name: 'pick_element', description: 'The element the person points at, in their page.', inputSchema: { type: 'object', properties: {} }, tab: 'sender' });
    const lookup = defineTool({ name: 'lookup', description: 'Looks a word up.', inputSchema: { type: 'object', properties: {} } });
    const ran: string[] = [];
    const handler = (tabName: string) => ({ name }: { name: string }) => (ran.push(`${name} in ${tabName}`), `${name} from ${tabName}`);
    const steps = [toolCall('pick_element', {}), toolCall('lookup', {}), text('Done.')];
    const a = await tab(storage, { model: scriptedModel([...steps, ...steps]), tools: [pick, lookup], onToolCall: handler('A') });
    const b = await tab(storage, { tools: [pick, lookup], onToolCall: handler('B') });

    await b.send('What am I pointing at?');
    expect(ran).toEqual(['pick_element in B', 'lookup in A']);
    await vi.waitFor(() => expect(shared(b)).toEqual(shared(a)));
    expect(b.getState().toolCalls.map((call) => call.output)).toEqual(['pick_element from B', 'lookup from A']);
    // The message says where it came from; one sent in A runs its calls in A.
    const [fromB] = a.getState().messages;
    await a.send('And now?');
    expect(ran.slice(2)).toEqual(['pick_element in A', 'lookup in A']);
    expect(a.getState().messages.at(-4)!.tab).not.toBe(fromB!.tab);
  });

  it("a sender's call that its tab defers waits for submitToolResult, which any tab may send", async () => {
    const storage = sharedStorage();
    const confirm = defineTool({ name: 'confirm_in_page', description: 'Asks the person in their page.', inputSchema: { type: 'object', properties: {} }, tab: 'sender' });
    const a = await tab(storage, { model: scriptedModel([toolCall('confirm_in_page', {}), text('Confirmed.')]), tools: [confirm], onToolCall: () => 'not here' });
    let deferredId: string | undefined;
    const b = await tab(storage, { tools: [confirm], onToolCall: ({ toolCallId }) => ((deferredId = toolCallId), deferToolResult) });
    const run = b.send('Confirm it');
    await vi.waitFor(() => expect(deferredId).toBeDefined());
    expect(a.getState().toolCalls[0]!.state).toBe('running');
    await b.submitToolResult(deferredId!, { confirmed: true });
    await run;
    expect(a.getState().toolCalls[0]!.output).toEqual({ confirmed: true });
    expect(textOf(a.getState().messages.at(-1))).toBe('Confirmed.');
  });

  it("with session.tabs false, each tab is on its own (the first to save wins)", async () => {
    const storage = sharedStorage();
    const a = createAgent({ model: scriptedModel([]), session: { id: 'chat', storage, tabs: false } });
    const b = createAgent({ model: scriptedModel([]), session: { id: 'chat', storage, tabs: false } });
    await Promise.all([a.session!.ready, b.session!.ready]);
    expect([a.session!.leader, b.session!.leader]).toEqual([true, true]);
  });
});
