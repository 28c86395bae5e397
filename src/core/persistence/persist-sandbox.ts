/**
 * Keeps a sandbox in a storage: loads what was saved, then saves every change, debounced. A file
 * write saves that one record; a change that is not per file (a restore, an import, a directory
 * created, moved or deleted) saves the whole tree. Failures never reach the sandbox: the files stay
 * in memory, the status says what happened, and the next change tries again.
 */
import type { Sandbox } from '../sandbox/sandbox-types';
import { createDebouncedSaver, type FlushResult } from './debounced-saver';
import type { FileRecord } from './file-record';
import { PersistenceError, toPersistenceError } from './persistence-error';
import type { SandboxStorage } from './sandbox-storage';

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
    status = 'off';
    error = failure;
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
    try {
      sandbox.load(saved.files);
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      return off(new PersistenceError('corrupt', `The saved files cannot be loaded into this sandbox (${reason}); they were left untouched.`, { cause: failure }));
    }
  }

  const whole = () => sandbox.toRecords();
  const saver = createDebouncedSaver(storage, {
    ...(options.delayMs !== undefined ? { delayMs: options.delayMs } : {}),
    ...(options.maxDelayMs !== undefined ? { maxDelayMs: options.maxDelayMs } : {}),
    onError: (failure) => {
      set('error', failure);
      onError(failure);
    },
    onFlush: (result) => {
      if (result !== 'failed') set(saver.pendingCount === 0 ? 'saved' : 'pending', null);
    },
  });
  // Per-file saves leave the whole-tree record behind (loads then read every record); refresh it
  // when the page is hidden, the moment a browser may discard it.
  let staleWholeRecord = false;
  const unsubscribe = sandbox.subscribe((event) => {
    if (event.type === 'write') {
      saver.add({ written: [recordOf(sandbox, event.path)], deleted: [] });
      staleWholeRecord = true;
    } else saver.addAll(whole);
    if (status !== 'error') set('pending', null);
  });
  const onHide = () => {
    if (globalThis.document?.visibilityState !== 'hidden') return;
    if (staleWholeRecord) saver.addAll(whole);
    staleWholeRecord = false;
    void saver.flush();
  };
  globalThis.document?.addEventListener('visibilitychange', onHide);
  if (saved === null) {
    saver.addAll(whole);
    await saver.flush();
  }
  return handle(saved === null ? 'new' : 'restored', saver.flush, async () => {
    unsubscribe();
    globalThis.document?.removeEventListener('visibilitychange', onHide);
    await saver.dispose();
  });
}

function recordOf(sandbox: Sandbox, path: string): FileRecord {
  const { binary, modified } = sandbox.stat(path);
  return binary ? { path, kind: 'binary', bytes: sandbox.readBytes(path), modified } : { path, kind: 'text', text: sandbox.readFile(path), modified };
}
