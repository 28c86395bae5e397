import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { AgentState } from '../core/index';
import { useAgentInstance } from './agent-context';

/**
 * Subscribes to the part of the agent state that `selector` picks. The component re-renders
 * only when the picked value changes (by `isEqual`, `Object.is` by default), so a streamed
 * token re-renders the one message it belongs to, not the thread.
 *
 * @example
 * ```tsx
 * const status = useAgentSelector((state) => state.status);
 * const ids = useAgentSelector((state) => state.messages.map((m) => m.id), shallowEqual);
 * ```
 */
export function useAgentSelector<Selected>(
  selector: (state: AgentState) => Selected,
  isEqual: (previous: Selected, next: Selected) => boolean = Object.is,
): Selected {
  const agent = useAgentInstance();
  // The last state seen and what was picked from it; kept so that equal picks keep their identity.
  const cache = useRef<{ state: AgentState; selector: typeof selector; value: Selected } | null>(null);
  const getSnapshot = (): Selected => {
    const state = agent.store.getState();
    const cached = cache.current;
    if (cached && cached.state === state && cached.selector === selector) return cached.value;
    const value = selector(state);
    const keep = cached !== null && isEqual(cached.value, value);
    cache.current = { state, selector, value: keep ? cached.value : value };
    return cache.current.value;
  };
  const subscribe = useCallback((onChange: () => void) => agent.store.subscribe(onChange), [agent]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/**
 * Equality for arrays and plain objects, one level deep.
 *
 * @example
 * ```ts
 * shallowEqual(['a', 'b'], ['a', 'b']); // true
 * ```
 */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
