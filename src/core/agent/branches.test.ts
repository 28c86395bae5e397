import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { scriptedModel, stateFromEvents, text, toolCall } from '../../testing/index';
import { toUIMessages } from '../../ai-sdk/to-ui-messages';
import { createSandbox } from '../sandbox/create-sandbox';
import { memorySessionStorage } from '../sessions/memory-session-storage';
import { createSnapshot, readSnapshot } from '../sessions/snapshot-format';
import type { AgentState, Message, StoredBranch } from '../store/state';
import { createAgent } from './create-agent';
import type { Agent } from './agent-options';

/**
 * Issue 32, item 1: edits and regenerations keep what they replace as branches, each with its
 * files. The model here answers each question by writing a note of it (`/notes/<n>.md` holding the
 * question), then says "Noted.": the files of a branch are then known from its questions alone.
 */

const textOf = (message: Message | undefined) => message?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('') ?? '';
const questions = (state: AgentState) => state.messages.filter((message) => message.role === 'user').map(textOf);
const slug = (question: string) => question.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

/** Writes a note per question; "Noted." once the note is written. */
function noteTaker() {
  return scriptedModel(({ options }) => {
    const last = options.prompt.at(-1)!;
    if (last.role !== 'user') return [text('Noted.')];
    const question = (last.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join('');
    return [toolCall('write_file', { path: `/notes/${slug(question)}.md`, content: question })];
  });
}

function setup() {
  const sandbox = createSandbox();
  const model = noteTaker();
  const agent = createAgent({ model, sandbox, permissions: { allow: ['write_file'] } });
  return { agent, sandbox, model };
}

/** The notes the sandbox holds, as { path: question }. */
function notes(sandbox: ReturnType<typeof createSandbox>): Record<string, string> {
  return Object.fromEntries(sandbox.glob('/notes/*').map((path) => [path, sandbox.readFile(path)]));
}
/** The notes the active path's questions wrote. */
const expectedNotes = (agent: Agent) => Object.fromEntries(questions(agent.getState()).map((question) => [`/notes/${slug(question)}.md`, question]));
/** The questions the model was last sent. */
const lastPromptQuestions = (model: ReturnType<typeof noteTaker>) =>
  model.calls.at(-1)!.prompt.filter((message) => message.role === 'user').map((message) => (message.content as unknown as { text?: string }[]).map((part) => part.text ?? '').join(''));

describe('branches', () => {
  it('an edit keeps the old question, its answer and its files as a branch; switching brings them back, files included', async () => {
    const { agent, sandbox, model } = setup();
    await agent.send('Plan the launch');
    await agent.send('Budget it');
    const budget = agent.getState().messages.find((message) => textOf(message) === 'Budget it')!;
    expect(notes(sandbox)).toEqual({ '/notes/plan-the-launch.md': 'Plan the launch', '/notes/budget-it.md': 'Budget it' });

    await agent.editMessage(budget.id, 'Staff it');
    expect(questions(agent.getState())).toEqual(['Plan the launch', 'Staff it']);
    expect(notes(sandbox)).toEqual({ '/notes/plan-the-launch.md': 'Plan the launch', '/notes/staff-it.md': 'Staff it' });
    expect(lastPromptQuestions(model)).toEqual(['Plan the launch', 'Staff it']);
    const staff = agent.getState().messages.find((message) => textOf(message) === 'Staff it')!;
    expect(agent.branches(staff.id)).toEqual({ ids: [budget.id, staff.id], active: 1 });
    expect(agent.branches(agent.getState().messages[0]!.id)).toBeUndefined();
    await expect(agent.compareBranches(staff.id, budget.id)).resolves.toEqual({ added: ['/notes/budget-it.md'], modified: [], deleted: ['/notes/staff-it.md'] });

    await agent.switchBranch(budget.id);
    expect(questions(agent.getState())).toEqual(['Plan the launch', 'Budget it']);
    expect(textOf(agent.getState().messages.at(-1))).toBe('Noted.');
    expect(notes(sandbox)).toEqual(expectedNotes(agent));
    expect(agent.branches(budget.id)).toEqual({ ids: [budget.id, staff.id], active: 0 });
    // The next question goes on from the branch shown.
    await agent.send('Date it');
    expect(lastPromptQuestions(model)).toEqual(['Plan the launch', 'Budget it', 'Date it']);
    await agent.switchBranch(staff.id);
    expect(questions(agent.getState())).toEqual(['Plan the launch', 'Staff it']);
    expect(notes(sandbox)).toEqual(expectedNotes(agent));
    await expect(agent.switchBranch(staff.id)).rejects.toMatchObject({ code: 'unknown-message' });
  });

  it('regenerate keeps the old answer as a sibling of the new one; an earlier reply can be regenerated too', async () => {
    const sandbox = createSandbox();
    let count = 0;
    const model = scriptedModel(() => [text(`Answer ${++count}.`)]);
    const agent = createAgent({ model, sandbox });
    await agent.send('First');
    await agent.send('Second');
    const firstReply = agent.getState().messages[1]!;
    await agent.regenerate();
    expect(agent.getState().messages.map(textOf)).toEqual(['First', 'Answer 1.', 'Second', 'Answer 3.']);
    const [, , second, third] = agent.getState().messages;
    expect(agent.branches(third!.id)?.ids).toHaveLength(2);
    expect(second!.role).toBe('user');

    await agent.regenerate({ messageId: firstReply.id });
    expect(agent.getState().messages.map(textOf)).toEqual(['First', 'Answer 4.']);
    expect(agent.branches(agent.getState().messages[1]!.id)).toEqual({ ids: [firstReply.id, agent.getState().messages[1]!.id], active: 1 });
    await agent.switchBranch(firstReply.id);
    expect(agent.getState().messages.map(textOf)).toEqual(['First', 'Answer 1.', 'Second', 'Answer 3.']);
    await expect(agent.regenerate({ messageId: agent.getState().messages[0]!.id })).rejects.toMatchObject({ code: 'unknown-message' });
  });

  it('a rollback removes the branches below it and lets go of their files', async () => {
    const { agent, sandbox } = setup();
    await agent.send('One');
    await agent.send('Two');
    const two = agent.getState().messages.find((message) => textOf(message) === 'Two')!;
    await agent.editMessage(two.id, 'Deux');
    const checkpointsWithBranch = sandbox.checkpoints().length;
    await agent.rollback(agent.getState().messages[0]!.id);
    expect(agent.getState().branches).toBeUndefined();
    expect(agent.getState().messages).toEqual([]);
    expect(sandbox.checkpoints().length).toBeLessThan(checkpointsWithBranch);
    expect(sandbox.checkpoints()).toEqual([]);
  });

  it('every branch and its files survive a reload, and a snapshot (export and import)', async () => {
    const storage = memorySessionStorage();
    const session = { id: 'chat', storage, delayMs: 0, maxDelayMs: 0 };
    const first = createAgent({ model: noteTaker(), sandbox: createSandbox(), permissions: { allow: ['write_file'] }, session });
    await first.session!.ready;
    await first.send('Plan it');
    const plan = first.getState().messages[0]!;
    await first.editMessage(plan.id, 'Scope it');
    await first.session!.flush();
    await first.dispose();

    const sandbox = createSandbox();
    const second = createAgent({ model: noteTaker(), sandbox, permissions: { allow: ['write_file'] }, session });
    await second.session!.ready;
    const scope = second.getState().messages[0]!;
    expect(second.branches(scope.id)).toEqual({ ids: [plan.id, scope.id], active: 1 });
    await second.switchBranch(plan.id);
    expect(questions(second.getState())).toEqual(['Plan it']);
    expect(notes(sandbox)).toEqual({ '/notes/plan-it.md': 'Plan it' });

    // A snapshot carries the branches and their checkpoints: the imported agent switches back.
    const copy = JSON.parse(JSON.stringify(second.snapshot())) as unknown;
    const imported = createSandbox();
    const third = createAgent({ model: noteTaker(), sandbox: imported, snapshot: readSnapshot(copy) });
    await third.switchBranch(scope.id);
    expect(questions(third.getState())).toEqual(['Scope it']);
    expect(notes(imported)).toEqual({ '/notes/scope-it.md': 'Scope it' });
    expect(createSnapshot(third.getState()).version).toBe(6);
    await second.dispose();
  });

  it('takes message ids as they come: "constructor" and "__proto__" are ids like any other', async () => {
    let count = 0;
    const agent = createAgent({ model: scriptedModel(() => [text(`Take ${++count}.`)]) });
    await agent.send('Name it');
    await agent.send('Again');
    const state = agent.getState();
    const ids = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
    // A loaded conversation whose ids are the names of Object's own members.
    const renamed = createAgent({ model: scriptedModel(() => [text(`Edited ${++count}.`)]), initialState: { ...state, messages: state.messages.map((message, index) => ({ ...message, id: ids[index]! })) } });
    await renamed.editMessage('toString', 'Once more');
    const edited = renamed.getState().messages[2]!;
    for (const id of ['constructor', '__proto__']) expect(renamed.branches(id)).toBeUndefined();
    expect(renamed.branches(edited.id)).toEqual({ ids: ['toString', edited.id], active: 1 });
    // Held by the message it follows, "__proto__".
    expect(renamed.getState().messages[1]!.branches?.map((branch) => branch.messages[0]!.id)).toEqual(['toString']);
    await renamed.switchBranch('toString');
    expect(renamed.getState().messages.map(textOf)).toEqual(['Name it', 'Take 1.', 'Again', 'Take 2.']);
  });

  it('the event log replays edits, regenerations and switches; the UIMessage export is the path shown', async () => {
    const { agent } = setup();
    await agent.send('Plan the launch');
    await agent.send('Budget it');
    const budget = agent.getState().messages.find((message) => textOf(message) === 'Budget it')!;
    await agent.editMessage(budget.id, 'Staff it');
    await agent.regenerate();
    await agent.switchBranch(budget.id);
    const { events, complete } = agent.eventsSince(0);
    expect(complete).toBe(true);
    expect(events.some(({ event }) => event.type === 'branch-switch')).toBe(true);
    // The reducer alone, from the log, reaches the same tree and the same path.
    expect(stateFromEvents(events.map(({ event }) => event))).toEqual(agent.getState());

    const exported = toUIMessages(agent.getState());
    expect(exported.map((message) => message.id)).toEqual(agent.getState().messages.map((message) => message.id));
    const said = exported.filter((message) => message.role === 'user').map((message) => message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(''));
    expect(said).toEqual(['Plan the launch', 'Budget it']);
  });

  it('lists versions written in the same millisecond in the order they were written', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { agent } = setup();
      await agent.send('Plan the launch');
      const first = agent.getState().messages[0]!;
      await agent.editMessage(first.id, 'Plan the party');
      const edited = agent.getState().messages[0]!;
      expect(edited.createdAt).toBe(first.createdAt);
      expect(agent.branches(edited.id)).toEqual({ ids: [first.id, edited.id], active: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a switch costs the path, not the branches: 1,000 branches stored inside another are not even read', async () => {
    const message = (id: string, role: 'user' | 'assistant', at: number): Message => ({ id, role, status: 'done', createdAt: at, parts: [{ type: 'text', id: `${id}-text`, text: id, status: 'done' }] });
    let reads = 0;
    // 1,000 branches, each read-counted, held by a message of the branch we switch to.
    const nested: StoredBranch[] = Array.from({ length: 1000 }, (_, index) =>
      new Proxy({ messages: [message(`nested-${index}`, 'user', 100 + index)], toolCalls: [] }, { get: (target, key) => ((reads += 1), Reflect.get(target, key)) }),
    );
    const path = Array.from({ length: 20 }, (_, index) => message(`m${index}`, index % 2 === 0 ? 'user' : 'assistant', index));
    const other: StoredBranch = { messages: [message('other-10', 'user', 50), { ...message('other-11', 'assistant', 51), branches: nested }], toolCalls: [] };
    path[9] = { ...path[9]!, branches: [other] };
    const agent = createAgent({ model: scriptedModel([]), initialState: { ...createAgent({ model: scriptedModel([]) }).getState(), messages: path } });
    reads = 0;
    await agent.switchBranch('other-10');
    expect(agent.getState().messages.map((each) => each.id)).toEqual([...path.slice(0, 10).map((each) => each.id), 'other-10', 'other-11']);
    expect(agent.branches('other-10')?.ids).toEqual(['m10', 'other-10']);
    expect(reads).toBe(0);
    // And back: the 1,000 go with the branch they belong to, still unread.
    await agent.switchBranch('m10');
    expect(agent.getState().messages).toHaveLength(20);
    expect(reads).toBe(0);
  });

  it('for random edits, regenerations, switches and rollbacks, the files are always the branch\'s own and the prompt is the path shown', async () => {
    type Step = { kind: 'send' | 'edit' | 'regenerate' | 'switch' | 'rollback'; pick: number; words: string };
    const step = fc.record({ kind: fc.constantFrom<Step['kind']>('send', 'send', 'edit', 'regenerate', 'switch', 'switch', 'rollback'), pick: fc.nat(), words: fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'eps') });
    let written = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const { agent, sandbox, model } = setup();
        for (const { kind, pick, words } of steps) {
          const state = agent.getState();
          const users = state.messages.filter((message) => message.role === 'user');
          const text = `${words} ${(written += 1)}`;
          if (kind === 'send' || users.length === 0) await agent.send(text);
          else if (kind === 'edit') await agent.editMessage(users[pick % users.length]!.id, text);
          else if (kind === 'regenerate') await agent.regenerate();
          else if (kind === 'rollback') await agent.rollback(users[pick % users.length]!.id);
          else {
            const choices = state.messages.flatMap((message) => agent.branches(message.id)?.ids.filter((id) => id !== message.id) ?? []);
            if (choices.length > 0) await agent.switchBranch(choices[pick % choices.length]!);
          }
          expect(agent.getState().status).toBe('idle');
          expect(notes(sandbox)).toEqual(expectedNotes(agent));
          if (kind !== 'switch' && kind !== 'rollback' && model.calls.length > 0) expect(lastPromptQuestions(model)).toEqual(questions(agent.getState()));
        }
      }),
      { numRuns: 40, seed: 32 },
    );
  });
});
