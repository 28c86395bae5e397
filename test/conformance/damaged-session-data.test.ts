/**
 * Contract: damaged session data fails as damaged. A snapshot, a session file or a stored session
 * whose state has the wrong shape (`messages: [null]`, `toolCalls: [null]`, `parts: "x"`, an
 * unknown status, two tool calls with one id, a part naming no tool call, a non-finite number, a
 * `__proto__` key, a damaged workspace part, ...) is refused with a `PersistenceError` of code
 * `corrupt` whose message names the bad field. Nothing of it is loaded: the state stays empty, the
 * sandbox stays as it was, no message is left `streaming`, no `TypeError` escapes, and an agent
 * on a session whose record is damaged still works (in memory).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent, PersistenceError, type AgentSnapshot, type AgentState } from '../../src/core/index';
import { createSandbox } from '../../src/core/sandbox/index';
import { memorySessionStorage, readSessionFile, readSnapshot, writeSessionFile } from '../../src/core/sessions/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';

interface DamageCase {
  name: string;
  /** Damages a copy of a healthy snapshot; returns the location the error must name. */
  damage: (snapshot: Mutable) => string;
}

type Mutable = { state: Record<string, any>; sandbox?: Record<string, any> } & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- damage writes any field

const assistantIndex = (state: Mutable['state']) => state.messages.findIndex((message: { parts: { type: string }[] }) => message.parts.some((part) => part.type === 'tool-call'));
const toolCallPartIndex = (state: Mutable['state'], messageIndex: number) => state.messages[messageIndex].parts.findIndex((part: { type: string }) => part.type === 'tool-call');

const cases: DamageCase[] = [
  { name: 'messages: [null]', damage: ({ state }) => ((state.messages = [null]), 'state.messages[0]') },
  { name: 'toolCalls: [null]', damage: ({ state }) => ((state.toolCalls = [null]), 'state.toolCalls[0]') },
  { name: 'parts: "x"', damage: ({ state }) => ((state.messages[1].parts = 'x'), 'state.messages[1].parts') },
  { name: 'a part that is null', damage: ({ state }) => ((state.messages[0].parts = [null]), 'state.messages[0].parts[0]') },
  { name: 'state: null', damage: (snapshot) => ((snapshot.state = null as never), 'state') },
  { name: 'a message status "banana"', damage: ({ state }) => ((state.messages[1].status = 'banana'), 'state.messages[1].status') },
  { name: 'a tool-call state "xyz"', damage: ({ state }) => ((state.toolCalls[0].state = 'xyz'), 'state.toolCalls[0].state') },
  { name: 'a part type "foo"', damage: ({ state }) => ((state.messages[0].parts[0].type = 'foo'), 'state.messages[0].parts[0].type') },
  { name: 'a message role "system"', damage: ({ state }) => ((state.messages[0].role = 'system'), 'state.messages[0].role') },
  { name: 'an agent status "sleeping"', damage: ({ state }) => ((state.status = 'sleeping'), 'state.status') },
  { name: 'two messages with one id', damage: ({ state }) => ((state.messages[2].id = state.messages[0].id), 'state.messages[2].id') },
  {
    // Reused ids whose parts pair up are repaired (see unique-tool-call-ids); these do not pair up.
    name: 'two tool calls with one id, their parts naming others',
    damage: ({ state }) => {
      const message = state.messages.findIndex((candidate: { id: string }) => candidate.id === state.toolCalls[1].messageId);
      const part = state.messages[message].parts.findIndex((candidate: { toolCallId?: string }) => candidate.toolCallId === state.toolCalls[1].id);
      state.toolCalls[1].id = state.toolCalls[0].id;
      return `state.messages[${message}].parts[${part}].toolCallId`;
    },
  },
  {
    name: 'a tool-call part naming no tool call',
    damage: ({ state }) => {
      const message = assistantIndex(state);
      const part = toolCallPartIndex(state, message);
      state.messages[message].parts[part].toolCallId = 'ghost';
      return `state.messages[${message}].parts[${part}].toolCallId`;
    },
  },
  { name: 'a tool call naming no message', damage: ({ state }) => ((state.toolCalls[0].messageId = 'ghost'), 'state.toolCalls[0].messageId') },
  { name: 'a non-finite usage number', damage: ({ state }) => ((state.usage.inputTokens = Number.POSITIVE_INFINITY), 'state.usage.inputTokens') },
  { name: 'a createdAt that is NaN', damage: ({ state }) => ((state.messages[0].createdAt = Number.NaN), 'state.messages[0].createdAt') },
  { name: 'usage: null', damage: ({ state }) => ((state.usage = null), 'state.usage') },
  { name: 'a tool call whose inputText is a number', damage: ({ state }) => ((state.toolCalls[0].inputText = 5), 'state.toolCalls[0].inputText') },
  { name: 'audit: "x"', damage: ({ state }) => ((state.toolCalls[0].audit = 'x'), 'state.toolCalls[0].audit') },
  { name: 'an approval without a reason', damage: ({ state }) => ((state.toolCalls[0].approval = { requestedAt: 1 }), 'state.toolCalls[0].approval.reason') },
  { name: 'alwaysAllowed: [1]', damage: ({ state }) => ((state.alwaysAllowed = [1]), 'state.alwaysAllowed[0]') },
  { name: 'an error with an unknown code', damage: ({ state }) => ((state.error = { code: 'meltdown', message: 'm', retryable: false, at: 1 }), 'state.error.code') },
  {
    name: 'a __proto__ key in a message',
    damage: ({ state }) => {
      Object.defineProperty(state.messages[0], '__proto__', { value: { polluted: true }, enumerable: true, configurable: true, writable: true });
      return 'state.messages[0].__proto__';
    },
  },
  {
    name: 'a streaming reply whose text is damaged',
    damage: ({ state }) => {
      const last = state.messages.length - 1;
      state.messages[last].status = 'streaming';
      state.messages[last].parts = [{ type: 'text', id: 'part-1', text: 5, status: 'streaming' }];
      return `state.messages[${last}].parts[0].text`;
    },
  },
  { name: 'sandbox checkpoints: [null]', damage: (snapshot) => ((snapshot.sandbox!.checkpoints = [null]), 'sandbox.checkpoints[0]') },
  { name: 'sandbox files: [null]', damage: (snapshot) => ((snapshot.sandbox!.files = [null]), 'sandbox.files[0]') },
];

/** A healthy conversation with text, two finished tool calls and a workspace change. */
let healthy: AgentSnapshot;
beforeAll(async () => {
  const agent = createAgent({
    model: scriptedModel([[text('Writing both.'), toolCall('write_file', { path: 'a.md', content: 'A' }, 'call-1'), toolCall('write_file', { path: 'b.md', content: 'B' }, 'call-2')], text('Done.')]),
    sandbox: createSandbox(),
    permissions: { allow: ['write_file'] },
  });
  await agent.send('write two notes');
  healthy = agent.snapshot();
  expect(healthy.state.toolCalls).toHaveLength(2);
  expect(healthy.state.messages.length).toBeGreaterThanOrEqual(3);
});

function damaged(damageCase: DamageCase): { snapshot: AgentSnapshot; path: string } {
  const copy = structuredClone(healthy) as unknown as Mutable;
  const path = damageCase.damage(copy);
  return { snapshot: copy as unknown as AgentSnapshot, path };
}

/** The error `run` throws: a `corrupt` PersistenceError naming `path` (never a TypeError). */
function expectCorrupt(error: unknown, path: string): void {
  expect(error).toBeInstanceOf(PersistenceError);
  expect(error).not.toBeInstanceOf(TypeError);
  expect((error as PersistenceError).code).toBe('corrupt');
  expect((error as PersistenceError).message).toContain(`${path}:`);
}

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected it to throw');
}

function expectNothingStreaming(state: AgentState): void {
  expect(state.messages.filter((message) => message.status === 'streaming')).toEqual([]);
}

describe('damaged session data fails as damaged', () => {
  it('the healthy snapshot loads through every door (the baseline the cases damage)', async () => {
    expect(readSnapshot(structuredClone(healthy)).state).toEqual(healthy.state);
    expect(readSessionFile(writeSessionFile(healthy)).state).toEqual(healthy.state);
    expect(createAgent({ model: scriptedModel([]), sandbox: createSandbox(), snapshot: structuredClone(healthy) }).getState().messages).toHaveLength(healthy.state.messages.length);
  });

  describe.each(cases)('$name', (damageCase) => {
    it('readSnapshot refuses it as corrupt, naming the field', () => {
      const { snapshot, path } = damaged(damageCase);
      expectCorrupt(thrownBy(() => readSnapshot(snapshot)), path);
    });

    it('readSessionFile refuses it as corrupt, naming the field', () => {
      const { snapshot, path } = damaged(damageCase);
      expectCorrupt(thrownBy(() => readSessionFile(writeSessionFile(snapshot))), path);
    });

    it('createAgent({ snapshot }) refuses it and leaves the sandbox as it was', () => {
      const { snapshot, path } = damaged(damageCase);
      const sandbox = createSandbox({ files: { 'keep.md': 'mine' } });
      expectCorrupt(thrownBy(() => createAgent({ model: scriptedModel([]), sandbox, snapshot })), path);
      expect(sandbox.toRecords().map((record) => record.path)).toEqual(['/keep.md']);
      expect(sandbox.checkpoints()).toEqual([]);
    });

    it('a session whose stored record is damaged loads nothing, says why, and the agent still works', async () => {
      const storage = memorySessionStorage();
      const writer = createAgent({ model: scriptedModel([]), sandbox: createSandbox(), snapshot: structuredClone(healthy), session: { id: 'chat-1', storage, delayMs: 0, maxDelayMs: 0, onError: () => {} } });
      await writer.session!.ready;
      await writer.session!.dispose();
      const stored = (await storage.load('chat-1'))!;
      expect(stored.snapshot.state.messages).toHaveLength(healthy.state.messages.length);
      expect((await storage.files('chat-1').load())!.files.length).toBeGreaterThan(0);

      const { snapshot, path } = damaged(damageCase);
      await storage.save({ id: 'chat-1', snapshot }, stored.revision);

      const errors: PersistenceError[] = [];
      const sandbox = createSandbox({ files: { 'keep.md': 'mine' } });
      const agent = createAgent({ model: scriptedModel([text('Still here.')]), sandbox, session: { id: 'chat-1', storage, delayMs: 0, maxDelayMs: 0, onError: (error) => errors.push(error) } });
      await agent.session!.ready;
      expect(agent.session!.loaded).toBe('failed');
      expect(agent.session!.status).toBe('off');
      expectCorrupt(agent.session!.error, path);
      expect(errors).toEqual([agent.session!.error]);
      expect(agent.getState().messages).toEqual([]);
      expect(agent.getState().toolCalls).toEqual([]);
      expect(sandbox.toRecords().map((record) => record.path)).toEqual(['/keep.md']);
      expect(sandbox.checkpoints()).toEqual([]);

      const result = await agent.send('are you there?');
      expect(result.status).toBe('idle');
      expect(agent.getState().messages.map((message) => message.status)).toEqual(['done', 'done']);
      expectNothingStreaming(agent.getState());
      // The damaged record stays as it was: nothing overwrote it.
      expect((await storage.load('chat-1'))!.revision).toBe(stored.revision + 1);
    });
  });
});

describe('a workspace the sandbox refuses', () => {
  it('loads nothing: the app’s sandbox keeps its own files, and the error is corrupt', () => {
    const sandbox = createSandbox({ files: { 'keep.md': 'mine' } });
    const snapshot: AgentSnapshot = {
      format: 'react-agent-kit/agent',
      version: 1,
      state: { status: 'idle', messages: [], toolCalls: [], error: null, usage: { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 0 }, runId: null, step: 0, alwaysAllowed: [] },
      sandbox: {
        files: createSandbox({ files: { 'theirs.md': 'theirs' } }).toRecords(),
        checkpoints: [{ id: 'bogus', createdAt: 1, version: 1, changes: { written: [], deleted: [] } }],
      },
    } as unknown as AgentSnapshot;
    let thrown: unknown;
    try {
      createAgent({ model: scriptedModel([text('unused')]), sandbox, snapshot });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PersistenceError);
    expect((thrown as PersistenceError).code).toBe('corrupt');
    expect((thrown as PersistenceError).message).toContain('workspace cannot be restored');
    expect(sandbox.toRecords().map((record) => record.path)).toEqual(['/keep.md']);
  });
});
