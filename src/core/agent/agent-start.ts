/**
 * What an agent starts from: its first state (given, restored from a snapshot, or empty) and,
 * with a session, the loading of the saved conversation (whose code arrives in a lazy chunk).
 */
import type { AgentEvent } from '../events';
import { toPersistenceError, type PersistenceError } from '../persistence/persistence-error';
import type { Sandbox } from '../sandbox/sandbox-types';
import { createAgentSession, type AgentSessionControl } from '../session/agent-session';
import { sealInterrupted } from '../session/seal-interrupted';
import { readSnapshot } from '../session/snapshot-format';
import type { AgentState } from '../state';
import type { AgentOptions } from './agent-options';

/**
 * The state the agent starts from: the given one, a snapshot's (sealed, with its files and
 * checkpoints loaded into the sandbox), or `undefined` for an empty one.
 *
 * @example
 * ```ts
 * const store = createAgentStore(startingState(options, Date.now));
 * ```
 */
export function startingState(options: AgentOptions, now: () => number): AgentState | undefined {
  if (options.snapshot !== undefined && options.initialState !== undefined) throw new TypeError('createAgent: pass `snapshot` or `initialState`, not both.');
  // A state given as it is stays as it is (views and tests render exact states); snapshots are restored.
  if (options.initialState) return { ...options.initialState, alwaysAllowed: options.initialState.alwaysAllowed ?? [] };
  if (options.snapshot === undefined) return undefined;
  const snapshot = readSnapshot(options.snapshot);
  if (snapshot.sandbox) {
    if (!options.sandbox) throw new TypeError('createAgent: the snapshot has a workspace; pass `sandbox: createSandbox()` (react-agent-kit/sandbox) to restore its files and checkpoints.');
    if (snapshot.sandbox.files) options.sandbox.load(snapshot.sandbox.files);
    options.sandbox.importCheckpoints(snapshot.sandbox.checkpoints);
  }
  return sealInterrupted(snapshot.state, now());
}

/**
 * Checks the session option and starts loading the session; commands wait for `ready`.
 *
 * @example
 * ```ts
 * const control = startSession({ id: 'chat-1', storage }, { sandbox, getState, dispatch, now: Date.now, subscribe });
 * await control.session.ready;
 * ```
 */
export function startSession(
  options: NonNullable<AgentOptions['session']>,
  agent: { sandbox: Sandbox | undefined; getState: () => AgentState; dispatch: (event: AgentEvent) => void; now: () => number; subscribe: (listener: () => void) => () => void },
): AgentSessionControl {
  if (typeof options.id !== 'string' || options.id === '') throw new TypeError('createAgent: `session.id` must be a non-empty string.');
  const methods = ['list', 'load', 'save', 'rename', 'remove', 'files'] as const;
  const missing = methods.filter((name) => typeof (options.storage as unknown as Record<string, unknown> | null)?.[name] !== 'function');
  if (missing.length > 0) throw new TypeError(`createAgent: \`session.storage\` must be a session storage (indexedDbSessionStorage or memorySessionStorage from react-agent-kit/sessions); it lacks ${missing.join(', ')}.`);
  const control = createAgentSession(options.id);
  const onError = options.onError ?? ((error: PersistenceError) => console.warn(`[react-agent-kit] session "${options.id}": ${error.message}`));
  import('../session/session-sync')
    .then(({ attachSession }) => attachSession({ id: options.id, storage: options.storage, control, onError, delayMs: options.delayMs, maxDelayMs: options.maxDelayMs, ...agent }))
    .catch((error: unknown) => {
      // Not even the code could load (offline after an update, say): the chat runs in memory.
      control.set({ status: 'off', loaded: 'failed', error: toPersistenceError(error, 'loading the session') });
      control.finishLoading();
    });
  return control;
}
