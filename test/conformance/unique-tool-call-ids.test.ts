/**
 * Contract: tool-call ids are unique in the kit, whatever the provider sends. A provider that sends
 * the same id (`call_0`) in every step, or twice in one step, still gets every call kept distinct:
 * each has its own id in the state (the provider's id, or it with a suffix when it was taken, the
 * provider's kept in `providerToolCallId`), and every later prompt carries every call and every
 * result, unchanged, paired, with no duplicate ids.
 */
import { describe, expect, it } from 'vitest';
import { createAgent, defineTool } from '../../src/core/index';
import type { AgentState } from '../../src/core/index';
import { memorySessionStorage, readSessionFile, writeSessionFile } from '../../src/core/sessions/index';
import { expectValidToolHistory, handModel, lastRequest, rawText, rawToolCall, toolCallParts, toolResultParts } from './helpers';

const echo = defineTool({
  name: 'echo',
  description: 'Echoes a word.',
  inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
  execute: ({ word }: { word: string }) => `echo: ${word}`,
});

const call = (id: string, word: string) => rawToolCall(id, 'echo', JSON.stringify({ word }));

describe('unique tool-call ids', () => {
  it('a provider that sends call_0 in every step: both calls and both results reach the next prompt unchanged', async () => {
    const model = handModel([{ parts: call('call_0', 'first') }, { parts: call('call_0', 'second') }, { parts: rawText('Done.') }]);
    const agent = createAgent({ model, tools: [echo] });

    expect((await agent.send('Echo twice.')).status).toBe('idle');

    const calls = agent.getState().toolCalls;
    expect(calls.map((entry) => entry.id)).toEqual(['call_0', 'call_0-2']);
    expect(calls.map((entry) => entry.providerToolCallId)).toEqual([undefined, 'call_0']);
    expect(calls.map((entry) => entry.output)).toEqual(['echo: first', 'echo: second']);

    const prompt = lastRequest(model);
    expectValidToolHistory(prompt);
    expect(toolCallParts(prompt).map((part) => [part.toolCallId, part.input])).toEqual([
      ['call_0', { word: 'first' }],
      ['call_0-2', { word: 'second' }],
    ]);
    expect(toolResultParts(prompt).map((part) => [part.toolCallId, part.output])).toEqual([
      ['call_0', { type: 'text', value: 'echo: first' }],
      ['call_0-2', { type: 'text', value: 'echo: second' }],
    ]);
    // The second step's prompt already carried the first call as it was.
    expect(toolCallParts(model.calls[1]!.prompt).map((part) => [part.toolCallId, part.input])).toEqual([['call_0', { word: 'first' }]]);
  });

  it('the same id twice in one step makes two calls, each with its own input and result', async () => {
    const model = handModel([{ parts: [...call('call_0', 'a'), ...call('call_0', 'b')] }, { parts: rawText('Done.') }]);
    const agent = createAgent({ model, tools: [echo] });
    await agent.send('Echo a and b.');

    expect(agent.getState().toolCalls.map((entry) => [entry.id, entry.input, entry.output])).toEqual([
      ['call_0', { word: 'a' }, 'echo: a'],
      ['call_0-2', { word: 'b' }, 'echo: b'],
    ]);
    const prompt = lastRequest(model);
    expectValidToolHistory(prompt);
    expect(toolResultParts(prompt).map((part) => (part.output as { value: string }).value)).toEqual(['echo: a', 'echo: b']);
  });

  it('interleaved streaming of two calls with one id, and ids that collide with a suffixed one', async () => {
    const interleaved = [
      { type: 'tool-input-start', id: 'x', toolName: 'echo' },
      { type: 'tool-input-delta', id: 'x', delta: '{"word":' },
      { type: 'tool-input-delta', id: 'x', delta: '"one"}' },
      { type: 'tool-call', toolCallId: 'x', toolName: 'echo', input: '{"word":"one"}' },
      { type: 'tool-input-start', id: 'x', toolName: 'echo' },
      { type: 'tool-input-delta', id: 'x', delta: '{"word":"two"}' },
      { type: 'tool-call', toolCallId: 'x', toolName: 'echo', input: '{"word":"two"}' },
    ];
    const model = handModel([{ parts: interleaved }, { parts: [...call('x-2', 'three'), ...call('x', 'four')] }, { parts: rawText('Done.') }]);
    const agent = createAgent({ model, tools: [echo] });
    await agent.send('Echo.');

    const calls = agent.getState().toolCalls;
    expect(new Set(calls.map((entry) => entry.id)).size).toBe(4);
    expect(calls.map((entry) => entry.inputText)).toEqual(['{"word":"one"}', '{"word":"two"}', '{"word":"three"}', '{"word":"four"}']);
    expect(calls.map((entry) => entry.output)).toEqual(['echo: one', 'echo: two', 'echo: three', 'echo: four']);
    expectValidToolHistory(lastRequest(model));
  });

  it('approvals are decided by the kit id', async () => {
    const guarded = defineTool({ ...echo, needsApproval: true });
    const model = handModel([{ parts: call('call_0', 'one') }, { parts: call('call_0', 'two') }, { parts: rawText('Done.') }]);
    const agent = createAgent({ model, tools: [guarded] });

    expect((await agent.send('Echo.')).status).toBe('awaiting-people');
    expect((await agent.approve('call_0')).status).toBe('awaiting-people');
    expect(agent.getState().toolCalls.map((entry) => [entry.id, entry.state])).toEqual([
      ['call_0', 'output-available'],
      ['call_0-2', 'approval-requested'],
    ]);
    await expect(agent.approve('call_0')).rejects.toMatchObject({ code: 'not-pending' });
    expect((await agent.approve('call_0-2')).status).toBe('idle');
    expectValidToolHistory(lastRequest(model));
  });

  it('a conversation saved before ids were unique (two calls named call_0) loads with each call distinct', async () => {
    const model = handModel([{ parts: call('call_0', 'first') }, { parts: call('call_0', 'second') }, { parts: rawText('Done.') }]);
    const agent = createAgent({ model, tools: [echo] });
    await agent.send('Echo twice.');
    // What an older version saved: both calls and both parts named call_0.
    const saved = JSON.parse(JSON.stringify(agent.snapshot())) as { state: AgentState };
    for (const entry of saved.state.toolCalls) {
      entry.id = 'call_0';
      delete entry.providerToolCallId;
    }
    for (const message of saved.state.messages) for (const part of message.parts) if (part.type === 'tool-call') part.toolCallId = 'call_0';

    const storage = memorySessionStorage();
    await storage.save({ id: 'old', snapshot: readSessionFile(writeSessionFile(saved as never)) }, null);
    const nextModel = handModel([{ parts: rawText('Still here.') }]);
    const restored = createAgent({ model: nextModel, tools: [echo], session: { id: 'old', storage } });
    await restored.session!.ready;

    expect(restored.session!.loaded).toBe('restored');
    expect(restored.getState().toolCalls.map((entry) => [entry.id, entry.output])).toEqual([
      ['call_0', 'echo: first'],
      ['call_0-2', 'echo: second'],
    ]);
    await restored.send('Anything else?');
    const prompt = lastRequest(nextModel);
    expectValidToolHistory(prompt);
    expect(toolResultParts(prompt).map((part) => [part.toolCallId, (part.output as { value: string }).value])).toEqual([
      ['call_0', 'echo: first'],
      ['call_0-2', 'echo: second'],
    ]);
  });
});
