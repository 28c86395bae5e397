import { useRef, useSyncExternalStore } from 'react';
import type { AgentState } from '../core/index';
import { useAgentInstance } from './agent-context';
import { sharedSelection } from './shared-selection';

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
  // Components that pass the same selector function share one subscription and one call per change.
  const selection = sharedSelection(agent.store, selector, isEqual);
  const value = useSyncExternalStore(selection.subscribe, selection.getSnapshot, selection.getSnapshot);
  // An inline selector is a new selection each render: equal picks still keep their identity.
  const last = useRef<{ value: Selected } | null>(null);
  if (last.current === null || (last.current.value !== value && !isEqual(last.current.value, value))) last.current = { value };
  return last.current.value;
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
