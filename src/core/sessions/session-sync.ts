/**
 * Loading an agent's session and keeping it saved. Loaded lazily by `createAgent` when it has a
 * `session` option, so apps without sessions do not ship it.
 *
 * Order on load: the conversation record, then the sandbox files (incremental, per file, like
 * `persistSandbox`), then the checkpoints; the restored state is sealed (nothing in it is in
 * flight any more), loses the authority data cannot carry (approvals are asked again), and
 * replaces the empty one. From then on every state change schedules a
 * save (debounced), written with compare-and-set on the session's revision: when another tab
 * or agent saved first, this one stops saving and says so, and nothing is overwritten.
 */
import type { AgentEvent } from '../store/events';
import { persistSandbox, type SandboxPersistence } from '../sandbox/storage/persist-sandbox';
import { PersistenceError, toPersistenceError } from '../persistence/persistence-error';
import { createSaveScheduler } from '../persistence/save-scheduler';
import type { Sandbox } from '../sandbox/sandbox-types';
import type { AgentState } from '../store/state';
import type { AgentSessionControl } from './agent-session';
import type { SandboxCheckpointRecord, SessionStorage } from './session-types';
import { createSnapshot, readSnapshot } from './snapshot-format';
import { renderingTurn } from '../store/rendering-turn';

export interface SessionSyncContext {
  id: string;
  storage: SessionStorage;
  sandbox: Sandbox | undefined;
  control: AgentSessionControl;
  getState: () => AgentState;
  subscribe: (listener: () => void) => () => void;
  dispatch: (event: AgentEvent) => void;
  now: () => number;
  /** The loaded state made ready to continue from: sealed, and with no authority of its own (see `withoutLoadedAuthority`). */
  restoreState: (state: AgentState) => AgentState;
  delayMs?: number | undefined;
  maxDelayMs?: number | undefined;
  onError: (error: PersistenceError) => void;
}

const conflictMessage = 'This conversation was changed in another tab or window, so this one stopped saving it (neither overwrites the other). Reload the page to continue with the latest version.';

/**
 * @example
 * ```ts
 * await attachSession({ id, storage, sandbox, control, getState, subscribe, dispatch, now: Date.now, onError: console.warn });
 * ```
 */
export async function attachSession(context: SessionSyncContext): Promise<void> {
  const { id, storage, sandbox, control } = context;
  const fail = (status: 'off' | 'error' | 'conflict', error: PersistenceError) => {
    control.set({ status, error });
    context.onError(error);
  };

  let revision: number | null = null;
  let files: SandboxPersistence | undefined;
  try {
    const record = await storage.load(id);
    const snapshot = record ? readSnapshot(record.snapshot) : undefined;
    files = sandbox ? await persistSandbox(sandbox, storage.files(id), { delayMs: context.delayMs, maxDelayMs: context.maxDelayMs, onError: context.onError }) : undefined;
    if (record && snapshot) {
      revision = record.revision;
      restoreCheckpoints(sandbox, snapshot.sandbox?.checkpoints, context.onError);
      // After the files: a read counts only while its file still holds what was read.
      sandbox?.importReads(snapshot.sandbox?.reads);
      // The read and the check were this task's work; the restored thread renders in the next.
      const turn = renderingTurn();
      if (turn) await turn;
      context.dispatch({ type: 'state-restore', state: context.restoreState(snapshot.state) });
    }
    control.set({ loaded: record ? 'restored' : 'new' });
  } catch (error) {
    // Nothing is saved from here on: whatever is stored stays as it was.
    control.set({ loaded: 'failed' });
    fail('off', toPersistenceError(error, 'loading the session'));
    control.finishLoading();
    return;
  }
  let conflicted = false;
  watchFiles(files, control, () => conflicted);

  // Saves come with every streamed token (debounced); the files rarely change meanwhile, so the
  // checkpoints, exported as changes from the current tree, are exported again only when the tree
  // or the set of checkpoints changed.
  let exported: { version: number; ids: string; records: SandboxCheckpointRecord[] } | undefined;
  const checkpointsOf = (sandbox: Sandbox): SandboxCheckpointRecord[] => {
    const ids = sandbox.checkpoints().map((checkpoint) => checkpoint.id).join('\n');
    if (exported?.version !== sandbox.version || exported.ids !== ids) exported = { version: sandbox.version, ids, records: sandbox.exportCheckpoints() };
    return exported.records;
  };
  // A restored conversation is saved as it is; a new one only once it has something to save
  // (an agent started from a snapshot has, an empty chat has not).
  const start = context.getState();
  let savedState: AgentState | undefined = revision !== null || start.messages.length === 0 ? start : undefined;
  const scheduler = createSaveScheduler(
    async () => {
      const state = context.getState();
      if (conflicted || state === savedState) return 'nothing-to-save';
      const snapshot = createSnapshot(state, sandbox ? { checkpoints: checkpointsOf(sandbox), reads: sandbox.exportReads() } : undefined);
      revision = await storage.save({ id, snapshot }, revision);
      savedState = state;
      return 'saved';
    },
    {
      delayMs: context.delayMs,
      maxDelayMs: context.maxDelayMs,
      onError: (error) => {
        if (error.code !== 'conflict') return fail('error', error);
        conflicted = true;
        fail('conflict', new PersistenceError('conflict', conflictMessage, { cause: error }));
      },
      onFlush: (result) => {
        if (!conflicted && result !== 'failed') control.set({ status: context.getState() === savedState ? 'saved' : 'pending', error: null });
      },
    },
  );
  const stopWatching = context.subscribe(() => {
    if (conflicted) return;
    control.set({ status: 'pending' });
    scheduler.schedule();
  });
  const stopListening = storage.subscribe?.((change) => {
    // Our own saves (and renames, which keep the revision) come back as revisions we already have.
    if (conflicted || change.id !== id || (change.revision !== null && revision !== null && change.revision <= revision)) return;
    conflicted = true;
    fail('conflict', new PersistenceError('conflict', change.revision === null ? 'This conversation was deleted in another tab or window; this one stopped saving it.' : conflictMessage));
  });
  // A page that goes away saves first (the browser gives it a moment).
  const onHide = () => void scheduler.flush();
  const page = typeof globalThis.addEventListener === 'function' && typeof document !== 'undefined' ? globalThis : undefined;
  page?.addEventListener('pagehide', onHide);
  const onVisibility = () => document.visibilityState === 'hidden' && onHide();
  if (page) document.addEventListener('visibilitychange', onVisibility);

  control.connect({
    // The files first: a record that says a tool wrote a file is never stored before the file.
    flush: async () => {
      await files?.flush();
      await scheduler.flush();
    },
    dispose: async () => {
      stopWatching();
      stopListening?.();
      page?.removeEventListener('pagehide', onHide);
      if (page) document.removeEventListener('visibilitychange', onVisibility);
      await Promise.all([scheduler.dispose(), files?.dispose()]);
    },
  });
  // A new session is stored with its first change (usually its first message), so opening an
  // empty chat leaves nothing behind in session lists.
  control.set({ status: savedState === context.getState() ? 'saved' : 'pending', error: null });
  if (savedState === undefined) scheduler.schedule();
  control.finishLoading();
}

/** Checkpoints that cannot be restored cost only their rollbacks (which then say so), not the conversation. */
function restoreCheckpoints(sandbox: Sandbox | undefined, checkpoints: readonly SandboxCheckpointRecord[] | undefined, onError: (error: PersistenceError) => void): void {
  if (!sandbox || !checkpoints) return;
  try {
    sandbox.importCheckpoints(checkpoints);
  } catch (error) {
    onError(new PersistenceError('corrupt', `The workspace checkpoints of this conversation could not be restored, so "Roll back" works only for new messages (${error instanceof Error ? error.message : String(error)}).`, { cause: error }));
  }
}

/**
 * The files are saved on their own schedule; a failure there shows in the session's status too,
 * unless the session is in conflict (its files are refused then too, and the conflict says why).
 */
function watchFiles(files: SandboxPersistence | undefined, control: AgentSessionControl, conflicted: () => boolean): void {
  if (!files) return;
  const report = () => {
    if (!conflicted() && (files.status === 'error' || files.status === 'off')) control.set({ status: 'error', error: files.error });
  };
  files.subscribe(report);
  report();
}
