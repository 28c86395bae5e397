/**
 * The agent snapshot format: writing one, and reading one back whatever version wrote it. Version
 * 0 is a bare `AgentState` (what apps saved from `agent.getState()` for `initialState` before
 * snapshots existed); it migrates to version 1 by wrapping. Version 2 added the tool-call state
 * `approval-responded`; version 1's approved calls migrate to it (see `migrate-approval-responded`).
 * Version 3 added `file` parts to user messages; a version 2 snapshot is read as it is.
 * Version 4 changed only the JSON form (bytes encoded in file records only, see `snapshot-json`);
 * a version 3 snapshot is read as it is.
 * Version 5 added the conversation's branches (`state.branches`, with their files' checkpoints)
 * and the queue (`state.queue`): a kit that does not know them would drop them on its next save,
 * so it refuses them instead; a version 4 snapshot is read as it is.
 * Version 6 added `source` parts to replies (the pages and documents a reply drew on); a version 5
 * snapshot is read as it is.
 * The plan (`state.todos`) is an optional field, not a version: older snapshots have none, and an
 * older version of the kit ignores it.
 * A version newer than this code is refused, never guessed at, so newer data is never overwritten
 * by older code.
 */
import { fileRecordProblem } from '../sandbox/storage/file-record';
import { PersistenceError } from '../persistence/persistence-error';
import type { AgentState } from '../store/state';
import { checkAgentState } from './check-agent-state';
import { withUniqueToolCallIds } from './repair-tool-call-ids';
import { withApprovalResponded } from './migrate-approval-responded';
import { agentSnapshotVersion, type AgentSnapshot } from './session-types';
import { corruptSnapshot, describeValue, ShapeReader } from './shape-reader';

/**
 * A snapshot of `state` (and of a sandbox's checkpoints and, optionally, files).
 *
 * @example
 * ```ts
 * const snapshot = createSnapshot(agent.getState());
 * ```
 */
export function createSnapshot(state: AgentState, sandbox?: AgentSnapshot['sandbox']): AgentSnapshot {
  return { format: 'react-agent-kit/agent', version: agentSnapshotVersion, state, ...(sandbox ? { sandbox } : {}) };
}

/**
 * Reads a snapshot of any known version as the current one, checking all of it (the state's
 * every field, the workspace part's lists and records) before returning, so a caller loads either
 * all of it or nothing. Throws a `PersistenceError`: `future-format` for a newer version,
 * `corrupt` for something that is not a snapshot or is damaged, naming the bad field
 * (`state.messages[3].parts: expected a list, got "x"`).
 *
 * @example
 * ```ts
 * const snapshot = readSnapshot(JSON.parse(text)); // also takes a plain AgentState
 * ```
 */
export function readSnapshot(value: unknown): AgentSnapshot {
  if (!isObject(value)) throw corruptSnapshot('it is not an object');
  if (value.format === undefined && Object.prototype.hasOwnProperty.call(value, 'messages')) return readSnapshot(migrateFromState(value));
  if (value.format !== 'react-agent-kit/agent') throw corruptSnapshot(`${value.format === undefined ? 'it has no format' : `its format is ${describeValue(value.format)}`}, not "react-agent-kit/agent"`);
  const version = value.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw corruptSnapshot(`its version ${describeValue(version)} is not a version number`);
  if (version > agentSnapshotVersion) {
    throw new PersistenceError(
      'future-format',
      `This conversation was saved by a newer version of react-agent-kit (format ${version}; this one reads up to ${agentSnapshotVersion}). It was left as it is; update the app to open it.`,
    );
  }
  new ShapeReader('snapshot').object(value);
  // Saved before ids were unique, or before approved calls had a state of their own: repaired and
  // migrated, not refused (it is the user's conversation, not damage).
  const state = isObject(value.state) ? withApprovalResponded(withUniqueToolCallIds(value.state as unknown as AgentState)) : value.state;
  checkAgentState(state);
  if (value.sandbox !== undefined) checkSandboxPart(value.sandbox);
  // Migrated, it is the current version now: the envelope says so, as the next save will.
  return (state === value.state && version === agentSnapshotVersion ? value : { ...value, version: agentSnapshotVersion, state }) as unknown as AgentSnapshot;
}

/** Version 0 → 1: a bare state gets the envelope, and fields added since get their defaults. */
function migrateFromState(state: Record<string, unknown>): AgentSnapshot {
  return createSnapshot({ ...state, runId: state.runId ?? null, step: state.step ?? 0, error: state.error ?? null, alwaysAllowed: state.alwaysAllowed ?? [] } as unknown as AgentState);
}

/**
 * The shape of the workspace part: checkpoint envelopes and file records. What only the sandbox
 * can judge (path rules, quotas, checkpoint ids) it checks on import, all or nothing.
 */
function checkSandboxPart(value: unknown): void {
  const reader = new ShapeReader('sandbox');
  const sandbox = reader.object(value);
  if (sandbox.files !== undefined) checkFileRecords(reader, reader.list(sandbox.files, 'files'), 'files');
  const checkpoints = reader.list(sandbox.checkpoints, 'checkpoints');
  reader.enter('checkpoints');
  for (let index = 0; index < checkpoints.length; index++) {
    const checkpoint = reader.object(checkpoints[index], index);
    reader.enter(index);
    reader.string(checkpoint.id, 'id');
    reader.finite(checkpoint.createdAt, 'createdAt');
    reader.finite(checkpoint.version, 'version');
    const changes = reader.object(checkpoint.changes, 'changes');
    reader.enter('changes');
    checkFileRecords(reader, reader.list(changes.written, 'written'), 'written');
    const deleted = reader.list(changes.deleted, 'deleted');
    reader.enter('deleted');
    for (let position = 0; position < deleted.length; position++) reader.string(deleted[position], position);
    reader.leave();
    reader.leave();
    reader.leave();
  }
  reader.leave();
}

function checkFileRecords(reader: ShapeReader, records: readonly unknown[], key: string): void {
  reader.enter(key);
  for (let index = 0; index < records.length; index++) {
    reader.object(records[index], index);
    const problem = fileRecordProblem(records[index]);
    if (problem !== undefined) reader.fail(problem, index);
  }
  reader.leave();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
