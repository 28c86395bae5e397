/**
 * The agent snapshot format: writing one, and reading one back whatever version wrote it. Version
 * 0 is a bare `AgentState` (what apps saved from `agent.getState()` for `initialState` before
 * snapshots existed); it migrates to version 1 by wrapping. A version newer than this code is
 * refused, never guessed at, so newer data is never overwritten by older code.
 */
import { PersistenceError } from '../persistence/persistence-error';
import type { AgentState } from '../state';
import { AGENT_SNAPSHOT_VERSION, type AgentSnapshot } from './session-types';

/**
 * A snapshot of `state` (and of a sandbox's checkpoints and, optionally, files).
 *
 * @example
 * ```ts
 * const snapshot = createSnapshot(agent.getState());
 * ```
 */
export function createSnapshot(state: AgentState, sandbox?: AgentSnapshot['sandbox']): AgentSnapshot {
  return { format: 'react-agent-kit/agent', version: AGENT_SNAPSHOT_VERSION, state, ...(sandbox ? { sandbox } : {}) };
}

/**
 * Reads a snapshot of any known version as the current one. Throws a `PersistenceError`:
 * `future-format` for a newer version, `corrupt` for something that is not a snapshot.
 *
 * @example
 * ```ts
 * const snapshot = readSnapshot(JSON.parse(text)); // also takes a plain AgentState
 * ```
 */
export function readSnapshot(value: unknown): AgentSnapshot {
  if (!isObject(value)) throw corrupt('it is not an object');
  if (value.format === undefined && Array.isArray(value.messages)) return readSnapshot(migrateFromState(value));
  if (value.format !== 'react-agent-kit/agent') throw corrupt(`its format is ${JSON.stringify(value.format)}, not "react-agent-kit/agent"`);
  const version = value.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw corrupt(`its version ${JSON.stringify(version)} is not a version number`);
  if (version > AGENT_SNAPSHOT_VERSION) {
    throw new PersistenceError(
      'future-format',
      `This conversation was saved by a newer version of react-agent-kit (format ${version}; this one reads up to ${AGENT_SNAPSHOT_VERSION}). It was left as it is; update the app to open it.`,
    );
  }
  assertState(value.state);
  const sandbox = value.sandbox;
  if (sandbox !== undefined && (!isObject(sandbox) || !Array.isArray(sandbox.checkpoints) || (sandbox.files !== undefined && !Array.isArray(sandbox.files)))) {
    throw corrupt('its sandbox part needs a checkpoints list (and files, when present, as a list)');
  }
  return value as unknown as AgentSnapshot;
}

/** Version 0 → 1: a bare state gets the envelope, and fields added since get their defaults. */
function migrateFromState(state: Record<string, unknown>): AgentSnapshot {
  return createSnapshot({ runId: null, step: 0, error: null, alwaysAllowed: [], ...state } as unknown as AgentState);
}

function assertState(state: unknown): asserts state is AgentState {
  if (!isObject(state)) throw corrupt('it has no state');
  for (const field of ['messages', 'toolCalls', 'alwaysAllowed'] as const) {
    if (!Array.isArray(state[field])) throw corrupt(`its state has no ${field} list`);
  }
  if (!isObject(state.usage)) throw corrupt('its state has no usage');
  if (typeof state.status !== 'string') throw corrupt('its state has no status');
}

function corrupt(reason: string): PersistenceError {
  return new PersistenceError('corrupt', `This is not a saved conversation that react-agent-kit can read: ${reason}.`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
