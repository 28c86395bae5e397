import { describe, expect, it } from 'vitest';
import { createSandbox } from '../sandbox/create-sandbox';
import { hangingModel, scriptedModel, text, toolCall } from '../../testing/index';
import { createAgent } from '../agent/create-agent';
import { isFinalToolCallState } from '../store/tool-call-states';
import { checkAgentState } from '../sessions/check-agent-state';
import { sealInterrupted } from '../sessions/seal-interrupted';
import type { Agent } from '../agent/agent-options';
import type { AgentState, ToolCall } from '../store/state';
import { defineTool, type ToolDefinition } from '../tools/define-tool';
import { defineAgentTool } from './define-agent-tool';

const lookup = defineTool({
  name: 'lookup',
  description: 'Looks a word up.',
  inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
  execute: ({ word }) => ({ word, meaning: `the meaning of ${word}` }),
});

/** Resolves when the agent's state (nested sub-agents included) satisfies `test`. */
function until(agent: Agent, test: (state: AgentState) => boolean): Promise<AgentState> {
  return new Promise((resolve) => {
    const check = () => {
      const state = agent.getState();
      if (!test(state)) return;
      unsubscribe();
      resolve(state);
    };
    const unsubscribe = agent.subscribe(check);
    check();
  });
}

const childCalls = (state: AgentState): ToolCall[] => state.toolCalls.flatMap((call) => call.subAgent?.toolCalls ?? []);
const parentPromptText = (model: ReturnType<typeof scriptedModel>, index: number) => JSON.stringify(model.calls[index]!.prompt);

describe('defineAgentTool', () => {
  it('runs a child on the task and returns its final answer as the result; the child streams into the call', async () => {
    const childModel = scriptedModel([toolCall('lookup', { word: 'ephemeral' }), text('Ephemeral means short-lived.')]);
    const helper = defineAgentTool({ name: 'helper', description: 'Researches words.', instructions: 'You look words up.', tools: [lookup], model: childModel });
    const parentModel = scriptedModel([toolCall('helper', { task: 'What does ephemeral mean?' }), text('It means short-lived.')]);
    const agent = createAgent({ model: parentModel, tools: [helper] });

    expect(await agent.send('Explain ephemeral')).toEqual({ status: 'idle', error: null });
    const call = agent.getState().toolCalls[0]!;
    expect(call).toMatchObject({ name: 'helper', state: 'output-available', output: 'Ephemeral means short-lived.' });
    // The child received its instructions and the task, not the parent's conversation.
    expect(childModel.calls[0]!.prompt).toEqual([
      { role: 'system', content: 'You look words up.' },
      { role: 'user', content: [{ type: 'text', text: 'What does ephemeral mean?' }] },
    ]);
    // The parent model receives only the answer.
    expect(parentPromptText(parentModel, 1)).toContain('Ephemeral means short-lived.');
    expect(parentPromptText(parentModel, 1)).not.toContain('the meaning of ephemeral');
    // The nested timeline: the child's messages and its tool call with its result.
    expect(call.subAgent).toMatchObject({ status: 'idle' });
    expect(call.subAgent!.toolCalls).toMatchObject([{ name: 'lookup', state: 'output-available', output: { word: 'ephemeral' } }]);
    expect(call.subAgent!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'assistant']);
    // State stays JSON and valid.
    expect(() => checkAgentState(JSON.parse(JSON.stringify(agent.getState())))).not.toThrow();
  });

  it("counts the child's usage in the conversation's totals and in the parent's limits", async () => {
    const usage = { inputTokens: 100, outputTokens: 300 };
    const childModel = scriptedModel([{ items: [toolCall('lookup', { word: 'a' })], usage }, { items: [text('done')], usage }]);
    const helper = defineAgentTool({ name: 'helper', description: 'Helps.', instructions: '', tools: [lookup], model: childModel });
    const parentModel = scriptedModel([{ items: [toolCall('helper', { task: 'go' })], usage: { inputTokens: 10, outputTokens: 10 } }, text('never sent')]);
    const agent = createAgent({ model: parentModel, tools: [helper], limits: { maxOutputTokens: 500 } });

    await agent.send('start');
    const state = agent.getState();
    // 10 of the parent + 300 of the child's first step + 300 of its second: over 500, so the run stopped.
    expect(state.usage.outputTokens).toBe(610);
    expect(state.usage.inputTokens).toBe(210);
    expect(parentModel.calls).toHaveLength(1);
    const notices = state.messages.flatMap((message) => message.parts).filter((part) => part.type === 'notice');
    expect(notices.map((notice) => notice.type === 'notice' && notice.code)).toContain('limit-max-output-tokens');
    expect(state.toolCalls.every((call) => isFinalToolCallState(call.state))).toBe(true);
  });

  it("puts the child's approvals in the parent's queue; the parent's approve decides them", async () => {
    const sandbox = createSandbox({ files: { 'notes.md': 'old\n' } });
    const childModel = scriptedModel([toolCall('write_file', { path: 'report.md', content: 'findings\n' }), text('Wrote report.md.')]);
    const helper = defineAgentTool({ name: 'writer', description: 'Writes reports.', instructions: 'Write the report.', model: childModel });
    const parentModel = scriptedModel([toolCall('writer', { task: 'Write the report' }), text('The report is written.')]);
    const agent = createAgent({ model: parentModel, sandbox, tools: [helper] });

    const run = agent.send('Report please');
    const waiting = await until(agent, (state) => childCalls(state).some((call) => call.state === 'approval-requested'));
    const pending = childCalls(waiting).find((call) => call.state === 'approval-requested')!;
    expect(pending.approval?.preview?.files[0]).toMatchObject({ path: '/report.md', change: 'create' });
    expect(sandbox.exists('report.md')).toBe(false);

    const decided = agent.approve(pending.id);
    expect(await decided).toEqual({ status: 'idle', error: null });
    expect(await run).toEqual({ status: 'idle', error: null });
    expect(sandbox.readFile('report.md')).toBe('findings\n');
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-available', output: 'Wrote report.md.' });
    const child = agent.getState().toolCalls[0]!.subAgent!.toolCalls[0]!;
    expect(child.audit.map((entry) => [entry.state, entry.by])).toContainEqual(['approval-responded', 'user']);
    // The shared workspace: the child's write belongs to the parent's turn; a rollback undoes it.
    await agent.rollback(agent.getState().messages[0]!.id);
    expect(sandbox.exists('report.md')).toBe(false);
  });

  it("a child's denial reaches the child model, and its answer the parent", async () => {
    const childModel = scriptedModel([toolCall('write_file', { path: 'x.md', content: 'x' }), text('I was not allowed to write.')]);
    const helper = defineAgentTool({ name: 'writer', description: 'Writes.', instructions: '', model: childModel });
    const agent = createAgent({ model: scriptedModel([toolCall('writer', { task: 'write x' }), text('ok')]), sandbox: createSandbox(), tools: [helper] });
    void agent.send('go');
    const waiting = await until(agent, (state) => childCalls(state).some((call) => call.state === 'approval-requested'));
    await agent.deny(childCalls(waiting)[0]!.id, { reason: 'Not now' });
    expect(JSON.stringify(childModel.calls[1]!.prompt)).toContain('Not now');
    expect(agent.getState().toolCalls[0]!.output).toBe('I was not allowed to write.');
  });

  it("a child's question is answered through the parent", async () => {
    const question = { questions: [{ question: 'Which city?', header: 'City', options: [{ label: 'Paris' }, { label: 'Tokyo' }] }] };
    const childModel = scriptedModel([toolCall('ask_user_question', question), text('You chose a city.')]);
    const helper = defineAgentTool({ name: 'asker', description: 'Asks.', instructions: '', askUser: true, model: childModel });
    const agent = createAgent({ model: scriptedModel([toolCall('asker', { task: 'ask' }), text('ok')]), tools: [helper] });
    const run = agent.send('go');
    const waiting = await until(agent, (state) => childCalls(state).some((call) => call.state === 'answer-requested'));
    await agent.answer(childCalls(waiting)[0]!.id, [{ values: ['Tokyo'] }]);
    await run;
    expect(JSON.stringify(childModel.calls[1]!.prompt)).toContain('Tokyo');
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-available', output: 'You chose a city.' });
  });

  it("runs the child's own hooks on the child's calls", async () => {
    const childModel = scriptedModel([toolCall('lookup', { word: 'raw' }), text('done')]);
    const helper = defineAgentTool({
      name: 'helper',
      description: 'Helps.',
      instructions: '',
      tools: [lookup],
      model: childModel,
      hooks: { beforeToolCall: (call) => (call.name === 'lookup' ? { action: 'rewrite', input: { word: 'rewritten' } } : undefined) },
    });
    const agent = createAgent({ model: scriptedModel([toolCall('helper', { task: 'go' }), text('ok')]), tools: [helper] });
    await agent.send('go');
    expect(agent.getState().toolCalls[0]!.subAgent!.toolCalls[0]).toMatchObject({ input: { word: 'rewritten' }, originalInput: { word: 'raw' }, output: { word: 'rewritten' } });
  });

  it("Stop during a child's tool stops both, and every call of both has its one result", async () => {
    let started: () => void = () => {};
    const began = new Promise<void>((resolve) => (started = resolve));
    const slow = defineTool({
      name: 'slow',
      description: 'Takes forever.',
      inputSchema: { type: 'object', properties: {} },
      execute: (_input, { signal }) =>
        new Promise((_resolve, reject) => {
          started();
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    });
    const childModel = scriptedModel([toolCall('slow', {}), text('never')]);
    const helper = defineAgentTool({ name: 'helper', description: 'Helps.', instructions: '', tools: [slow], model: childModel });
    const parentModel = scriptedModel([toolCall('helper', { task: 'wait' }), text('never')]);
    const agent = createAgent({ model: parentModel, tools: [helper] });

    const run = agent.send('go');
    await began;
    await agent.stop();
    expect(await run).toEqual({ status: 'idle', error: null });
    const state = await until(agent, (current) => current.toolCalls[0]?.subAgent?.status === 'idle');
    expect(state.toolCalls[0]!.state).toBe('cancelled');
    expect(state.toolCalls[0]!.subAgent!.toolCalls.map((call) => call.state)).toEqual(['cancelled']);
    expect(childModel.calls).toHaveLength(1);
    expect(parentModel.calls).toHaveLength(1);
  });

  it('limits depth: a child cannot spawn without bound', async () => {
    // A helper that always hands the task on to itself.
    const tools: ToolDefinition<never, unknown>[] = [];
    const delegate = defineAgentTool({
      name: 'delegate',
      description: 'Delegates.',
      instructions: '',
      maxDepth: 2,
      tools,
      model: scriptedModel(({ options }) => (JSON.stringify(options.prompt).includes('cannot start here') ? [text('gave up')] : [toolCall('delegate', { task: 'again' })])),
    });
    tools.push(delegate);
    const agent = createAgent({ model: scriptedModel([toolCall('delegate', { task: 'start' }), text('done')]), tools: [delegate] });
    await agent.send('go');
    const first = agent.getState().toolCalls[0]!;
    const second = first.subAgent!.toolCalls[0]!;
    expect(second.subAgent!.toolCalls[0]).toMatchObject({ state: 'output-error' });
    expect(second.subAgent!.toolCalls[0]!.error).toContain('sub-agents nest at most 2 deep');
    expect(first).toMatchObject({ state: 'output-available' });
  });

  it('a read-only workspace gives the child only the tools that read', async () => {
    const childModel = scriptedModel([text('read only')]);
    const helper = defineAgentTool({ name: 'reader', description: 'Reads.', instructions: '', sandbox: 'read-only', model: childModel });
    const agent = createAgent({ model: scriptedModel([toolCall('reader', { task: 'look' }), text('ok')]), sandbox: createSandbox(), tools: [helper] });
    await agent.send('go');
    expect(childModel.calls[0]!.tools?.map((tool) => tool.name).sort()).toEqual(['glob', 'grep', 'list_files', 'read_file']);
    expect(agent.tools.find((tool) => tool.name === 'reader')?.subAgent?.tools.map((tool) => tool.name).sort()).toEqual(['glob', 'grep', 'list_files', 'read_file']);
  });

  it('a reload seals the running sub-agent call and everything in it, so nothing stale waits', async () => {
    const childModel = scriptedModel([toolCall('write_file', { path: 'x.md', content: 'x' }), text('never')]);
    const helper = defineAgentTool({ name: 'writer', description: 'Writes.', instructions: '', model: childModel });
    const agent = createAgent({ model: scriptedModel([toolCall('writer', { task: 'write' }), text('ok')]), sandbox: createSandbox(), tools: [helper] });
    void agent.send('go');
    const waiting = await until(agent, (state) => childCalls(state).some((call) => call.state === 'approval-requested'));
    const saved = JSON.parse(JSON.stringify(waiting)) as AgentState;
    checkAgentState(saved);
    const restored = sealInterrupted(saved, Date.now());
    expect(restored.toolCalls[0]!.state).toBe('sealed');
    expect(restored.toolCalls[0]!.subAgent!.toolCalls[0]!.state).toBe('sealed');
    expect(restored.status).toBe('idle');
    await agent.stop();
  });

  it('refuses hostile sub-agent data with the path of the bad field', () => {
    const agent = createAgent({ model: hangingModel() });
    const state = agent.getState();
    const bad = {
      ...state,
      messages: [{ id: 'm1', role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 'c1' }], status: 'done', createdAt: 1 }],
      toolCalls: [{ id: 'c1', name: 'helper', messageId: 'm1', inputText: '{}', input: {}, state: 'output-available', audit: [], subAgent: { status: 'idle', messages: [], toolCalls: [{ id: 'x' }], usage: state.usage } }],
    };
    expect(() => checkAgentState(bad)).toThrow(/state\.toolCalls\[0\]\.subAgent\.toolCalls\[0\]\.name/);
    let deep: Record<string, unknown> = { status: 'idle', messages: [], toolCalls: [], usage: state.usage };
    for (let level = 0; level < 40; level++) {
      deep = { status: 'idle', messages: [{ id: 'm', role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 'c' }], status: 'done', createdAt: 1 }], toolCalls: [{ id: 'c', name: 'h', messageId: 'm', inputText: '', input: {}, state: 'output-available', audit: [], subAgent: deep }], usage: state.usage };
    }
    expect(() => checkAgentState({ ...state, ...deep })).toThrow(/nests sub-agents more than 16 deep/);
  });

  it('names what is wrong with its options', () => {
    expect(() => defineAgentTool({ name: 'bad name', description: 'x', instructions: '' })).toThrow(/name "bad name" is not valid/);
    expect(() => defineAgentTool({ name: 'a', description: '', instructions: '' })).toThrow(/description/);
    expect(() => defineAgentTool({ name: 'a', description: 'x', instructions: '', maxDepth: 0 })).toThrow(/maxDepth/);
    expect(() => defineAgentTool({ name: 'a', description: 'x', instructions: '', sandbox: 'everything' as never })).toThrow(/sandbox/);
  });

  it('fails its call with a sentence when run outside an agent', async () => {
    const helper = defineAgentTool({ name: 'a', description: 'x', instructions: '' });
    await expect(Promise.resolve(helper.execute!({ task: 't' }, { signal: new AbortController().signal, toolCallId: 'c', reportProgress: () => {} }))).rejects.toThrow(/runs only when an agent made with createAgent calls it/);
  });
});
