import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Agent as MastraCoreAgent } from '@mastra/core/agent';
import { MockMemory } from '@mastra/core/memory';
import { createTool } from '@mastra/core/tools';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { agUiAgent } from '../../src/ag-ui/index';
import type { Agent, AgentState } from '../../src/core/index';
import { createSandbox } from '../../src/core/sandbox/index';
import { startMastraServer, type MastraAgUiServer } from './mastra-server';

/**
 * `agUiAgent` against a real Mastra agent served through `@ag-ui/mastra` (Mastra's agent loop,
 * tools, suspension and working memory; the integration's own event mapping), offline: the
 * model is the AI SDK's `MockLanguageModelV3` answering each model call with the next scripted
 * turn. What is asserted is what the person sees in the kit and what the server received.
 */
type Chunk = Record<string, unknown>;
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const finish = (reason: 'stop' | 'tool-calls' = 'stop'): Chunk => ({ type: 'finish', finishReason: { unified: reason, raw: reason }, usage });
const say = (...deltas: string[]): Chunk[] => [{ type: 'text-start', id: 't' }, ...deltas.map((delta) => ({ type: 'text-delta', id: 't', delta })), { type: 'text-end', id: 't' }, finish()];
const call = (toolCallId: string, toolName: string, input: unknown): Chunk[] => [{ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }, finish('tool-calls')];

/** A model turn: chunks to stream, a stream that stays open after them (Stop), or an error the model throws. */
type Turn = Chunk[] | { open: Chunk[] } | { throws: string };
let turns: Turn[] = [];
let modelCalls = 0;
const model = new MockLanguageModelV3({
  doStream: async () => {
    modelCalls += 1;
    const turn = turns.shift();
    if (!turn) throw new Error('The script has no more model turns.');
    if ('throws' in turn) throw new Error(turn.throws);
    const chunks = Array.isArray(turn) ? turn : turn.open;
    const stream = new ReadableStream<Chunk>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        if (Array.isArray(turn)) controller.close();
      },
    });
    return { stream: stream as never };
  },
});

// The mock is a LanguageModelV3 at run time; only its doGenerate typing (of ai@7) differs from Mastra's copy of the spec.
const mastraModel = model as unknown as ConstructorParameters<typeof MastraCoreAgent>[0]['model'];

const forecasts: string[] = [];
const weather = createTool({
  id: 'weather',
  description: "A city's weather.",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => {
    forecasts.push(city);
    return { city, sky: 'sunny' };
  },
});

let served: MastraAgUiServer;
beforeAll(async () => {
  served = await startMastraServer(() => new MastraCoreAgent({ id: 'assistant', name: 'assistant', instructions: 'Help.', model: mastraModel, tools: { weather }, memory: new MockMemory() }));
});
afterAll(() => served.close());

const agents: Agent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.dispose()));
  turns = [];
  modelCalls = 0;
  forecasts.length = 0;
  served.inputs.length = 0;
  served.events.length = 0;
});
function client(options: Omit<Parameters<typeof agUiAgent>[0], 'url'> = {}): Agent {
  const agent = agUiAgent({ url: served.url, askUser: false, ...options });
  agents.push(agent);
  return agent;
}
const textOf = (state: AgentState) => state.messages.filter((message) => message.role === 'assistant').flatMap((message) => message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []))).join('|');

describe('agUiAgent against a Mastra agent through @ag-ui/mastra', () => {
  it('streams reasoning and text into the reply', async () => {
    turns = [[{ type: 'reasoning-start', id: 'r' }, { type: 'reasoning-delta', id: 'r', delta: 'The user greets.' }, { type: 'reasoning-end', id: 'r' }, ...say('Hello ', 'there')]];
    const agent = client();
    expect(await agent.send('Hi')).toEqual({ status: 'idle', error: null });
    const reply = agent.getState().messages[1]!;
    expect(reply.parts).toMatchObject([
      { type: 'reasoning', text: 'The user greets.', status: 'done' },
      { type: 'text', text: 'Hello there', status: 'done' },
    ]);
    expect(served.inputs[0]).toMatchObject({ messages: [{ role: 'user', content: 'Hi' }] });
  });

  it("shows the agent's own tool call and its result, run on the server, never in the browser", async () => {
    turns = [call('c-weather', 'weather', { city: 'Paris' }), say('Sunny in Paris.')];
    const agent = client();
    expect((await agent.send('Weather in Paris?')).status).toBe('idle');
    expect(forecasts).toEqual(['Paris']);
    expect(agent.getState().toolCalls).toMatchObject([{ id: 'c-weather', name: 'weather', state: 'output-available', input: { city: 'Paris' }, output: { city: 'Paris', sky: 'sunny' }, remote: { server: true } }]);
    expect(textOf(agent.getState())).toBe('Sunny in Paris.');
    // The run is over: no second run is asked for (it was, before the fix in run-engine-step).
    expect(served.inputs).toHaveLength(1);
    expect(modelCalls).toBe(2);
  });

  it('runs a browser tool the Mastra model calls in the sandbox after an approval, and the model reads its result in the next run', async () => {
    const sandbox = createSandbox();
    turns = [call('c-write', 'write_file', { path: '/notes.txt', content: 'from Mastra' }), say('Written.')];
    const agent = client({ sandbox, permissions: { mode: 'ask' } });
    expect((await agent.send('Write a note')).status).toBe('awaiting-people');
    expect(served.inputs[0]!.tools.map((tool) => tool.name)).toContain('write_file');
    const pending = agent.getState().toolCalls.find((entry) => entry.state === 'approval-requested');
    expect(pending).toMatchObject({ id: 'c-write', name: 'write_file', input: { path: '/notes.txt', content: 'from Mastra' } });
    expect(sandbox.exists('/notes.txt')).toBe(false);

    expect(await agent.approve('c-write')).toEqual({ status: 'idle', error: null });
    expect(sandbox.readFile('/notes.txt')).toBe('from Mastra');
    expect(served.inputs).toHaveLength(2);
    expect(served.inputs[1]!.messages).toContainEqual(expect.objectContaining({ role: 'tool', toolCallId: 'c-write' }));
    expect(modelCalls).toBe(2);
    expect(textOf(agent.getState())).toBe('Written.');
  });
});
