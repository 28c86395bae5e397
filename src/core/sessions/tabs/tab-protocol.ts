/**
 * The messages between tabs that share one live conversation (`session.tabs`), over a
 * `BroadcastChannel` named after the storage and the session. The leading tab runs the loop and
 * sends what happens as numbered batches of the reducer's events (and the workspace's file
 * changes); a tab that joins asks for the whole state first (`hello` -> `welcome`), then applies
 * every batch after it in order, and asks again when it finds one missing. Commands of the other
 * tabs go to the leader and come back with their result.
 *
 * Every message is structured-cloneable; messages from other code on the channel are ignored.
 */
import type { StorageChanges } from '../../sandbox/storage/sandbox-storage';
import type { FileRecord } from '../../sandbox/storage/file-record';
import type { AgentEvent } from '../../store/events';
import type { AgentState } from '../../store/state';

/** The part of `navigator.locks` the tabs use (the leader's election, the calls run in a tab). */
export interface TabLocks {
  request(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => Promise<void> | void): Promise<unknown>;
}

/** Marks the kit's messages on a channel another library might share. */
export const tabProtocol = 'react-agent-kit/tabs@1';

export type TabMessage =
  /** A tab starts leading (the first, or one that took the run over): the others ask it for the state. */
  | { protocol: typeof tabProtocol; type: 'leader'; leader: string }
  /**
   * A tab that follows asks the leader for the state (on joining, or after a missing batch).
   * `from`: this tab's follower (answers go to it); `tab`: the browser tab, the same after a reload.
   */
  | { protocol: typeof tabProtocol; type: 'hello'; from: string; tab: string }
  /** The leader's whole state for `to`, as of batch `seq` of this leader (`leader`: its tab's id). */
  | { protocol: typeof tabProtocol; type: 'welcome'; to: string; leader: string; seq: number; state: AgentState; files?: readonly FileRecord[] }
  /**
   * What happened since batch `seq - 1`, in order. Each leader numbers its own batches: a batch of
   * another leader than the one a tab follows (the run was taken over) makes it ask for the state.
   */
  | { protocol: typeof tabProtocol; type: 'events'; leader: string; seq: number; events: readonly AgentEvent[]; files?: StorageChanges }
  /** A command of a following tab, for the leader to run (`tab`: the browser tab it was given in). */
  | { protocol: typeof tabProtocol; type: 'command'; from: string; tab: string; id: number; name: string; args: readonly unknown[] }
  /** The command's outcome, for the tab that sent it. */
  | { protocol: typeof tabProtocol; type: 'result'; to: string; id: number; ok: true; value: unknown }
  | { protocol: typeof tabProtocol; type: 'result'; to: string; id: number; ok: false; error: { name: string; message: string; code?: string } }
  /** A call of a `tab: 'sender'` tool, for browser tab `to` to run with its `onToolCall` (see tab-calls). */
  | { protocol: typeof tabProtocol; type: 'call'; to: string; id: string; attempt: number; name: string; input: unknown }
  /** The tab took the call and holds its lock while it runs. */
  | { protocol: typeof tabProtocol; type: 'call-taken'; id: string }
  | { protocol: typeof tabProtocol; type: 'call-outcome'; id: string; outcome: 'output'; output: unknown }
  | { protocol: typeof tabProtocol; type: 'call-outcome'; id: string; outcome: 'deferred' }
  | { protocol: typeof tabProtocol; type: 'call-outcome'; id: string; outcome: 'error'; error: { name: string; message: string } }
  /** The run stopped or the call timed out: the tab running it aborts its signal. */
  | { protocol: typeof tabProtocol; type: 'call-abort'; id: string };

/** Only the kit's own messages are read. */
export function isTabMessage(value: unknown): value is TabMessage {
  return typeof value === 'object' && value !== null && (value as { protocol?: unknown }).protocol === tabProtocol && typeof (value as { type?: unknown }).type === 'string';
}
