/**
 * Contract: the built-in `ask_user_question` tool pauses the run until a person answers or
 * cancels. The model receives `{ status: 'answered', answers: [{ question, header, values,
 * labels, freeText? }] }` or `{ status: 'cancelled', message }`. Answers that do not fit the
 * questions are refused with `invalid-answer` and change nothing; answering a call that is not
 * waiting is refused with `not-pending`.
 */
import { describe, expect, it, vi } from 'vitest';
import { AgentCommandError, createAgent, defineTool } from '../../src/core/index';
import type { AgentOptions, Question, QuestionAnswer } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, expectValidToolHistory, lastRequest, resultFor } from './helpers';

const language: Question = {
  question: 'Which language should the project use?',
  header: 'Language',
  options: [
    { label: 'TypeScript', value: 'ts', description: 'Typed JavaScript.' },
    { label: 'Python', value: 'py' },
    { label: 'Go' },
  ],
};

const features: Question = {
  question: 'Which features do you want?',
  header: 'Features',
  multiSelect: true,
  options: [
    { label: 'Authentication', value: 'auth' },
    { label: 'Payments', value: 'payments' },
    { label: 'Search', value: 'search' },
  ],
};

async function ask(questions: Question[], askUser: AgentOptions['askUser'] = true) {
  const model = scriptedModel([toolCall('ask_user_question', { questions }, 'q-1'), text('Thanks, noted.'), text('More.')]);
  const agent = createAgent({ model, askUser });
  const result = await agent.send('start a project');
  return { agent, model, result };
}

describe('question payloads', () => {
  it('pauses the run with the call waiting for an answer', async () => {
    const { agent, model, result } = await ask([language]);
    expect(result).toEqual({ status: 'awaiting-people', error: null });
    expect(agent.getState().status).toBe('awaiting-people');
    const call = callNamed(agent.getState(), 'q-1');
    expect(call.state).toBe('answer-requested');
    expect(call.input).toEqual({ questions: [language] });
    expect(model.calls).toHaveLength(1);
  });

  it('gives the model the answer with the question, header, values and labels', async () => {
    const { agent, model } = await ask([language]);
    const result = await agent.answer('q-1', [{ values: ['ts'] }]);
    expect(result).toEqual({ status: 'idle', error: null });
    expect(model.calls).toHaveLength(2);
    expect(resultFor(lastRequest(model), 'q-1')).toEqual({
      type: 'json',
      value: {
        status: 'answered',
        answers: [{ question: 'Which language should the project use?', header: 'Language', values: ['ts'], labels: ['TypeScript'] }],
      },
    });
    expect(callNamed(agent.getState(), 'q-1').audit.at(-1)).toMatchObject({ by: 'user' });
    expectValidToolHistory(lastRequest(model));
  });

  it('uses the label as the value of an option without one', async () => {
    const { agent, model } = await ask([language]);
    await agent.answer('q-1', [{ values: ['Go'] }]);
    const value = resultFor(lastRequest(model), 'q-1').value as { answers: Array<{ values: string[]; labels: string[] }> };
    expect(value.answers[0]).toMatchObject({ values: ['Go'], labels: ['Go'] });
  });

  it('answers several questions in order, with several values for a multi-select one', async () => {
    const { agent, model } = await ask([language, features]);
    await agent.answer('q-1', [{ values: ['py'] }, { values: ['search', 'auth'] }]);
    expect(resultFor(lastRequest(model), 'q-1').value).toEqual({
      status: 'answered',
      answers: [
        { question: language.question, header: 'Language', values: ['py'], labels: ['Python'] },
        { question: features.question, header: 'Features', values: ['search', 'auth'], labels: ['Search', 'Authentication'] },
      ],
    });
  });

  it('includes free text when the agent allows it', async () => {
    const { agent, model } = await ask([language], { allowFreeText: true });
    await agent.answer('q-1', [{ values: [], freeText: 'Rust, please' }]);
    expect(resultFor(lastRequest(model), 'q-1').value).toEqual({
      status: 'answered',
      answers: [{ question: language.question, header: 'Language', values: [], labels: [], freeText: 'Rust, please' }],
    });
  });

  it('includes free text when the question itself allows it', async () => {
    const { agent, model } = await ask([{ ...language, allowFreeText: true }]);
    await agent.answer('q-1', [{ values: ['ts'], freeText: 'strict mode' }]);
    const value = resultFor(lastRequest(model), 'q-1').value as { answers: Array<{ freeText?: string }> };
    expect(value.answers[0]!.freeText).toBe('strict mode');
  });

  it('accepts no choice for a question that is not required', async () => {
    const { agent, model } = await ask([language, { ...features, required: false }]);
    await agent.answer('q-1', [{ values: ['ts'] }, { values: [] }]);
    const value = resultFor(lastRequest(model), 'q-1').value as { answers: Array<{ values: string[] }> };
    expect(value.answers.map((answer) => answer.values)).toEqual([['ts'], []]);
  });

  it('gives the model { status: "cancelled", message } when the person cancels', async () => {
    const { agent, model } = await ask([language]);
    const result = await agent.cancelQuestion('q-1', 'I will decide later');
    expect(result).toEqual({ status: 'idle', error: null });
    const output = resultFor(lastRequest(model), 'q-1');
    expect(output.type).toBe('json');
    const value = output.value as { status: string; message: string };
    expect(Object.keys(value).sort()).toEqual(['message', 'status']);
    expect(value.status).toBe('cancelled');
    expect(value.message).toContain('I will decide later');
  });

  it('gives a cancelled result with a message when the person cancels without a note', async () => {
    const { agent, model } = await ask([language]);
    await agent.cancelQuestion('q-1');
    const value = resultFor(lastRequest(model), 'q-1').value as { status: string; message: unknown };
    expect(value.status).toBe('cancelled');
    expect(typeof value.message).toBe('string');
    expect((value.message as string).length).toBeGreaterThan(0);
  });

  describe('invalid answers are refused and change nothing', () => {
    const cases: Array<[string, Question[], AgentOptions['askUser'], unknown]> = [
      ['an unknown option value', [language], true, [{ values: ['java'] }]],
      ['a label where the value differs', [language], true, [{ values: ['TypeScript'] }]],
      ['no choice for a required question', [language], true, [{ values: [] }]],
      ['free text when it is not allowed', [language], true, [{ values: ['ts'], freeText: 'and Rust' }]],
      ['free text only, when it is not allowed', [language], true, [{ values: [], freeText: 'Rust' }]],
      ['too few answers', [language, features], true, [{ values: ['ts'] }]],
      ['too many answers', [language], true, [{ values: ['ts'] }, { values: ['py'] }]],
      ['no answers at all', [language], true, []],
      ['two values for a single-select question', [language], true, [{ values: ['ts', 'py'] }]],
      ['an answer that is not an object', [language], true, ['ts']],
      ['values that are not a list', [language], true, [{ values: 'ts' }]],
      ['blank free text for a required question', [language], { allowFreeText: true }, [{ values: [], freeText: '   ' }]],
    ];
    it.each(cases)('%s', async (_case, questions, askUser, answers) => {
      const { agent, model } = await ask(questions, askUser);
      const before = agent.getState();
      const attempt = agent.answer('q-1', answers as QuestionAnswer[]);
      await expect(attempt).rejects.toBeInstanceOf(AgentCommandError);
      await expect(attempt).rejects.toMatchObject({ code: 'invalid-answer' });
      expect(agent.getState()).toEqual(before);
      expect(callNamed(agent.getState(), 'q-1').state).toBe('answer-requested');
      expect(model.calls).toHaveLength(1);
    });
  });

  it('refuses to answer or cancel a question that is no longer waiting', async () => {
    const { agent, model } = await ask([language]);
    await agent.answer('q-1', [{ values: ['ts'] }]);
    const before = agent.getState();
    await expect(agent.answer('q-1', [{ values: ['py'] }])).rejects.toMatchObject({ code: 'not-pending' });
    await expect(agent.cancelQuestion('q-1')).rejects.toMatchObject({ code: 'not-pending' });
    await expect(agent.answer('missing-id', [{ values: ['py'] }])).rejects.toMatchObject({ code: 'not-pending' });
    expect(agent.getState()).toEqual(before);
    expect(model.calls).toHaveLength(2);
  });

  it('refuses to answer a call that waits for an approval, not an answer', async () => {
    const gated = defineTool({ name: 'deploy', description: '', inputSchema: { type: 'object' }, needsApproval: true, execute: vi.fn(() => 'ok') });
    const model = scriptedModel([toolCall('deploy', {}, 'deploy-1'), text('ok')]);
    const agent = createAgent({ model, tools: [gated], askUser: true });
    await agent.send('deploy');
    await expect(agent.answer('deploy-1', [{ values: ['yes'] }])).rejects.toMatchObject({ code: 'not-pending' });
    await expect(agent.cancelQuestion('deploy-1')).rejects.toMatchObject({ code: 'not-pending' });
    expect(callNamed(agent.getState(), 'deploy-1').state).toBe('approval-requested');
  });

  it('refuses a malformed question call before asking anyone (validated like any tool)', async () => {
    const tooMany = Array.from({ length: 5 }, (_, index) => ({ ...language, question: `Question ${index}?` }));
    const model = scriptedModel([
      [toolCall('ask_user_question', { questions: tooMany }, 'q-many'), toolCall('ask_user_question', { questions: [{ ...language, options: language.options.slice(0, 1) }] }, 'q-one-option')],
      text('Let me ask better.'),
    ]);
    const agent = createAgent({ model, askUser: true });
    const result = await agent.send('ask me');
    expect(result.status).toBe('idle');
    expect(callNamed(agent.getState(), 'q-many').state).toBe('output-error');
    expect(callNamed(agent.getState(), 'q-one-option').state).toBe('output-error');
    expect(resultFor(lastRequest(model), 'q-many').type).toBe('error-text');
  });

  it('is not offered, and a call of it is an unknown tool, without askUser', async () => {
    const model = scriptedModel([toolCall('ask_user_question', { questions: [language] }, 'q-off'), text('ok')]);
    const agent = createAgent({ model });
    const result = await agent.send('ask me');
    expect(result.status).toBe('idle');
    expect(callNamed(agent.getState(), 'q-off').state).toBe('output-error');
  });
});
