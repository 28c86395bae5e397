import { useCallback, useSyncExternalStore } from 'react';
import type { Agent, AgentState, FilePart, Message } from '../core/index';
import { useAgentInstance } from './agent-context';

/** A turn that can be rolled back: a user message whose checkpoint the sandbox still has. */
export interface TurnCheckpoint {
  messageId: string;
  checkpointId: string;
  /** The message's text. */
  text: string;
  /** When the message was sent, epoch milliseconds. */
  createdAt: number;
  /**
   * `agent.rollback(messageId)`: restores the files to just before this message and removes it
   * and everything after it; resolves with the removed message's text and files (to put back in
   * the composer). Rejects with `AgentCommandError` (`agent-busy` while a run is active or waits
   * for people, `checkpoint-missing`); nothing changes then.
   */
  rollback(): Promise<{ text: string; files: FilePart[] }>;
}


/**
 * The turns of the conversation that can be rolled back, oldest first: user messages with a
 * `checkpointId` that the agent's sandbox still has. Empty for an agent without a sandbox.
 * Re-renders only when that list changes (a message sent or rolled back), not per streamed
 * token or per file write. Needs an `AgentProvider`.
 *
 * @example
 * ```tsx
 * function History() {
 *   const turns = useCheckpoints();
 *   return turns.map((turn) => (
 *     <button key={turn.messageId} onClick={() => turn.rollback().then(({ text }) => setDraft(text))}>
 *       Undo from “{turn.text}”
 *     </button>
 *   ));
 * }
 * ```
 */
export function useCheckpoints(): readonly TurnCheckpoint[] {
  const agent = useAgentInstance();
  const getSnapshot = useCallback(() => checkpointsOf(agent), [agent]);
  const subscribe = useCallback((onChange: () => void) => agent.store.subscribe(onChange), [agent]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

interface Cache {
  state: AgentState;
  turns: Message[];
  value: readonly TurnCheckpoint[];
}

// Shared per agent: every message's rollback action reads the same list, computed once per state.
const caches = new WeakMap<Agent, Cache>();

function checkpointsOf(agent: Agent): readonly TurnCheckpoint[] {
  const state = agent.store.getState();
  const cached = caches.get(agent);
  if (cached?.state === state) return cached.value;
  // The reducer keeps the identity of messages that did not change: compare the user messages by identity.
  const turns = agent.sandbox ? state.messages.filter(isTurn) : [];
  if (cached && turns.length === cached.turns.length && turns.every((message, index) => message === cached.turns[index])) {
    caches.set(agent, { ...cached, state });
    return cached.value;
  }
  // Only when the user messages changed: the agent takes and deletes checkpoints together with them.
  const known = new Set(agent.sandbox?.checkpoints().map((checkpoint) => checkpoint.id));
  const next = turns.filter((message) => known.has(message.checkpointId!)).map((message) => toTurnCheckpoint(agent, message));
  const value = cached && sameTurns(cached.value, next) ? cached.value : next;
  caches.set(agent, { state, turns, value });
  return value;
}

const isTurn = (message: Message) => message.role === 'user' && message.checkpointId !== undefined;

function toTurnCheckpoint(agent: Agent, message: Message): TurnCheckpoint {
  return {
    messageId: message.id,
    checkpointId: message.checkpointId!,
    text: message.parts.map((part) => (part.type === 'text' ? part.text : '')).join(''),
    createdAt: message.createdAt,
    rollback: () => agent.rollback(message.id),
  };
}

function sameTurns(a: readonly TurnCheckpoint[], b: readonly TurnCheckpoint[]): boolean {
  return a.length === b.length && a.every((turn, index) => turn.messageId === b[index]!.messageId && turn.checkpointId === b[index]!.checkpointId && turn.text === b[index]!.text);
}
