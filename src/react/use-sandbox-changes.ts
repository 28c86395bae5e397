import { useCallback, useSyncExternalStore } from 'react';
import { useOptionalAgentInstance } from './agent-context';
import { useSandbox } from './sandbox-context';
import { changesStoreFor, noChanges, type ChangeMark, type ChangesStore, type ChangesSinceCheckpoint } from './sandbox-changes-store';

const emptyStore: ChangesStore = { getSnapshot: () => noChanges, subscribe: () => () => {} };

function useChangesStore(checkpointId: string | undefined): ChangesStore {
  const sandbox = useSandbox();
  const agent = useOptionalAgentInstance();
  // Only the agent that owns this sandbox says when its turns start.
  const agentStore = agent && agent.sandbox === sandbox ? agent.store : undefined;
  return sandbox ? changesStoreFor(sandbox, agentStore, checkpointId) : emptyStore;
}

/**
 * The files added, modified and deleted since a checkpoint (default: the sandbox's latest
 * checkpoint; with an agent, the one taken before the current or last user message, so "what
 * this turn changed"), updated as the sandbox changes. Re-renders only when the set of changed
 * files changes: writing again to a file that is already `modified` does not re-render.
 * One computation per sandbox version is shared by every component that asks. With no
 * checkpoint (or an unknown id) nothing counts as changed and `checkpointId` is `undefined`.
 *
 * @example
 * ```tsx
 * function TurnSummary() {
 *   const { added, modified, deleted } = useSandboxChanges();
 *   return <p>{added.length} added, {modified.length} modified, {deleted.length} deleted</p>;
 * }
 * ```
 */
export function useSandboxChanges(checkpointId?: string): ChangesSinceCheckpoint {
  const store = useChangesStore(checkpointId);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * The change mark of one path since a checkpoint (default: the latest, as in
 * `useSandboxChanges`): `added`, `modified` or `deleted` for a file, `contains-changes` for a
 * directory with changed files below it, `undefined` when unchanged. A row of a file tree uses
 * this to re-render only when its own mark changes.
 *
 * @example
 * ```tsx
 * function Row({ path, name }: { path: string; name: string }) {
 *   const mark = useFileChange(path);
 *   return <li data-change={mark}>{name}{mark === 'modified' ? ' (modified)' : ''}</li>;
 * }
 * ```
 */
export function useFileChange(path: string, checkpointId?: string): ChangeMark | undefined {
  const store = useChangesStore(checkpointId);
  const getMark = useCallback(() => store.getSnapshot().byPath.get(path), [store, path]);
  return useSyncExternalStore(store.subscribe, getMark, getMark);
}
