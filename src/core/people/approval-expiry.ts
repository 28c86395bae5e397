import type { ReadonlyAgentStore } from '../store/readonly-agent-store';
import type { AgentState } from '../store/state';
import { isPendingApproval } from '../store/tool-call-states';

/**
 * Denies approvals that nobody decided before their `expiresAt` (set by
 * `permissions.approvalExpiryMs`). Expiry only ever denies: nothing is approved by waiting.
 * Watches the state, so approvals restored from a saved state are covered too.
 *
 * @example
 * ```ts
 * const stop = watchApprovalExpiry(agent.store, (id) => agent.deny(id, { reason: 'expired' }));
 * ```
 */
export function watchApprovalExpiry(
  store: Pick<ReadonlyAgentStore, 'getState' | 'subscribe'>,
  expire: (toolCallId: string) => void,
  now: () => number = Date.now,
): () => void {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const sync = (state: AgentState) => {
    const pending = new Set<string>();
    for (const call of state.toolCalls) {
      const expiresAt = call.approval?.expiresAt;
      if (!isPendingApproval(call) || expiresAt === undefined) continue;
      pending.add(call.id);
      if (!timers.has(call.id)) timers.set(call.id, setTimeout(() => expire(call.id), Math.max(0, expiresAt - now())));
    }
    for (const [id, timer] of timers) {
      if (pending.has(id)) continue;
      clearTimeout(timer);
      timers.delete(id);
    }
  };
  sync(store.getState());
  // Streamed tokens change the state many times a second; only tool call changes matter here.
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.toolCalls !== previous.toolCalls) sync(state);
  });
  return () => {
    unsubscribe();
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };
}
