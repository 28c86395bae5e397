import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ReadonlyAgentStore } from './readonly-agent-store';
import { createInitialState } from './state';
import { createAgentStore } from './store';

describe('createAgentStore', () => {
  it('applies each dispatched event with the reducer and logs it', () => {
    const agentStore = createAgentStore(createInitialState(), () => 42);
    const seen: string[] = [];
    agentStore.store.subscribe((state, previous) => seen.push(`${previous.status} -> ${state.status}`));
    expect(agentStore.dispatch({ type: 'run-start', runId: 'r1' })).toEqual({ cursor: 1, at: 42, event: { type: 'run-start', runId: 'r1' } });
    expect(agentStore.store.getState().status).toBe('running');
    expect(seen).toEqual(['idle -> running']);
    expect(agentStore.log.since(0).events.map(({ event }) => event.type)).toEqual(['run-start']);
  });

  it('hands out its state read only: the view has no setState and cannot get one', () => {
    const initial = createInitialState();
    const { store, dispatch } = createAgentStore(initial);
    expectTypeOf(store).toEqualTypeOf<ReadonlyAgentStore>();
    // @ts-expect-error the view has no setState: the state changes only through dispatch.
    expect(store.setState).toBeUndefined();
    expect(Object.keys(store).sort()).toEqual(['getInitialState', 'getState', 'subscribe']);
    expect(Object.isFrozen(store)).toBe(true);
    expect(() => Object.assign(store, { setState: () => {} })).toThrow(TypeError);
    dispatch({ type: 'run-start', runId: 'r1' });
    expect(store.getInitialState()).toBe(initial);
    expect(store.getState()).not.toBe(initial);
  });

  describe('streamed deltas', () => {
    function manualFrames() {
      const queued: (() => void)[] = [];
      return {
        schedule: (notify: () => void) => {
          queued.push(notify);
          return () => queued.splice(queued.indexOf(notify), 1);
        },
        frame: () => queued.splice(0).forEach((notify) => notify()),
        get pending() {
          return queued.length;
        },
      };
    }
    const streaming = () => {
      const frames = manualFrames();
      const agentStore = createAgentStore(createInitialState(), () => 0, frames.schedule);
      agentStore.dispatch({ type: 'message-add', message: { id: 'm1', role: 'assistant', parts: [], status: 'streaming', createdAt: 0 } });
      agentStore.dispatch({ type: 'text-start', messageId: 'm1', partId: 'p1' });
      const notifications: number[] = [];
      agentStore.store.subscribe(() => notifications.push(notifications.length));
      return { frames, agentStore, notifications };
    };
    const textOf = (agentStore: ReturnType<typeof createAgentStore>, partIndex = 0) => {
      const part = agentStore.store.getState().messages[0]!.parts[partIndex];
      return part?.type === 'text' || part?.type === 'reasoning' ? part.text : undefined;
    };

    it('notifies once per frame however many tokens arrive, and reads are always exact', () => {
      const { frames, agentStore, notifications } = streaming();
      for (let index = 0; index < 1000; index++) {
        agentStore.dispatch({ type: 'text-delta', messageId: 'm1', partId: 'p1', delta: `${index} ` });
        if (index === 499) expect(textOf(agentStore)?.endsWith('499 ')).toBe(true);
      }
      expect(notifications).toEqual([]);
      expect(frames.pending).toBe(1);
      frames.frame();
      expect(notifications).toHaveLength(1);
      expect(textOf(agentStore)).toBe(Array.from({ length: 1000 }, (_, index) => `${index} `).join(''));
      // Every token stays in the log as it came, for views that replay it.
      expect(agentStore.log.since(0).events.filter(({ event }) => event.type === 'text-delta')).toHaveLength(1000);
    });

    it('applies what is buffered before any other event, and that event notifies at once', () => {
      const { frames, agentStore, notifications } = streaming();
      agentStore.dispatch({ type: 'text-delta', messageId: 'm1', partId: 'p1', delta: 'Hello' });
      agentStore.dispatch({ type: 'reasoning-start', messageId: 'm1', partId: 'r1' });
      agentStore.dispatch({ type: 'reasoning-delta', messageId: 'm1', partId: 'r1', delta: 'why' });
      // A part's start waits with the deltas; a step starting does not.
      expect(notifications).toHaveLength(0);
      agentStore.dispatch({ type: 'step-start', runId: 'r1', step: 1 });
      expect(notifications).toHaveLength(1);
      agentStore.dispatch({ type: 'text-delta', messageId: 'm1', partId: 'p1', delta: ', world' });
      agentStore.dispatch({ type: 'message-finish', messageId: 'm1', status: 'done' });
      expect(notifications).toHaveLength(2);
      expect(frames.pending).toBe(0);
      expect(textOf(agentStore, 0)).toBe('Hello, world');
      expect(textOf(agentStore, 1)).toBe('why');
      expect(agentStore.store.getState().messages[0]!.status).toBe('done');
    });

    it('merges deltas of one tool call input, and keeps other calls apart', () => {
      const frames = manualFrames();
      const agentStore = createAgentStore(createInitialState(), () => 0, frames.schedule);
      agentStore.dispatch({ type: 'message-add', message: { id: 'm1', role: 'assistant', parts: [], status: 'streaming', createdAt: 0 } });
      agentStore.dispatch({ type: 'tool-call-start', messageId: 'm1', toolCallId: 'a', name: 'write' });
      agentStore.dispatch({ type: 'tool-call-start', messageId: 'm1', toolCallId: 'b', name: 'write' });
      for (const [toolCallId, delta] of [['a', '{"pa'], ['a', 'th":1'], ['b', '{"x"'], ['a', '}'], ['b', ':2}']] as const) {
        agentStore.dispatch({ type: 'tool-call-input-delta', toolCallId, delta });
      }
      frames.frame();
      expect(agentStore.store.getState().toolCalls.map((call) => call.inputText)).toEqual(['{"path":1}', '{"x":2}']);
    });
  });
});
