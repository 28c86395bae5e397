import { useCallback, useSyncExternalStore } from 'react';
import { branchSiblings, type AgentState, type BranchSiblings, type ReadonlyAgentStore } from '../core/index';
import { useAgentInstance } from './agent-context';

interface BranchWatch {
  subscribe(listener: () => void): () => void;
}

const watches = new WeakMap<ReadonlyAgentStore, BranchWatch>();

const busy = (state: AgentState) => state.status === 'running' || state.status === 'awaiting-people';

/**
 * What a message's versions depend on: the branches at the start, and the path's length and end
 * (a fork, a switch or a rollback changes them; a streamed token does not); and whether a switch can run.
 */
const versionKey = (state: AgentState): readonly unknown[] => [state.branches, state.messages.length, state.messages.at(-1)?.id, busy(state)];

/**
 * One store subscription per agent, however many messages watch their versions: a streamed token
 * costs one comparison, and the watchers are called only when the path's end or the branches at
 * its start changed.
 */
function watchFor(store: ReadonlyAgentStore): BranchWatch {
  let watch = watches.get(store);
  if (watch) return watch;
  const listeners = new Set<() => void>();
  let stop: (() => void) | undefined;
  let key = versionKey(store.getState());
  watch = {
    subscribe(listener) {
      listeners.add(listener);
      stop ??= store.subscribe((state) => {
        const next = versionKey(state);
        if (next.length === key.length && next.every((value, index) => value === key[index])) return;
        key = next;
        for (const each of [...listeners]) each();
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = undefined;
        }
      };
    },
  };
  watches.set(store, watch);
  return watch;
}

/**
 * The other versions of a message of the active path (an edited question, a regenerated reply):
 * the first message of each branch at its place, in the order they were written, and which one
 * is shown; `undefined` when it has none. Show them with a picker and `agent.switchBranch(id)`.
 * However long the thread, a streamed token costs one comparison, not a call per message.
 *
 * @example
 * ```tsx
 * const versions = useBranches(message.id);
 * if (versions) return <span>{versions.active + 1} / {versions.ids.length}</span>;
 * ```
 */
export function useBranches(messageId: string): BranchSiblings | undefined {
  const agent = useAgentInstance();
  const watch = watchFor(agent.store);
  const subscribe = useCallback((listener: () => void) => watch.subscribe(listener), [watch]);
  const get = useCallback(() => branchSiblings(agent.store.getState(), messageId), [agent, messageId]);
  return useSyncExternalStore(subscribe, get, get);
}

/**
 * Whether another version can be shown now (`agent.switchBranch` waits for an idle agent: not while
 * it runs or waits for a person). Through the same shared subscription as `useBranches`, so a
 * picker under every message costs nothing per streamed token.
 *
 * @example
 * ```tsx
 * const canSwitch = useCanSwitchBranch();
 * <button disabled={!canSwitch} onClick={() => agent.switchBranch(id)}>Next</button>
 * ```
 */
export function useCanSwitchBranch(): boolean {
  const agent = useAgentInstance();
  const watch = watchFor(agent.store);
  const subscribe = useCallback((listener: () => void) => watch.subscribe(listener), [watch]);
  const get = useCallback(() => !busy(agent.store.getState()), [agent]);
  return useSyncExternalStore(subscribe, get, get);
}
