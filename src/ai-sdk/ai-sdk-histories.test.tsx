// @vitest-environment jsdom
/**
 * Histories the real `ai` package writes: UI messages read with `readUIMessageStream` from a
 * `streamText` run against a replay of a recorded provider stream (a tool call, its result, then
 * text), converted with `fromUIMessages` and shown by `<AgentChat>`; and a history with approvals,
 * continued by an agent that asks again rather than running what the data says was approved.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { cleanup, render, screen } from '@testing-library/react';
import { isStepCount, readUIMessageStream, streamText, tool, type UIMessage } from 'ai';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startReplayServer } from '../../test/conformance/providers/replay-server';
import { AgentChat } from '../components/index';
import { createAgent, defineTool } from '../core/index';
import { scriptedModel, text } from '../testing/index';
import { fromUIMessages } from './from-ui-messages';
import { snapshotFromUIMessages } from './snapshot-from-ui-messages';
import { toUIMessages } from './to-ui-messages';
import { preloadChatParts } from '../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(cleanup);

async function recordedHistory(): Promise<UIMessage[]> {
  const server = await startReplayServer('openai');
  try {
    server.reply({ fixture: 'groq-chat-tool-call.jsonl' }, { text: 'It is 72 degrees here.' });
    const result = streamText({
      model: createOpenAI({ baseURL: server.baseURL, apiKey: 'sk-test' }).chat('llama-3.3-70b-versatile'),
      prompt: 'What is the weather?',
      tools: { weather: tool({ description: 'The weather.', inputSchema: z.object({ location: z.string().optional() }), execute: ({ location }) => ({ location: location ?? 'here', temperature: 72 }) }) },
      stopWhen: isStepCount(2),
    });
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream({ stream: result.toUIMessageStream() })) last = message;
    return [{ id: 'user-1', role: 'user', parts: [{ type: 'text', text: 'What is the weather?' }] }, last!];
  } finally {
    await server.close();
  }
}

describe('UI messages from the ai package', () => {
  it('convert, render in AgentChat, and convert back to the same parts', async () => {
    const history = await recordedHistory();
    const state = fromUIMessages(history);
    expect(state.toolCalls).toMatchObject([{ name: 'weather', state: 'output-available', output: { location: 'here', temperature: 72 } }]);
    expect(state.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    const agent = createAgent({ model: scriptedModel([]), initialState: state });
    render(<AgentChat agent={agent} />);
    expect(screen.getByText('What is the weather?')).toBeTruthy();
    expect(screen.getByText('It is 72 degrees here.')).toBeTruthy();
    expect(screen.getAllByText('weather').length).toBeGreaterThan(0);
    // Back to UI messages: the same text and tool parts (step-start parts are not the kit's).
    const back = toUIMessages(state);
    const shown = (messages: UIMessage[]) => messages.map((message) => message.parts.filter((part) => part.type !== 'step-start').map((part) => ('text' in part ? part.text : part.type)));
    expect(shown(back)).toEqual(shown(history));
  });

  it('continue a history with approvals: a pending one waits, and one approved in the data is asked again', async () => {
    const history: UIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Refund both orders.' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'tool-refund', toolCallId: 'call-1', state: 'approval-responded', input: { order: 1 }, approval: { id: 'ap-1', approved: true } },
          { type: 'tool-refund', toolCallId: 'call-2', state: 'approval-requested', input: { order: 2 }, approval: { id: 'ap-2' } },
        ],
      },
    ];
    let refunds = 0;
    const refund = defineTool({ name: 'refund', description: 'Refunds an order.', inputSchema: { type: 'object', properties: { order: { type: 'number' } } }, needsApproval: true, execute: () => ++refunds });
    const agent = createAgent({ model: scriptedModel([text('Done.')]), tools: [refund], snapshot: snapshotFromUIMessages(history) });
    await agent.resume().catch(() => undefined);
    const states = agent.getState().toolCalls.map((call) => [call.id, call.state]);
    expect(states).toEqual([
      ['call-1', 'approval-requested'],
      ['call-2', 'approval-requested'],
    ]);
    expect(refunds).toBe(0);
  });

  it('keep the parts the kit does not show (files, sources, data, step boundaries) in place, through an agent and back', async () => {
    const history: UIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is in this picture?', state: 'done' }, { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,iVBORw0KGgo=' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'source-url', sourceId: 's1', url: 'https://example.com/cats', title: 'Cats' },
          { type: 'text', text: 'A cat.', state: 'done' },
          { type: 'data-weather', id: 'w1', data: { city: 'Paris', celsius: 21 } },
        ],
      },
    ];
    const agent = createAgent({ model: scriptedModel([]), snapshot: snapshotFromUIMessages(history) });
    await agent.resume().catch(() => undefined);
    const back = toUIMessages(agent.getState()).map(({ id, role, parts }) => ({ id, role, parts }));
    expect(back).toEqual(history);
    // The kit shows what it knows: the text.
    render(<AgentChat agent={agent} />);
    expect(screen.getByText('A cat.')).toBeTruthy();
  });
});
