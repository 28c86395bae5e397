import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent';
import type { ProviderMessage } from '../model/language-model';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { reduce } from '../store/reducer';
import { createInitialState, type AgentState, type TodoItem } from '../store/state';
import { readTodoList, todosFromCalls } from './todo-list';
import { todoLimits, todoWriteToolName } from './todo-rules';
import { planReminder } from '../model/plan-reminder';
import { planPrompt } from '../context/plan-prompt';
import { resolveContextOptions } from '../context/context-options';
import { messageOverhead, textTokens } from '../context/token-estimate';

const plan = (...statuses: TodoItem['status'][]): TodoItem[] =>
  statuses.map((status, index) => ({ content: ['Read the brief', 'Write the draft', 'Check the facts', 'Send it'][index]!, status }));

/** The model's request of step `index`, as it got it. */
const promptOf = (model: ReturnType<typeof scriptedModel>, index: number) => model.calls[index]!.prompt as ProviderMessage[];
const lastText = (prompt: readonly ProviderMessage[]) => {
  const last = prompt.at(-1)!;
  return last.role === 'user' && last.content[0]?.type === 'text' ? last.content[0].text : undefined;
};
const resultOf = (agent: ReturnType<typeof createAgent>, index: number) => agent.getState().toolCalls.filter((call) => call.name === todoWriteToolName)[index]!;

describe('createAgent({ todos: true })', () => {
  it('offers todo_write to the model, as a tool that changes nothing outside the plan', async () => {
    const model = scriptedModel([text('Hi.')]);
    const agent = createAgent({ model, todos: true });
    expect(agent.tools.find((tool) => tool.name === 'todo_write')).toMatchObject({ readOnly: true, category: 'plan', declaration: false });
    await agent.send('hello');
    const offered = (model.calls[0]!.tools ?? []).find((tool) => tool.name === 'todo_write') as { inputSchema: { properties: { todos: { maxItems: number } } } };
    expect(offered.inputSchema.properties.todos.maxItems).toBe(50);
    expect(agent.getState().todos).toBeUndefined();
    expect(createAgent({ model: scriptedModel([]) }).tools.some((tool) => tool.name === 'todo_write')).toBe(false);
  });

  it('keeps the plan in the state and reminds the model of it at the end of every request while it is open', async () => {
    const model = scriptedModel([
      toolCall('todo_write', { todos: plan('in_progress', 'pending', 'pending') }),
      toolCall('todo_write', { todos: plan('completed', 'in_progress', 'pending') }),
      text('Draft written.'),
    ]);
    const agent = createAgent({ model, todos: true });
    await agent.send('Write the report');

    expect(agent.getState().todos).toEqual(plan('completed', 'in_progress', 'pending'));
    // The first request had no plan yet; each later one ends with it as it stood, once.
    expect(lastText(promptOf(model, 0))).toBe('Write the report');
    expect(lastText(promptOf(model, 1))).toBe(
      '<system-reminder>\nThe plan (todo_write), 0 of 3 done:\n[>] Read the brief\n[ ] Write the draft\n[ ] Check the facts\n' +
        'Keep it current with todo_write as you work. The app adds this note; the user did not write it.\n</system-reminder>',
    );
    expect(lastText(promptOf(model, 2))).toContain('1 of 3 done:\n[x] Read the brief\n[>] Write the draft\n[ ] Check the facts');
    expect(JSON.stringify(promptOf(model, 2)).match(/system-reminder>\\nThe plan/g)).toHaveLength(1);
    // The reminder follows the tool results: the conversation before it is the same as without a plan.
    expect(promptOf(model, 2).at(-2)!.role).toBe('tool');
    expect(resultOf(agent, 1)).toMatchObject({ state: 'output-available', output: 'Plan updated: 1 of 3 done. In progress: Write the draft.' });

  });

  it('scripted models read past the note (isPlanReminder knows planReminder’s words): the script sees the user’s words and counts its steps', async () => {
    const seen: Array<[string, number]> = [];
    const model = scriptedModel(({ lastUserText, stepIndex }) => {
      seen.push([lastUserText, stepIndex]);
      if (stepIndex < 2) return toolCall('todo_write', { todos: stepIndex === 0 ? plan('in_progress', 'pending') : plan('completed', 'in_progress') });
      return text('Done.');
    });
    await createAgent({ model, todos: true }).send('Go');
    expect(seen).toEqual([['Go', 0], ['Go', 1], ['Go', 2]]);
  });

  it('tells agent.on listeners of each new plan', async () => {
    const agent = createAgent({ model: scriptedModel([toolCall('todo_write', { todos: plan('in_progress', 'pending') }), toolCall('todo_write', { todos: plan('completed', 'in_progress') }), text('ok')]), todos: true });
    const heard: string[] = [];
    agent.on('todos-update', (event) => void heard.push(event.todos.map((item) => item.status).join(',')));
    await agent.send('Go');
    expect(heard).toEqual(['in_progress,pending', 'completed,in_progress']);
  });

  it('stops reminding once every item is completed', async () => {
    const model = scriptedModel([toolCall('todo_write', { todos: plan('completed', 'completed') }), text('All done.'), text('Sure.')]);
    const agent = createAgent({ model, todos: true });
    await agent.send('Do it');
    await agent.send('Anything else?');
    expect(agent.getState().todos).toEqual(plan('completed', 'completed'));
    expect(JSON.stringify(model.calls.map((call) => call.prompt))).not.toContain('system-reminder');
  });

  it('refuses two items in progress with a result that says so, and keeps the plan as it was', async () => {
    const model = scriptedModel([
      toolCall('todo_write', { todos: plan('in_progress', 'pending') }),
      toolCall('todo_write', { todos: plan('in_progress', 'in_progress') }),
      text('Fixed.'),
    ]);
    const agent = createAgent({ model, todos: true });
    await agent.send('Go');
    expect(resultOf(agent, 1)).toMatchObject({
      state: 'output-error',
      error: 'The tool "todo_write" failed: At most one item can be in_progress, and 2 are. Keep the one you are working on in_progress and set the others to pending or completed.',
    });
    expect(agent.getState().todos).toEqual(plan('in_progress', 'pending'));
    const toolMessage = promptOf(model, 2).findLast((message) => message.role === 'tool')!;
    expect(JSON.stringify(toolMessage)).toContain('"type":"error-text","value":"The tool \\"todo_write\\" failed: At most one item can be in_progress');
  });

  it('says what is wrong with a list that breaks a limit, and accepts `text` for `content`', () => {
    expect(readTodoList({ todos: [{ text: '  Run the tests ', status: 'pending', priority: 'high', id: 't1', activeForm: 'Running the tests' }] }, todoLimits)).toEqual([
      { content: 'Run the tests', status: 'pending', id: 't1', activeForm: 'Running the tests' },
    ]);
    expect(readTodoList({ todos: [] }, todoLimits)).toEqual([]);
    expect(readTodoList({}, todoLimits)).toBe('Send the whole plan as { todos: [...] }.');
    expect(readTodoList({ todos: [{ status: 'pending' }] }, todoLimits)).toBe('todos[0] needs its content: the step, as text.');
    expect(readTodoList({ todos: [{ content: 'a', status: 'done' }] }, todoLimits)).toBe('todos[0].status must be "pending", "in_progress" or "completed".');
    expect(readTodoList({ todos: [{ content: 'x'.repeat(501), status: 'pending' }] }, todoLimits)).toBe('todos[0] is too long; keep each item under 500 characters.');
    expect(readTodoList({ todos: Array.from({ length: 51 }, () => ({ content: 'a', status: 'pending' })) }, todoLimits)).toBe(
      'The plan has 51 items; it can have at most 50. Group small steps into larger ones.',
    );
    expect(readTodoList({ todos: [{ content: 'a', status: 'pending', id: '1' }, { content: 'b', status: 'pending', id: '1' }] }, todoLimits)).toBe(
      "todos[1].id must be text of at most 100 characters, different from the other items' ids.",
    );
  });

  it('refuses arguments against the schema before anything runs (too many items, no status)', async () => {
    const model = scriptedModel([
      toolCall('todo_write', { todos: Array.from({ length: 51 }, () => ({ content: 'a', status: 'pending' })) }),
      toolCall('todo_write', { todos: [{ content: 'a' }] }),
      text('ok'),
    ]);
    const agent = createAgent({ model, todos: true });
    await agent.send('Go');
    expect(resultOf(agent, 0).state).toBe('output-error');
    expect(resultOf(agent, 0).error).toContain('$.todos: must have at most 50 items, got 51.');
    expect(resultOf(agent, 1).error).toContain('$.todos[0].status: required property is missing.');
    expect(agent.getState().todos).toBeUndefined();
  });

  it('runs without asking in every permission mode, and the deny list still refuses it', async () => {
    for (const mode of ['ask', 'read-only', 'auto'] as const) {
      const agent = createAgent({ model: scriptedModel([toolCall('todo_write', { todos: plan('in_progress') }), text('ok')]), todos: true, permissions: { mode } });
      await agent.send('Go');
      expect(agent.getState().status).toBe('idle');
      expect(agent.getState().todos).toEqual(plan('in_progress'));
    }
    const denied = createAgent({ model: scriptedModel([toolCall('todo_write', { todos: plan('pending') }), text('ok')]), todos: true, permissions: { deny: ['todo_write'] } });
    await denied.send('Go');
    expect(resultOf(denied, 0).state).toBe('output-denied');
    expect(denied.getState().todos).toBeUndefined();
  });

  it('a rollback returns the plan to what it was before the message, and removes it with the turn that wrote it', async () => {
    const model = scriptedModel([
      toolCall('todo_write', { todos: plan('in_progress', 'pending') }),
      text('Started.'),
      toolCall('todo_write', { todos: plan('completed', 'in_progress') }),
      text('Going on.'),
      text('Again.'),
    ]);
    const agent = createAgent({ model, todos: true });
    await agent.send('Start');
    await agent.send('Continue');
    expect(agent.getState().todos).toEqual(plan('completed', 'in_progress'));
    const [first, second] = agent.getState().messages.filter((message) => message.role === 'user');

    await agent.rollback(second!.id);
    expect(agent.getState().todos).toEqual(plan('in_progress', 'pending'));
    // The next request is reminded of the plan as it is now.
    await agent.send('Something else');
    expect(lastText(promptOf(model, model.calls.length - 1))).toContain('0 of 2 done:\n[>] Read the brief\n[ ] Write the draft');

    // Before the first message there was no plan.
    await agent.rollback(first!.id);
    expect(agent.getState().todos).toEqual([]);
    const log = agent.eventsSince(0).events.map((entry) => entry.event.type);
    expect(log.slice(-2)).toEqual(['messages-truncate', 'todos-update']);

    // An agent that never planned has no plan after a rollback either.
    const plain = createAgent({ model: scriptedModel([text('Hi.')]), todos: true });
    await plain.send('Hello');
    await plain.rollback(plain.getState().messages[0]!.id);
    expect(plain.getState()).not.toHaveProperty('todos');
  });
});

describe('the plan in the reducer', () => {
  it('todos-update replaces the whole list; nothing else touches it', () => {
    let state = reduce(createInitialState(), { type: 'todos-update', todos: plan('in_progress', 'pending'), toolCallId: 'c1' });
    expect(state.todos).toEqual(plan('in_progress', 'pending'));
    const before = state.todos;
    state = reduce(state, { type: 'message-add', message: { id: 'u1', role: 'user', parts: [], status: 'done', createdAt: 1 } });
    state = reduce(state, { type: 'messages-truncate', messageId: 'u1' });
    expect(state.todos).toBe(before);
    expect(reduce(state, { type: 'todos-update', todos: [] }).todos).toEqual([]);
  });

  it('todosFromCalls reads the plan back from the last successful call, checked like a new one', () => {
    const call = (id: string, input: unknown, state: 'output-available' | 'output-error'): AgentState['toolCalls'][number] => ({ id, name: 'todo_write', messageId: 'm', inputText: '', input, state, audit: [] });
    const calls = [call('c1', { todos: plan('in_progress') }, 'output-available'), call('c2', { todos: plan('completed', 'in_progress') }, 'output-available'), call('c3', { todos: plan('pending') }, 'output-error')];
    expect(todosFromCalls(calls, todoLimits)).toEqual(plan('completed', 'in_progress'));
    expect(todosFromCalls([], todoLimits)).toEqual([]);
    // A loaded conversation's call is data: a list that breaks the rules is no plan.
    expect(todosFromCalls([call('c1', { todos: plan('in_progress', 'in_progress') }, 'output-available')], todoLimits)).toEqual([]);
  });
});

describe('the plan under a context budget', () => {
  it('ends the budgeted request too, and its tokens count in the estimate', async () => {
    const model = scriptedModel([toolCall('todo_write', { todos: plan('in_progress', 'pending') }), text('Started.')]);
    const agent = createAgent({ model, todos: true, context: { maxInputTokens: 4_000 } });
    await agent.send('Start');
    expect(lastText(promptOf(model, 1))).toContain('0 of 2 done:\n[>] Read the brief\n[ ] Write the draft');

    const state = agent.getState();
    const input = { instructions: undefined, tools: [], options: resolveContextOptions({ maxInputTokens: 4_000 }), maxToolOutputChars: 20_000, ratio: 1 };
    const withPlan = planPrompt({ ...input, state });
    const { todos: _plan, ...withoutTodos } = state;
    const without = planPrompt({ ...input, state: withoutTodos });
    if (withPlan.kind !== 'send' || without.kind !== 'send') throw new Error('expected both to fit');
    expect(withPlan.estimate - without.estimate).toBe(messageOverhead + textTokens(planReminder(state.todos)!));
    expect(withPlan.prompt.slice(0, -1)).toEqual(without.prompt);
  });
});
