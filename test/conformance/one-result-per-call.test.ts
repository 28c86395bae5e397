/**
 * Contract: every call the model made gets exactly one result in the history, whatever happens.
 * After a stop in any state (input still streaming, running, awaiting approval, awaiting an
 * answer) every call ends in a final state, the agent can take the next message, and the next
 * model request is valid: for each assistant tool-call part there is one tool-result with the
 * same id, in call order.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool } from '../../src/core/index';
import type { Agent } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import {
  callNamed,
  expectValidToolHistory,
  finalStates,
  gate,
  handModel,
  isFinal,
  lastRequest,
  rawText,
  rawToolCall,
  resultFor,
  toolCallParts,
  waitUntil,
  type RecordedCall,
} from './helpers';

const schema = { type: 'object', properties: { path: { type: 'string' } } } as const;

const writeFile = (execute: (input: unknown, context: { signal: AbortSignal }) => unknown = () => 'written') =>
  defineTool({ name: 'write_file', description: '', inputSchema: schema, execute });

/** After the stop: every call is final, a new message goes through, and its request is valid. */
async function expectValidAfterStop(agent: Agent, model: { calls: readonly RecordedCall[] }, ids: string[]) {
  const state = agent.getState();
  expect(state.status).toBe('idle');
  for (const id of ids) expect(finalStates, `final state of ${id}`).toContain(callNamed(state, id).state);
  expect(state.toolCalls.every(isFinal)).toBe(true);

  const callsBefore = model.calls.length;
  const next = await agent.send('Please go on.');
  expect(next.status).toBe('idle');
  expect(model.calls.length).toBe(callsBefore + 1);
  const prompt = lastRequest(model);
  expectValidToolHistory(prompt);
  expect(toolCallParts(prompt).map((part) => part.toolCallId)).toEqual(ids);
  for (const id of ids) resultFor(prompt, id);
}

describe('one result per call', () => {
  it('after a stop while the input of a call is still streaming', async () => {
    const model = handModel([
      {
        parts: [...rawText('Writing it now.'), { type: 'tool-input-start', id: 'streaming-1', toolName: 'write_file' }, { type: 'tool-input-delta', id: 'streaming-1', delta: '{"path":"/no' }],
        hang: true,
      },
      { parts: rawText('Going on.') },
    ]);
    const execute = vi.fn(() => 'written');
    const agent = createAgent({ model, tools: [writeFile(execute)] });
    const run = agent.send('write a file');
    await waitUntil(() => agent.getState().toolCalls[0]?.inputText === '{"path":"/no', 'the input to stream');
    expect(callNamed(agent.getState(), 'streaming-1').state).toBe('input-streaming');

    await agent.stop();
    expect((await run).status).toBe('idle');
    expect(execute).not.toHaveBeenCalled();
    expect(callNamed(agent.getState(), 'streaming-1').state).not.toBe('output-available');
    await expectValidAfterStop(agent, model, ['streaming-1']);
    expect(resultFor(lastRequest(model), 'streaming-1').type).toBe('error-text');
  });

  it('after a stop while one call is complete and the next is still streaming in the same step', async () => {
    const model = handModel([
      { parts: [...rawToolCall('complete-1', 'write_file', '{"path":"/a"}'), { type: 'tool-input-start', id: 'partial-2', toolName: 'write_file' }], hang: true },
      { parts: rawText('Going on.') },
    ]);
    const execute = vi.fn(() => 'written');
    const agent = createAgent({ model, tools: [writeFile(execute)] });
    const run = agent.send('write two files');
    await waitUntil(() => agent.getState().toolCalls.length === 2, 'both calls to start');
    await agent.stop();
    await run;
    // A call of a step the model did not finish must not run after the stop.
    expect(execute).not.toHaveBeenCalled();
    await expectValidAfterStop(agent, model, ['complete-1', 'partial-2']);
  });

  it('after a stop while a tool runs (it sees the abort)', async () => {
    let sawAbort = false;
    const slow = writeFile((_input, { signal }) => new Promise((_resolve, reject) => {
      signal.addEventListener('abort', () => {
        sawAbort = true;
        reject(signal.reason);
      });
    }));
    const model = scriptedModel([toolCall('write_file', { path: '/slow' }, 'running-1'), text('Going on.')]);
    const agent = createAgent({ model, tools: [slow] });
    const run = agent.send('write slowly');
    await waitUntil(() => agent.getState().toolCalls[0]?.state === 'running', 'the tool to run');
    await agent.stop();
    expect((await run).status).toBe('idle');
    expect(sawAbort).toBe(true);
    expect(callNamed(agent.getState(), 'running-1').state).toBe('cancelled');
    await expectValidAfterStop(agent, model, ['running-1']);
  });

  it('after a stop while a tool runs that ignores the abort, and its late result does not add a second one', async () => {
    const late = gate<string>();
    const stubborn = writeFile(() => late.promise);
    const model = scriptedModel([toolCall('write_file', { path: '/stubborn' }, 'stubborn-1'), text('Going on.')]);
    const agent = createAgent({ model, tools: [stubborn] });
    const run = agent.send('write');
    await waitUntil(() => agent.getState().toolCalls[0]?.state === 'running', 'the tool to run');
    await agent.stop();
    expect((await run).status).toBe('idle');
    expect(callNamed(agent.getState(), 'stubborn-1').state).toBe('cancelled');

    late.open('finished late');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const call = callNamed(agent.getState(), 'stubborn-1');
    expect(call.state).toBe('cancelled');
    expect(call.output).toBeUndefined();
    expect(call.audit.filter((entry) => finalStates.includes(entry.state))).toHaveLength(1);
    await expectValidAfterStop(agent, model, ['stubborn-1']);
  });

  it('after a stop while a call awaits approval', async () => {
    const execute = vi.fn(() => 'deployed');
    const deploy = defineTool({ name: 'deploy', description: '', inputSchema: { type: 'object' }, needsApproval: true, execute });
    const model = scriptedModel([toolCall('deploy', { env: 'prod' }, 'approval-1'), text('Going on.')]);
    const agent = createAgent({ model, tools: [deploy] });
    expect((await agent.send('deploy')).status).toBe('awaiting-people');

    await agent.stop();
    expect(callNamed(agent.getState(), 'approval-1').state).toBe('cancelled');
    await expect(agent.approve('approval-1')).rejects.toMatchObject({ code: 'not-pending' });
    expect(execute).not.toHaveBeenCalled();
    await expectValidAfterStop(agent, model, ['approval-1']);
    expect(resultFor(lastRequest(model), 'approval-1').type).toBe('error-text');
  });

  it('after a stop while a question awaits an answer', async () => {
    const questions = [{ question: 'Which?', header: 'Pick', options: [{ label: 'A' }, { label: 'B' }] }];
    const model = scriptedModel([toolCall('ask_user_question', { questions }, 'question-1'), text('Going on.')]);
    const agent = createAgent({ model, askUser: true });
    expect((await agent.send('ask me')).status).toBe('awaiting-people');

    await agent.stop();
    expect(callNamed(agent.getState(), 'question-1').state).toBe('cancelled');
    await expect(agent.answer('question-1', [{ values: ['A'] }])).rejects.toMatchObject({ code: 'not-pending' });
    await expectValidAfterStop(agent, model, ['question-1']);
  });

  it('after a stop with a mix: one call done, one running, one awaiting approval, one awaiting an answer', async () => {
    const questions = [{ question: 'Which?', header: 'Pick', options: [{ label: 'A' }, { label: 'B' }] }];
    const running = gate();
    const model = scriptedModel([
      [
        toolCall('quick', {}, 'mix-done'),
        toolCall('slow', {}, 'mix-running'),
        toolCall('deploy', {}, 'mix-approval'),
        toolCall('ask_user_question', { questions }, 'mix-question'),
      ],
      text('Going on.'),
    ]);
    const agent = createAgent({
      model,
      askUser: true,
      tools: [
        defineTool({ name: 'quick', description: '', inputSchema: { type: 'object' }, execute: () => 'quick result' }),
        defineTool({ name: 'slow', description: '', inputSchema: { type: 'object' }, execute: (_input, { signal }) => new Promise((_resolve, reject) => {
          running.open();
          signal.addEventListener('abort', () => reject(signal.reason));
        }) }),
        defineTool({ name: 'deploy', description: '', inputSchema: { type: 'object' }, needsApproval: true, execute: () => 'deployed' }),
      ],
    });
    const run = agent.send('do everything');
    await running.promise;
    await waitUntil(() => callNamed(agent.getState(), 'mix-question').state === 'answer-requested', 'the question to wait');
    expect(callNamed(agent.getState(), 'mix-approval').state).toBe('approval-requested');

    await agent.stop();
    await run;
    const state = agent.getState();
    expect(callNamed(state, 'mix-done').state).toBe('output-available');
    expect(callNamed(state, 'mix-running').state).toBe('cancelled');
    expect(callNamed(state, 'mix-approval').state).toBe('cancelled');
    expect(callNamed(state, 'mix-question').state).toBe('cancelled');
    await expectValidAfterStop(agent, model, ['mix-done', 'mix-running', 'mix-approval', 'mix-question']);
    expect(resultFor(lastRequest(model), 'mix-done')).toEqual({ type: 'text', value: 'quick result' });
  });

  it('a run that ends normally leaves exactly one result per call in call order', async () => {
    const model = scriptedModel([
      [toolCall('write_file', { path: '/1' }, 'n-1'), toolCall('write_file', { path: '/2' }, 'n-2'), toolCall('write_file', { path: '/3' }, 'n-3')],
      [toolCall('write_file', { path: '/4' }, 'n-4')],
      text('All written.'),
    ]);
    const delays: Record<string, number> = { '/1': 30, '/2': 1, '/3': 15, '/4': 1 };
    const agent = createAgent({
      model,
      tools: [writeFile((input) => new Promise((resolve) => setTimeout(() => resolve(`wrote ${(input as { path: string }).path}`), delays[(input as { path: string }).path])))],
    });
    await agent.send('write four files');
    const prompt = lastRequest(model);
    expectValidToolHistory(prompt);
    expect(toolCallParts(prompt).map((part) => part.toolCallId)).toEqual(['n-1', 'n-2', 'n-3', 'n-4']);
    expect(resultFor(prompt, 'n-1')).toEqual({ type: 'text', value: 'wrote /1' });
  });
});
