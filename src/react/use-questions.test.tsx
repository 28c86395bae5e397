// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, reduce } from '../core/index';
import { scriptedModel, text, toolCall } from '../testing/index';
import { AgentProvider } from './agent-context';
import { useQuestions, type PendingQuestion, type UseQuestionsOptions } from './use-questions';

afterEach(cleanup);

const questions = [
  { question: 'Which language?', header: 'Language', options: [{ label: 'TypeScript', value: 'ts' }, { label: 'Rust' }] },
  { question: 'Which extras?', header: 'Extras', multiSelect: true, required: false, allowFreeText: true, options: [{ label: 'Tests' }, { label: 'Docs' }] },
];

function setup(options?: UseQuestionsOptions, askUser: boolean | { allowFreeText: boolean } = true) {
  const model = scriptedModel([toolCall('ask_user_question', { questions }), text('Thanks.')]);
  const agent = createAgent({ model, askUser });
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
    const { agent, renders, pending } = setup();
    await act(() => agent.send('Start a project'));
    const before = renders.count;
    const queue = pending();
    act(() => agent.store.setState(reduce(agent.getState(), { type: 'tool-always-allow', name: 'read_file' }), true));
    expect(renders.count).toBe(before);
    expect(pending()).toBe(queue);
  });
});
