import type { AgentState, ReadonlyAgentStore, Sandbox } from '../core/index';
import { sandboxErrorCode } from './sandbox-events';

/** How a file differs from the checkpoint. */
export type FileChangeKind = 'added' | 'modified' | 'deleted';

/** What a row of a file tree shows: a file's change, or that a directory holds changed files. */
export type ChangeMark = FileChangeKind | 'contains-changes';

/** The files that differ from a checkpoint, as `useSandboxChanges` reports them. */
export interface ChangesSinceCheckpoint {
  /** The checkpoint compared against; `undefined` when there is none (then nothing is reported as changed). */
  checkpointId: string | undefined;
  added: readonly string[];
  modified: readonly string[];
  deleted: readonly string[];
  /** Every changed file with its kind, sorted by path. */
  files: readonly { path: string; change: FileChangeKind }[];
  /** The mark of every changed file, and `contains-changes` for each directory above one. */
  byPath: ReadonlyMap<string, ChangeMark>;
}

export interface ChangesStore {
  getSnapshot(): ChangesSinceCheckpoint;
  subscribe(onChange: () => void): () => void;
}

/** Nothing changed, or nothing to compare with. */
export const noChanges: ChangesSinceCheckpoint = Object.freeze({ checkpointId: undefined, added: [], modified: [], deleted: [], files: [], byPath: new Map() });
const stores = new WeakMap<Sandbox, WeakMap<object, Map<string, ChangesStore>>>();
const withoutAgent = {};

/**
 * The shared store of one (sandbox, agent, checkpoint) triple: every hook and row that shows the
 * changes reads one computation per sandbox version, and the store notifies only when the
 * result changes, so a tree's rows subscribe to it without each doing work per write.
 */
export function changesStoreFor(sandbox: Sandbox, agentStore: ReadonlyAgentStore | undefined, checkpointId: string | undefined): ChangesStore {
  let byAgent = stores.get(sandbox);
  if (!byAgent) stores.set(sandbox, (byAgent = new WeakMap()));
  let byCheckpoint = byAgent.get(agentStore ?? withoutAgent);
  if (!byCheckpoint) byAgent.set(agentStore ?? withoutAgent, (byCheckpoint = new Map()));
  const key = checkpointId ?? '';
  let store = byCheckpoint.get(key);
  if (!store) byCheckpoint.set(key, (store = createChangesStore(sandbox, agentStore, checkpointId)));
  return store;
}

/**
 * The default baseline is the latest checkpoint. Taking a checkpoint changes no file and sends no
 * sandbox event, so with an agent the store also watches the checkpoint of the last user message
 * (the agent takes one per turn) to notice a new turn before its first write.
 */
function createChangesStore(sandbox: Sandbox, agentStore: ReadonlyAgentStore | undefined, checkpointId: string | undefined): ChangesStore {
  let value = noChanges;
  let computedAt: { version: number; turn: string | undefined } | undefined;
  const listeners = new Set<() => void>();
  let stop: (() => void) | undefined;

  function getSnapshot(): ChangesSinceCheckpoint {
    const version = sandbox.version;
    const turn = agentStore ? lastTurnCheckpoint(agentStore.getState()) : undefined;
    if (computedAt && computedAt.version === version && computedAt.turn === turn) return value;
    computedAt = { version, turn };
    const next = compute(sandbox, checkpointId ?? sandbox.checkpoints().at(-1)?.id);
    if (!sameChanges(value, next)) value = next;
    return value;
  }

  function refresh(): void {
    const before = value;
    if (getSnapshot() !== before) for (const listener of [...listeners]) listener();
  }

  function subscribe(onChange: () => void): () => void {
    listeners.add(onChange);
    if (listeners.size === 1) {
      const stopSandbox = sandbox.subscribe(refresh);
      const stopAgent = agentStore?.subscribe((state, previous) => {
        if (state.messages !== previous.messages && lastTurnCheckpoint(state) !== lastTurnCheckpoint(previous)) refresh();
      });
      stop = () => {
        stopSandbox();
        stopAgent?.();
      };
    }
    return () => {
      listeners.delete(onChange);
      if (listeners.size === 0) stop?.();
    };
  }
  return { getSnapshot, subscribe };
}

function compute(sandbox: Sandbox, checkpointId: string | undefined): ChangesSinceCheckpoint {
  if (checkpointId === undefined) return noChanges;
  let changes;
  try {
    changes = sandbox.changesSince(checkpointId);
  } catch (error) {
    if (sandboxErrorCode(error) === 'unknown-checkpoint') return noChanges;
    throw error;
  }
  const files = [
    ...changes.added.map((path) => ({ path, change: 'added' as const })),
    ...changes.modified.map((path) => ({ path, change: 'modified' as const })),
    ...changes.deleted.map((path) => ({ path, change: 'deleted' as const })),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const byPath = new Map<string, ChangeMark>();
  for (const { path, change } of files) {
    byPath.set(path, change);
    for (let slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
      const directory = path.slice(0, slash);
      if (byPath.has(directory)) break;
      byPath.set(directory, 'contains-changes');
    }
  }
  if (files.length > 0) byPath.set('/', 'contains-changes');
  return { checkpointId, added: changes.added, modified: changes.modified, deleted: changes.deleted, files, byPath };
}

function sameChanges(a: ChangesSinceCheckpoint, b: ChangesSinceCheckpoint): boolean {
  return a.checkpointId === b.checkpointId && sameList(a.added, b.added) && sameList(a.modified, b.modified) && sameList(a.deleted, b.deleted);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** The checkpoint of the last user message: it changes when a turn starts or is rolled back. */
export function lastTurnCheckpoint(state: AgentState): string | undefined {
  for (let index = state.messages.length - 1; index >= 0; index--) {
    const message = state.messages[index]!;
    if (message.role === 'user') return message.checkpointId;
  }
  return undefined;
}
