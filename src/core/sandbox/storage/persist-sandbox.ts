/**
 * Keeps a sandbox in a storage: loads what was saved, then saves what changed, debounced. Every
 * save is incremental: the sandbox compares the tree with the one last saved (shared subtrees
 * are skipped, so the cost follows the change) and only those records are written. A failed save
 * leaves the last-saved mark where it was, so the next save includes what it missed. Failures
 * never reach the sandbox: the files stay in memory and the status says what happened.
 */
import type { Sandbox } from '../sandbox-types';
import { PersistenceError, toPersistenceError } from '../../persistence/persistence-error';
import type { SandboxStorage } from './sandbox-storage';
import { createSaveScheduler, type FlushResult } from '../../persistence/save-scheduler';
import { renderingTurn } from '../../store/rendering-turn';

/**
 * Where saving stands: `saved` (storage has every change), `pending` (changes wait for the next
 * save), `error` (the last save failed; `error` says why, the next change or `flush()` retries),
 * `off` (loading failed, so nothing is saved and the stored data is left untouched).
 */
export type SandboxPersistenceStatus = 'saved' | 'pending' | 'error' | 'off';

/** Options of `persistSandbox`. */
export interface PersistSandboxOptions {
  /** Quiet time after the last change before saving. Default 300 ms. */
  delayMs?: number;
  /** A save happens at most this long after the first unsaved change. Default 2000 ms. */
  maxDelayMs?: number;
  /** Called with every failure (loading or saving). Default: `console.error`. */
  onError?: (error: PersistenceError) => void;
}

/** A sandbox kept in storage: its status, and commands to save now or stop. */
export interface SandboxPersistence {
  readonly status: SandboxPersistenceStatus;
  /** The last failure; `null` once a save succeeds again. */
  readonly error: PersistenceError | null;
  /** `restored`: the sandbox got the saved files; `new`: nothing was saved yet, its files were stored; `failed`: see `error`. */
  readonly loaded: 'restored' | 'new' | 'failed';
  /** Called whenever `status` or `error` changes. Returns the function that stops listening. */
  subscribe(listener: () => void): () => void;
  /** Saves pending changes now. */
  flush(): Promise<FlushResult>;
  /** Saves pending changes and stops listening to the sandbox. */
  dispose(): Promise<void>;
}

/**
 * Loads a sandbox from `storage` (replacing its files when something was saved; storing its
 * files when nothing was) and saves its changes from then on. Never rejects for a storage
 * failure: an unusable storage (no IndexedDB, data of a newer version, damaged data) gives a
 * handle with status `off`, the sandbox keeps working in memory and the stored data is untouched.
 *
 * @example
 * ```ts
 * import { createSandbox, indexedDbSandboxStorage, persistSandbox } from 'react-agent-kit/sandbox';
 *
 * const sandbox = createSandbox({ files: { 'README.md': '# Notes\n' } }); // used the first time only
 * const persistence = await persistSandbox(sandbox, indexedDbSandboxStorage({ name: 'notes' }));
 * persistence.subscribe(() => console.log(persistence.status)); // 'pending', then 'saved'
 * ```
 */
export async function persistSandbox(sandbox: Sandbox, storage: SandboxStorage, options: PersistSandboxOptions = {}): Promise<SandboxPersistence> {
  const onError = options.onError ?? ((error: PersistenceError) => console.error(error));
  const listeners = new Set<() => void>();
  let status: SandboxPersistenceStatus = 'saved';
  let error: PersistenceError | null = null;
  const set = (next: SandboxPersistenceStatus, nextError: PersistenceError | null) => {
    if (next === status && nextError === error) return;
    status = next;
    error = nextError;
    for (const listener of [...listeners]) listener();
  };
  const handle = (loaded: SandboxPersistence['loaded'], flush: () => Promise<FlushResult>, dispose: () => Promise<void>): SandboxPersistence => ({
    get status() {
      return status;
    },
    get error() {
      return error;
    },
    loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush,
    dispose,
  });
  const off = (failure: PersistenceError) => {
    set('off', failure);
    onError(failure);
    return handle('failed', async () => 'nothing-to-save', async () => undefined);
  };

  let saved: Awaited<ReturnType<SandboxStorage['load']>>;
  try {
    saved = await storage.load();
  } catch (failure) {
    return off(toPersistenceError(failure, 'loading the sandbox'));
  }
  if (saved !== null) {
    // Reading the records was this task's work; building the tree from them is the next one's.
    const turn = renderingTurn();
    if (turn) await turn;
    try {
      sandbox.load(saved.files);
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      return off(new PersistenceError('corrupt', `The saved files cannot be loaded into this sandbox (${reason}); they were left untouched.`, { cause: failure }));
    }
  }

  // The tree as storage has it; `undefined` until the first save of a new sandbox succeeded.
  let lastSaved = saved === null ? undefined : sandbox.mark();
  // Per-file saves leave the whole-tree record behind (a cold load then reads every record).
  let wholeTreeStale = false;
  const scheduler = createSaveScheduler(
    async () => {
      const target = sandbox.mark();
      if (lastSaved === undefined) await storage.saveAll(sandbox.toRecords());
      else {
        const changes = sandbox.recordChangesSince(lastSaved, target);
        if (changes.written.length === 0 && changes.deleted.length === 0) return 'nothing-to-save';
        await storage.save(changes);
        wholeTreeStale = true;
      }
      lastSaved = target;
      return 'saved';
    },
    {
      ...(options.delayMs !== undefined ? { delayMs: options.delayMs } : {}),
      ...(options.maxDelayMs !== undefined ? { maxDelayMs: options.maxDelayMs } : {}),
      onError: (failure) => {
        set('error', failure);
        onError(failure);
      },
      onFlush: (result) => {
        if (result !== 'failed') set(lastSaved !== undefined && lastSaved.version === sandbox.version ? 'saved' : 'pending', null);
      },
    },
  );
  const unsubscribe = sandbox.subscribe(() => {
    if (status !== 'error') set('pending', null);
    scheduler.schedule();
  });
  // When the page is hidden (it may be discarded next): save, then refresh the whole-tree record.
  const onHide = () => {
    if (globalThis.document?.visibilityState !== 'hidden') return;
    void scheduler.flush().then(async (result) => {
      if (result === 'failed' || !wholeTreeStale || storage.refreshWholeTree === undefined) return;
      wholeTreeStale = false;
      await storage.refreshWholeTree(sandbox.toRecords()).catch((failure: unknown) => onError(toPersistenceError(failure, 'saving the whole tree')));
    });
  };
  globalThis.document?.addEventListener('visibilitychange', onHide);
  if (saved === null) await scheduler.flush();
  return handle(saved === null ? 'new' : 'restored', scheduler.flush, async () => {
    unsubscribe();
    globalThis.document?.removeEventListener('visibilitychange', onHide);
    await scheduler.dispose();
  });
}
