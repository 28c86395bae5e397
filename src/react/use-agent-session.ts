import { useCallback, useRef, useSyncExternalStore } from 'react';
import { canResume, type AgentSession, type AgentSessionStatus, type AgentState, type PersistenceError } from '../core/index';
import { useAgentSelector } from './use-agent-selector';
import { useOptionalAgentInstance } from './agent-context';

/** What {@link useAgentSession} returns: where the agent's session stands. */
export interface AgentSessionView {
  id: string;
  status: AgentSessionStatus;
  error: PersistenceError | null;
  loaded: AgentSession['loaded'];
  /** Whether this tab runs the conversation (see `AgentSession.leader`): `false` shows "running in another tab". */
  leader: boolean;
}

/**
 * The session of the nearest agent (`createAgent({ session })`): its status (`loading`, `saved`,
 * `pending`, `error`, `conflict`, `off`), the error behind it, and how loading went. `undefined`
 * for an agent without a session. Re-renders only when these change.
 *
 * @example
 * ```tsx
 * const session = useAgentSession();
 * if (session?.status === 'conflict') return <p role="alert">{session.error?.message}</p>;
 * ```
 */
export function useAgentSession(): AgentSessionView | undefined {
  const session = useOptionalAgentInstance()?.session;
  const cache = useRef<AgentSessionView | undefined>(undefined);
  const subscribe = useCallback((listener: () => void) => session?.subscribe(listener) ?? (() => {}), [session]);
  const read = () => {
    if (!session) return undefined;
    const cached = cache.current;
    if (cached && cached.id === session.id && cached.status === session.status && cached.error === session.error && cached.loaded === session.loaded && cached.leader === session.leader) return cached;
    cache.current = { id: session.id, status: session.status, error: session.error, loaded: session.loaded, leader: session.leader };
    return cache.current;
  };
  return useSyncExternalStore(subscribe, read, read);
}

const pickResumable = (state: AgentState) => canResume(state);

/**
 * Whether the conversation stopped between steps and can go on without a new message (after a
 * reload, typically): call `agent.resume()` then. See `canResume`.
 *
 * @example
 * ```tsx
 * const resumable = useCanResume();
 * {resumable && <button onClick={() => void agent.resume()}>Continue</button>}
 * ```
 */
export function useCanResume(): boolean {
  return useAgentSelector(pickResumable);
}
