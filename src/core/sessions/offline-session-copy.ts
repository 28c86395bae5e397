/**
 * The offline copy of `httpSessionStorage`: the agent and the session list talk to a copy of the
 * user's sessions in IndexedDB, and the copy and the server are brought together whenever the
 * server can be reached. Loaded lazily by `httpSessionStorage`, so an app that turns it off does
 * not ship it.
 *
 * - A save goes to the copy (compare-and-set on the copy's revision, the one the agent sees) and
 *   is then pushed, compare-and-set on the server revision the copy last matched. A server that
 *   cannot be reached leaves it to push: again on the `online` event, on a backoff timer, and
 *   with the next call. What is left to push is kept in IndexedDB (`sync-records`), so a reload
 *   while offline loses nothing.
 * - `load` brings the session up to date first (push, or bring the server's newer version down);
 *   `list` is the server's list with the sessions only this copy has; offline, both read the copy.
 * - When both sides changed a session, both versions are kept (`keep-both-versions`).
 * - Sync steps run one at a time: in a tab through a queue, across tabs through a Web Lock where
 *   the browser has them.
 */
import type { SandboxStorage } from '../sandbox/storage/sandbox-storage';
import type { HttpSessionStorage, SessionConflict } from './http-session-types';
import type { SessionChange } from './session-broadcast';
import type { SessionGrants, SessionStorage, SessionSummary } from './session-types';
import type { OfflineSync } from './offline-sync';
import { pushSession, syncSession } from './sync-one-session';
import { needsPush, syncRecords, unsyncedRecord } from './sync-records';
import { syncRetry } from './sync-retry';
import type { SyncKit } from './sync-kit';

/** Options of `offlineSessionCopy`. */
export interface OfflineSessionCopyOptions {
  /** The database of the sync records (and the name of the Web Lock its sync steps take). */
  readonly records: string;
  readonly indexedDB: IDBFactory;
  readonly onConflict?: ((conflict: SessionConflict) => void) | undefined;
  /** Told when the server fails on or refuses a session's push (the first time in a row). Default: `console.warn`. */
  readonly onSyncError?: ((error: Error, sessionId: string) => void) | undefined;
  /** The kit functions it uses (`syncKit`), handed over so that this lazy chunk imports nothing of the main bundle. */
  readonly kit: SyncKit;
  /** Whether the grants of sessions loaded from it are kept (`HttpSessionStorageOptions.trustGrants`). Default `'untrusted'`: the copy holds what the server sent. */
  readonly grants?: SessionGrants | undefined;
  /** How long `list` and `load` wait for the server before answering from the copy. Default 3000. */
  readonly waitForServerMs?: number | undefined;
}

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/**
 * Whether the server could not be reached at all (`fetch` itself failed, or nothing came back
 * before the request's deadline: a stalled server is treated as an unreachable one), rather
 * than answered with a failure.
 */
const unreachable = (error: unknown): boolean => {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return codeOf(error) === 'unavailable' && (cause instanceof TypeError || (cause as { name?: unknown } | null)?.name === 'TimeoutError');
};

/** The wait a server asked for (a 503's `retry-after`, on the `PersistenceError`), else 0. */
const retryAfterOf = (error: unknown): number => {
  const asked = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return typeof asked === 'number' && asked > 0 ? asked : 0;
};

/** Most changed files a push sends one by one; past that, it sends the whole tree. */
const maxChangedFiles = 1_000;

/** How long a session the server failed on waits before it is sent again with a save (doubling up to `maxHoldMs`). */
const firstHoldMs = 2_000;
const maxHoldMs = 60_000;

/**
 * `remote` (the HTTP client of the session routes) with `local` (an `indexedDbSessionStorage`,
 * the copy) in front of it.
 *
 * @example
 * ```ts
 * const storage = offlineSessionCopy(remote, indexedDbSessionStorage({ name, indexedDB }), { records: `react-agent-kit:sessions:${name}:sync`, indexedDB, kit: syncKit });
 * await storage.sync(); // pushes what is left to push, rejects when the server cannot be reached
 * ```
 */
export function offlineSessionCopy(remote: SessionStorage, local: SessionStorage, options: OfflineSessionCopyOptions): HttpSessionStorage {
  const { kit } = options;
  const { PersistenceError, toPersistenceError, byRecentUpdate } = kit;
  const records = syncRecords(options.records, options.indexedDB, kit);
  const lockName = options.records;
  const listeners = new Set<(change: SessionChange) => void>();
  const sync: OfflineSync = {
    local,
    remote,
    records,
    kit,
    notify: (change) => {
      if (change.revision !== null) touched.add(change.id);
      for (const listener of [...listeners]) listener(change);
    },
    onConflict: options.onConflict,
  };
  /** Sessions changed here since the last round looked at them: a save's round pushes only these. */
  const touched = new Set<string>();
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();
  let running: Promise<void> | undefined;
  let again = false;
  let started = false;
  let lastError: unknown;
  const retry = syncRetry(() => void pushAll({ scan: true, force: true }));
  const waitForServerMs = options.waitForServerMs ?? 3_000;
  const gaveUp = Symbol('gave up waiting for the server');

  /** One sync step at a time: in this tab through `queue`, across tabs through a Web Lock. */
  function exclusive<T>(step: () => Promise<T>): Promise<T> {
    const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
    const run = queue.then(() => (locks ? locks.request(lockName, step) : step()));
    queue = run.catch(() => undefined);
    return run;
  }

  /** The sessions with changes the server has not seen (removals first). */
  async function pendingIds(): Promise<string[]> {
    const [summaries, all] = await Promise.all([local.list(), records.all()]);
    const byId = new Map(all.map((record) => [record.id, record]));
    const ids = all.filter((record) => record.removed).map((record) => record.id);
    for (const summary of summaries) if (needsPush(byId.get(summary.id) ?? unsyncedRecord(summary.id), summary.revision)) ids.push(summary.id);
    return ids;
  }

  /**
   * Sessions the server failed on (a 5xx, a refusal) and when each may be tried again: a session
   * that keeps failing (a proxy timing out its large upload) waits on its own, doubling from 2 s to
   * a minute, and is tried again with every save or load only after that; the retry timer, the
   * `online` event and `sync()` try it at once.
   */
  const held = new Map<string, { until: number; wait: number }>();
  const hold = (id: string, error: unknown) => {
    const wait = Math.min((held.get(id)?.wait ?? firstHoldMs / 2) * 2, maxHoldMs);
    // A server that said when to come back (503 with retry-after) is not asked before then.
    held.set(id, { until: Date.now() + Math.max(wait, Math.min(retryAfterOf(error), maxHoldMs)), wait });
  };
  let forceNext = false;
  const report = (error: unknown, id: string) => {
    const reason = toPersistenceError(error, `sending session "${id}" to the server`);
    try {
      if (options.onSyncError) options.onSyncError(reason, id);
      else console.warn(`[react-agent-kit] Session "${id}" is kept in this browser but did not reach the server: ${reason.message} It is sent again later.`);
    } catch {
      // The app's callback must not stop the sync.
    }
  };

  let scanNext = false;

  /**
   * Pushes what is left to push; a change made meanwhile gets another round. Never rejects.
   * `how.id`: the session a change here was made to; such a round pushes only the sessions changed
   * since the last one (a save costs the same with 10,000 sessions in the copy as with one).
   * `how.scan`: looks at every session of the copy instead (after a reload, a failure, a retry).
   * `how.force`: sessions the server failed on are tried too, however recently.
   */
  function pushAll(how: { id?: string; scan?: boolean; force?: boolean } = {}): Promise<void> {
    if (how.id !== undefined) touched.add(how.id);
    if (closed) return Promise.resolve();
    if (!started || how.scan || how.force) scanNext = true;
    started = true;
    again = true;
    forceNext ||= how.force === true;
    running ??= (async () => {
      while (again && !closed) {
        again = false;
        const forced = forceNext;
        const scan = scanNext;
        forceNext = false;
        scanNext = false;
        let failure: unknown;
        try {
          await exclusive(async () => {
            // A scan: every session with changes, then again for one a push made (a conflict's
            // copy). Otherwise: the sessions changed here since the last round, and those changed meanwhile.
            const next = async () => {
              const ids = scan ? await pendingIds() : [];
              for (const id of touched) if (!ids.includes(id)) ids.push(id);
              touched.clear();
              return ids;
            };
            const tried = new Set<string>();
            for (let ids = await next(); ids.some((id) => !tried.has(id)); ids = await next()) {
              for (const id of ids.filter((id) => !tried.has(id))) {
                tried.add(id);
                const waiting = held.get(id);
                if (!forced && waiting !== undefined && waiting.until > Date.now()) {
                  failure ??= new PersistenceError('unavailable', `Session "${id}" waits to be sent again: the server failed on it.`);
                  continue;
                }
                // One session the server fails on or refuses does not hold the others back; only a
                // server that cannot be reached at all ends the round.
                await pushSession(sync, id).then(
                  () => held.delete(id),
                  (error: unknown) => {
                    if (codeOf(error) === 'closed' || unreachable(error)) throw error;
                    if (!held.has(id)) report(error, id);
                    hold(id, error);
                    failure ??= error;
                  },
                );
              }
            }
          });
        } catch (error) {
          failure = error;
          // The server cannot be reached: the next round looks at everything again.
          scanNext = true;
        }
        if (failure !== undefined) {
          lastError = failure;
          if (!closed) retry.failed(retryAfterOf(failure));
          break;
        }
        // Only a round that looked at everything knows that nothing is left.
        if (scan) {
          lastError = undefined;
          retry.succeeded();
        }
      }
    })().finally(() => {
      running = undefined;
      // A change that came while the last round was ending gets a round of its own.
      if (again) void pushAll();
    });
    return running;
  }

  /** With every call: after a reload, and while something is left to push, try again. */
  const kick = () => {
    if (!started || lastError !== undefined) void pushAll({ scan: true });
  };

  /**
   * Runs `step` against the server; `undefined` when it did not go through, and the copy here is
   * what there is: the server cannot be reached, refuses (an expired sign-in), sent a version this
   * code cannot read, or a save here came in between (the push that follows settles it).
   */
  async function online<T>(step: () => Promise<T>, late?: (result: T) => void): Promise<T | undefined> {
    kick();
    const done = exclusive(step).catch((error: unknown) => {
      if (codeOf(error) === 'closed') throw error;
      if (codeOf(error) !== 'unavailable') void pushAll({ scan: true });
      return undefined;
    });
    // A slow server (or a push ahead of this step that waits on one) does not hold the app up:
    // after a short wait the copy answers, and the step goes on in the background.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<typeof gaveUp>((resolve) => (timer = setTimeout(() => resolve(gaveUp), waitForServerMs)));
    const first = await Promise.race([done, waited]).finally(() => clearTimeout(timer));
    if (first !== gaveUp) return first;
    void done.then(
      (result) => {
        if (late && result !== undefined && !closed) late(result);
      },
      () => undefined,
    );
    return undefined;
  }

  const storage: HttpSessionStorage = {
    grants: options.grants ?? 'untrusted',

    async list() {
      const merged = await online(async () => {
        const [server, summaries, all] = await Promise.all([remote.list(), local.list(), records.all()]);
        const byId = new Map(all.map((record) => [record.id, record]));
        const there = new Map(server.map((summary) => [summary.id, summary]));
        const result: SessionSummary[] = [];
        for (const summary of summaries) {
          const record = byId.get(summary.id) ?? unsyncedRecord(summary.id);
          const onServer = there.get(summary.id);
          there.delete(summary.id);
          if (needsPush(record, summary.revision)) result.push(summary);
          else if (onServer) result.push(listed(summary, onServer, record.serverRevision));
          else if (record.serverRevision !== null) {
            // Not in the server's list, and nothing here changed since: removed there, so here too;
            // asked once more first, since a list from before it was saved (a stale cache) would remove it too.
            const server = await remote.load(summary.id);
            await syncSession(sync, summary.id, server);
            if (server !== null) result.push(summary);
          } else result.push(summary);
        }
        for (const summary of there.values()) if (!byId.get(summary.id)?.removed) result.push(summary);
        return result.sort(byRecentUpdate);
      }, (late) => {
        // The list answered from the copy lacked what the server had: lists are told to look again.
        void local.list().then((here) => {
          const known = new Set(here.map((summary) => summary.id));
          for (const summary of late) if (!known.has(summary.id)) sync.notify({ id: summary.id, revision: summary.revision });
        }, () => undefined);
      });
      return merged ?? local.list();
    },

    async load(id) {
      await online(async () => syncSession(sync, id, await remote.load(id)));
      return local.load(id);
    },

    async save(write, expectedRevision) {
      const revision = await local.save(write, expectedRevision);
      void pushAll({ id: write.id });
      return revision;
    },

    async rename(id, title) {
      await local.rename(id, title).catch(async (error: unknown) => {
        // Only on the server so far: bring it here first.
        if (codeOf(error) !== 'failed') throw error;
        await storage.load(id);
        await local.rename(id, title);
      });
      await records.update(id, (record) => ({ ...record, title }));
      void pushAll({ id });
    },

    async remove(id) {
      await local.remove(id);
      await records.update(id, (record) => ({ ...record, removed: true }));
      void pushAll({ id });
    },

    files(id): SandboxStorage {
      const files = local.files(id);
      // The version of the copy these files belong to: once the server's replaced it, they are stale.
      let version: Promise<number> | undefined;
      const versionOf = () => (version ??= records.get(id).then((record) => record.replaced ?? 0));
      // `paths`: the files a change set touches (the push sends only those); none: the whole tree changed.
      const change = async (write: () => Promise<void>, paths?: readonly string[]) => {
        const mine = await versionOf();
        await records.update(id, (record) => {
          if ((record.replaced ?? 0) !== mine) throw new PersistenceError('conflict', `Session "${id}" was replaced by the server's version (saved on another device); these file changes were not saved.`);
          const { changedFiles: before, ...rest } = record;
          // Files in sync start a new list; a list not known (a whole tree saved) stays unknown; a long one is the tree again.
          const known = record.fileChanges === record.filesPushed ? [] : before;
          const changedFiles = paths && known ? [...new Set([...known, ...paths])] : undefined;
          return { ...rest, fileChanges: record.fileChanges + 1, ...(changedFiles && changedFiles.length <= maxChangedFiles ? { changedFiles } : {}) };
        });
        await write();
        void pushAll({ id });
      };
      return {
        async load() {
          await versionOf();
          return files.load();
        },
        save: (changes) => change(() => files.save(changes), [...changes.written.map((record) => record.path), ...changes.deleted]),
        saveAll: (all) => change(() => files.saveAll(all)),
        ...(files.refreshWholeTree ? { refreshWholeTree: (all) => files.refreshWholeTree!(all) } : {}),
        clear: () => change(() => files.clear()),
        close: () => files.close(),
      };
    },

    subscribe(listener) {
      listeners.add(listener);
      const stop = local.subscribe?.(listener);
      return () => {
        listeners.delete(listener);
        stop?.();
      };
    },

    async sync() {
      await pushAll({ scan: true, force: true });
      while (running) await running;
      if (lastError !== undefined) throw toPersistenceError(lastError, 'syncing the sessions with the server');
    },

    async pendingSync() {
      return (await pendingIds()).length;
    },

    async close() {
      if (closed) return;
      closed = true;
      retry.close();
      listeners.clear();
      records.close();
      await Promise.all([local.close(), remote.close()]);
    },
  };
  return storage;
}

/**
 * How the list shows a session that is in sync: the server's summary when another device changed
 * it since (or renamed it), else this copy's. Times are the earlier of both sides: a push reaches
 * the server after the change was made here, a session brought down arrives here after it was
 * made there.
 */
function listed(here: SessionSummary, there: SessionSummary, matched: number | null): SessionSummary {
  if (there.revision !== matched || there.title !== here.title) return { ...there, revision: here.revision };
  return { ...here, createdAt: Math.min(here.createdAt, there.createdAt), updatedAt: Math.min(here.updatedAt, there.updatedAt) };
}
