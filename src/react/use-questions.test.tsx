// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, defineTool, type ToolDefinition } from '../core/index';
import { scriptedModel, text, toolCall, type Script } from '../testing/index';
import { AgentProvider } from './agent-context';
import { useQuestions, type PendingQuestion, type UseQuestionsOptions } from './use-questions';

afterEach(cleanup);

const questions = [
  { question: 'Which language?', header: 'Language', options: [{ label: 'TypeScript', value: 'ts' }, { label: 'Rust' }] },
  { question: 'Which extras?', header: 'Extras', multiSelect: true, required: false, allowFreeText: true, options: [{ label: 'Tests' }, { label: 'Docs' }] },
];

function setup(
  options?: UseQuestionsOptions,
  askUser: boolean | { allowFreeText: boolean } = true,
  { script = [toolCall('ask_user_question', { questions }), text('Thanks.')], tools = [] }: { script?: Script; tools?: ToolDefinition<never, unknown>[] } = {},
) {
  const model = scriptedModel(script);
  const agent = createAgent({ model, askUser, tools });
  let latest: PendingQuestion[] = [];
  const renders = { count: 0 };
  function Probe() {
    renders.count += 1;
    latest = useQuestions(options);
    return null;
  }
  render(
    <AgentProvider agent={agent}>
      <Probe />
    </AgentProvider>,
  );
  return { agent, renders, pending: () => latest };
}

describe('useQuestions', () => {
  it('takes the free-text default from the agent, and a prop overrides it', async () => {
    const fromAgent = setup(undefined, { allowFreeText: true });
    await act(() => fromAgent.agent.send('Start a project'));
    expect(fromAgent.pending()[0]!.allowFreeText).toBe(true);
    expect(fromAgent.pending()[0]!.questions[0]!.allowFreeText).toBe(true);
    cleanup();
    const overridden = setup({ allowFreeText: false }, { allowFreeText: true });
    await act(() => overridden.agent.send('Start a project'));
    expect(overridden.pending()[0]!.questions[0]!.allowFreeText).toBe(false);
  });

  it('resolves the questions’ defaults', async () => {
    const { agent, pending } = setup();
    await act(() => agent.send('Start a project'));
    const [question] = pending();
    expect(question!.allowFreeText).toBe(false);
    expect(question!.questions.map(({ multiSelect, required, allowFreeText }) => ({ multiSelect, required, allowFreeText }))).toEqual([
      { multiSelect: false, required: true, allowFreeText: false },
      { multiSelect: true, required: false, allowFreeText: true },
    ]);
  });

  it('takes the free-text default the agent was created with', async () => {
    const { agent, pending } = setup({ allowFreeText: true });
    await act(() => agent.send('Start a project'));
    expect(pending()[0]!.questions[0]!.allowFreeText).toBe(true);
  });

  it('answers, and the model receives the answer', async () => {
    const { agent, pending } = setup();
    await act(() => agent.send('Start a project'));
    await expect(pending()[0]!.answer([{ values: [] }, { values: [] }])).rejects.toMatchObject({ code: 'invalid-answer' });
    await act(() => pending()[0]!.answer([{ values: ['ts'] }, { values: ['Docs'], freeText: 'CI too' }]));
    expect(pending()).toEqual([]);
    expect(agent.getState().toolCalls[0]!.output).toMatchObject({ status: 'answered', answers: [{ labels: ['TypeScript'] }, { values: ['Docs'], freeText: 'CI too' }] });
    expect(agent.getState().status).toBe('idle');
  });

  it('cancels with a note', async () => {
    const { agent, pending } = setup();
    await act(() => agent.send('Start a project'));
    await act(() => pending()[0]!.cancel('Not now'));
    expect(pending()).toEqual([]);
    expect(agent.getState().toolCalls[0]!.output).toMatchObject({ status: 'cancelled', message: expect.stringContaining('Not now') });
  });

  it('does not re-render for changes outside the queue', async () => {
    // The step also asks to read a file; approving it "always" for read_file, and its run, change only other state.
    const readFile = defineTool({ name: 'read_file', description: 'Reads a file.', inputSchema: { type: 'object' }, needsApproval: true, execute: () => 'contents' });
    const script = [[toolCall('ask_user_question', { questions }), toolCall('read_file', { path: '/a.txt' })], text('Thanks.')];
    const { agent, renders, pending } = setup(undefined, true, { script, tools: [readFile] });
    await act(() => agent.send('Start a project'));
    const before = renders.count;
    const queue = pending();
    const read = agent.getState().toolCalls.find((call) => call.name === 'read_file')!;
    await act(() => agent.approve(read.id, { always: true }));
    expect(agent.getState().alwaysAllowed).toEqual(['read_file']);
    expect(agent.getState().toolCalls.find((call) => call.id === read.id)!.state).toBe('output-available');
    expect(renders.count).toBe(before);
    expect(pending()).toBe(queue);
  });
});
