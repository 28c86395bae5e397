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
});
