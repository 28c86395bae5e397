import { describe, expect, it } from 'vitest';
import { createAgent, defineTool, type LanguageModel, type SessionStorage, type StoredSession } from '../../src/core/index';
import { memorySessionStorage } from '../../src/core/sessions/index';
import { createSandbox } from '../../src/core/sandbox/index';
import { scriptedModel, text, toolCall, type ScriptedStepInput } from '../../src/testing/index';
import type { AgentSession } from '../../src/core/sessions/agent-session';
import { stepSaver } from '../../src/core/agent/step-saver';

/**
 * Issue 26, item 0: a reload at any moment loses at most the tokens of the step in flight. The
 * user's message is stored before the model is called, and each finished step (with its tool
 * results) before the next step's request, whatever the save scheduler's delays are: here they
 * are long enough that no timed save can happen during the test.
 */

const getWeather = defineTool({
  name: 'get_weather',
  description: 'The weather in a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: ({ city }) => ({ city, sky: 'sunny' }),
});

/** A scripted model that, at the start of every request, reads what the storage holds for `chat-1`. */
function storageReadingModel(storage: SessionStorage, script: readonly ScriptedStepInput[]): { model: LanguageModel; seen: Array<StoredSession | null> } {
  const scripted = scriptedModel(script);
  const seen: Array<StoredSession | null> = [];
  const model = {
    ...scripted,
    async doStream(options: Parameters<typeof scripted.doStream>[0]) {
      seen.push(await storage.load('chat-1'));
      return scripted.doStream(options);
    },
  };
  return { model, seen };
}

const slowSaves = { delayMs: 60_000, maxDelayMs: 60_000, onError: () => {} };

describe('saving at the run’s step boundaries', () => {
  it('the user’s message is in storage before the model’s doStream is called', async () => {
    const storage = memorySessionStorage();
    const { model, seen } = storageReadingModel(storage, [text('Hello!')]);
    const agent = createAgent({ model, session: { id: 'chat-1', storage, ...slowSaves } });
    await agent.send('Plan my week, please');
    expect(seen).toHaveLength(1);
    const messages = seen[0]?.snapshot.state.messages ?? [];
    expect(messages.map((message) => message.role)).toEqual(['user']);
    expect(messages[0]?.parts).toEqual([expect.objectContaining({ type: 'text', text: 'Plan my week, please' })]);
    await agent.dispose();
  });

  it('each finished step, with its tool results, is in storage before the next step’s request', async () => {
    const storage = memorySessionStorage();
    const { model, seen } = storageReadingModel(storage, [
      [text('Checking Paris.'), toolCall('get_weather', { city: 'Paris' }, 'call-1')],
      [text('And Rome.'), toolCall('get_weather', { city: 'Rome' }, 'call-2')],
      text('Sunny in both.'),
    ]);
    const agent = createAgent({ model, tools: [getWeather], session: { id: 'chat-1', storage, ...slowSaves } });
    expect((await agent.send('Weather in Paris and Rome?')).status).toBe('idle');
    expect(seen).toHaveLength(3);
    const stored = seen.map((record) => record?.snapshot.state);
    expect(stored[1]?.messages.map((message) => [message.role, message.status])).toEqual([['user', 'done'], ['assistant', 'done']]);
    expect(stored[1]?.toolCalls.map((call) => [call.id, call.state])).toEqual([['call-1', 'output-available']]);
    expect(stored[2]?.messages.map((message) => [message.role, message.status])).toEqual([['user', 'done'], ['assistant', 'done'], ['assistant', 'done']]);
    expect(stored[2]?.toolCalls.map((call) => [call.id, call.state])).toEqual([['call-1', 'output-available'], ['call-2', 'output-available']]);
    await agent.dispose();
  });

  it('the files a step’s tools wrote are stored before the next step’s request', async () => {
    const storage = memorySessionStorage();
    const scripted = scriptedModel([toolCall('write_file', { path: 'notes.md', content: 'v1\n' }, 'call-1'), text('Written.')]);
    const seenFiles: string[][] = [];
    const model = {
      ...scripted,
      async doStream(options: Parameters<typeof scripted.doStream>[0]) {
        const files = await storage.files('chat-1').load();
        seenFiles.push((files?.files ?? []).map((file) => `${file.path}: ${file.kind === 'text' ? file.text : file.kind}`));
        return scripted.doStream(options);
      },
    };
    const sandbox = createSandbox();
    const agent = createAgent({ model, sandbox, permissions: { allow: ['write_file'] }, session: { id: 'chat-1', storage, ...slowSaves } });
    expect((await agent.send('Write the notes')).status).toBe('idle');
    expect(agent.getState().toolCalls.map((call) => call.state)).toEqual(['output-available']);
    expect(seenFiles[1]).toContain('/notes.md: v1\n');
    await agent.dispose();
  });
});

describe('a save that fails or hangs does not block the chat', () => {
  it('a failing storage: every step still gets its model call, and the session says the save failed', async () => {
    const storage = memorySessionStorage();
    let saves = 0;
    const failing: SessionStorage = {
      ...storage,
      save: () => {
        saves += 1;
        return Promise.reject(new Error('The disk is full.'));
      },
    };
    const model = scriptedModel([toolCall('get_weather', { city: 'Paris' }, 'call-1'), text('Sunny.')]);
    const agent = createAgent({ model, tools: [getWeather], session: { id: 'chat-1', storage: failing, ...slowSaves } });
    expect((await agent.send('Weather in Paris?')).status).toBe('idle');
    expect(model.calls).toHaveLength(2);
    expect(saves).toBeGreaterThanOrEqual(2);
    await agent.session!.flush();
    expect(agent.session!.status).toBe('error');
    await agent.dispose();
  });

  it('a storage that never answers holds the run up once, then the run goes on without waiting for it', async () => {
    let flushes = 0;
    let settle!: () => void;
    const hanging = new Promise<void>((resolve) => (settle = resolve));
    const session = { flush: () => ((flushes += 1), hanging) } as unknown as AgentSession;
    const persist = stepSaver(() => session, 1);
    await persist();
    expect(flushes).toBe(1);
    // The first save is still in flight: the next step boundaries do not wait for it, nor queue more.
    await persist();
    await persist();
    expect(flushes).toBe(1);
    settle();
    await hanging;
    await Promise.resolve();
    await persist();
    expect(flushes).toBe(2);
  });

  it('without a session there is nothing to wait for', async () => {
    await expect(stepSaver(() => undefined)()).resolves.toBeUndefined();
  });
});
