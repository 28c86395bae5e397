import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineTool } from '../tools/define-tool';
import { scriptedModel } from '../scripted/scripted-model';
import { text, toolCall } from '../../testing/step-builders';
import type { AgentEventType } from '../store/events';
import type { AgentErrorSource } from './report-error';
import { createAgent } from './create-agent';

const add = defineTool({
  name: 'add',
  description: 'Adds two numbers.',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  execute: ({ a, b }) => a + b,
});
const send = defineTool({ name: 'send_email', description: 'Sends an email.', inputSchema: { type: 'object' }, needsApproval: true, execute: () => 'sent' });

afterEach(() => vi.restoreAllMocks());

describe('agent.on(type, listener)', () => {
  it('calls each listener with the events of its type, as logged, in order; the unsubscribe stops it', async () => {
    const agent = createAgent({ model: scriptedModel([[toolCall('add', { a: 2, b: 3 }, 'c1'), toolCall('add', { a: 1, b: 1 }, 'c2')], text('5 and 2.')]), tools: [add] });
    const seen: Array<[AgentEventType, number, string]> = [];
    agent.on('tool-call-update', (event, logged) => {
      // After the reducer: the state already shows the event.
      expect(agent.getState().toolCalls.find((call) => call.id === event.toolCallId)?.state).toBe(event.state);
      seen.push([event.type, logged.cursor, `${event.toolCallId}:${event.state}`]);
    });
    agent.on('run-finish', (event, logged) => seen.push([event.type, logged.cursor, event.status]));
    const offStart = agent.on('run-start', (event, logged) => seen.push([event.type, logged.cursor, event.runId]));
    await agent.send('Add them');

    const logged = agent.eventsSince(0).events.filter((entry) => ['tool-call-update', 'run-finish', 'run-start'].includes(entry.event.type));
    expect(seen.map(([, cursor]) => cursor)).toEqual(logged.map((entry) => entry.cursor));
    expect(seen.filter(([type]) => type === 'tool-call-update').map(([, , what]) => what)).toEqual([
      'c1:input-streaming',
      'c1:input-available',
      'c2:input-streaming',
      'c2:input-available',
      // The two run in parallel.
      'c1:running',
      'c2:running',
      'c1:output-available',
      'c2:output-available',
    ]);
    expect(seen.at(-1)).toEqual(['run-finish', expect.any(Number), 'idle']);

    offStart();
    seen.length = 0;
    await agent.send('Again');
    expect(seen.some(([type]) => type === 'run-start')).toBe(false);
    expect(seen.at(-1)?.[0]).toBe('run-finish');
  });

  it('a throwing listener is isolated and reported: the others run, every call gets its one result, the model receives them', async () => {
    const reported: Array<[string, AgentErrorSource]> = [];
    const model = scriptedModel([[toolCall('add', { a: 2, b: 3 }, 'c1'), toolCall('add', { a: 4, b: 4 }, 'c2')], text('5 and 8.')]);
    const agent = createAgent({ model, tools: [add], reportError: (error, source) => reported.push([(error as Error).message, source]) });
    const after: string[] = [];
    agent.on('tool-call-update', () => {
      throw new Error('analytics is down');
    });
    agent.on('tool-call-update', (event) => after.push(`${event.toolCallId}:${event.state}`));
    agent.on('text-delta', () => Promise.reject(new Error('async listener failed')));

    expect(await agent.send('Add them')).toEqual({ status: 'idle', error: null });
    const { toolCalls, messages } = agent.getState();
    expect(toolCalls.map((call) => [call.id, call.state, call.output])).toEqual([
      ['c1', 'output-available', 5],
      ['c2', 'output-available', 8],
    ]);
    expect(after.filter((entry) => entry.endsWith('output-available'))).toEqual(['c1:output-available', 'c2:output-available']);
    expect(messages.at(-1)?.parts).toMatchObject([{ type: 'text', text: '5 and 8.' }]);
    // The next request answered both calls, in order.
    expect(model.calls[1]!.prompt.at(-1)).toMatchObject({
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'c1', output: { type: 'json', value: 5 } },
        { type: 'tool-result', toolCallId: 'c2', output: { type: 'json', value: 8 } },
      ],
    });
    await Promise.resolve();
    expect(reported.filter(([, source]) => source.kind === 'listener' && source.eventType === 'tool-call-update')).toHaveLength(8);
    expect(reported.find(([message]) => message === 'async listener failed')?.[1]).toEqual({ kind: 'listener', eventType: 'text-delta' });
  });

  it('reports to console.error by default, naming the event type', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const agent = createAgent({ model: scriptedModel([text('Hi.')]) });
    agent.on('run-finish', () => {
      throw new Error('boom');
    });
    expect(await agent.send('Hello')).toEqual({ status: 'idle', error: null });
    expect(errors).toHaveBeenCalledWith('[react-agent-kit] a listener of "run-finish" threw; the other listeners and the run went on.', expect.objectContaining({ message: 'boom' }));
  });

  it("keeps the log's order when a listener's command dispatches more events (an app's auto-approval)", async () => {
    const agent = createAgent({ model: scriptedModel([toolCall('send_email', {}, 'e1'), text('Sent.')]), tools: [send] });
    const cursors: number[] = [];
    const record = (_event: unknown, logged: { cursor: number }) => cursors.push(logged.cursor);
    for (const type of ['run-start', 'message-add', 'tool-call-start', 'run-finish'] as const) agent.on(type, record);
    agent.on('tool-call-update', (event, logged) => {
      cursors.push(logged.cursor);
      if (event.state === 'approval-requested') void agent.approve(event.toolCallId);
    });
    expect(await agent.send('Mail Ada')).toMatchObject({ status: 'idle' });
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-available', output: 'sent' });
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(new Set(cursors).size).toBe(cursors.length);
    expect(agent.getState().toolCalls[0]!.audit.map((entry) => [entry.state, entry.by])).toEqual([
      ['input-streaming', 'model'],
      ['input-available', 'model'],
      ['approval-requested', 'runtime'],
      ['approval-responded', 'user'],
      ['running', 'user'],
      ['output-available', 'runtime'],
    ]);
  });

  it('refuses a type that is not an event type, and a listener that is not a function', () => {
    const agent = createAgent({ model: scriptedModel([]) });
    expect(() => agent.on('tool-call-updated' as never, () => {})).toThrow(/agent\.on\("tool-call-updated"\): not an event type; use one of run-start, /);
    expect(() => agent.on('run-finish', 'log' as never)).toThrow(/the listener must be a function/);
  });
});
