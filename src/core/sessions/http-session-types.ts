/**
 * The public types of `httpSessionStorage`: its options, the storage it returns, and what it
 * reports when a session changed on two sides at once.
 */
import type { SessionGrants, SessionStorage } from './session-types';

/**
 * A session that changed on two sides at once (offline here, and on another device), both
 * versions kept: `id` holds the server's version (what the other devices see), `copyId` this
 * device's, as a new session titled `title` ("<its title> (offline copy)").
 *
 * @example
 * ```ts
 * const onConflict = ({ title }: SessionConflict) => toast(`Your offline changes were kept as "${title}".`);
 * ```
 */
export interface SessionConflict {
  readonly id: string;
  readonly copyId: string;
  readonly title: string;
}

/**
 * Options of `httpSessionStorage`.
 *
 * @example
 * ```ts
 * const options: HttpSessionStorageOptions = { credentials: 'include', offline: { name: `user-${userId}` } };
 * ```
 */
export interface HttpSessionStorageOptions {
  /** Headers sent with every request (an `Authorization` header, say), or a function that returns them (a fresh token). */
  headers?: HeadersInit | (() => HeadersInit | Promise<HeadersInit>);
  /** Whether cookies go with the requests (`fetch`'s `credentials`). Default `'same-origin'`. */
  credentials?: RequestCredentials;
  /** The `fetch` to use. Default: the global one. */
  fetch?: typeof fetch;
  /**
   * How long one request may take, its whole answer included, before it is given up as if the
   * server could not be reached (`unavailable`; with the offline copy, the app goes on from the
   * copy and syncs later). A server or proxy that accepts the connection and never answers would
   * otherwise hold the call forever. Default 30000 (30 s); `Infinity` for none.
   */
  requestTimeoutMs?: number;
  /**
   * The offline copy: the sessions are kept in IndexedDB too, so the app works without the server
   * and syncs when it is back. On by default where there is IndexedDB; `false` turns it off.
   * `name` names the local database (default: from the URL); where several people share a
   * browser profile, name it per user (`{ name: userId }`), or one sees the other's copy while
   * offline. `indexedDB`: another factory (fake-indexeddb in tests). `waitForServerMs`: how
   * long `list()` and `load()` (so an agent's `session.ready`) wait for a slow server before they
   * answer from the copy; the server's answer, when it comes, is still taken into the copy (and
   * listeners are told). Default 3000.
   */
  offline?: boolean | { name?: string; indexedDB?: IDBFactory; waitForServerMs?: number };
  /**
   * Keep the "always allow" grants of the sessions loaded from the server. By default they are
   * dropped on load, with a notice in the thread (the storage's `grants` is `'untrusted'`): the
   * session routes take a `PUT` from any HTTP client of the user (a script with their token,
   * another device, anyone when the server runs `withoutUsers`), so a stored grant may not be a
   * decision the person made in this app. Set this only when nothing but your app can write the
   * sessions, and say why in `reason` (kept for reviews and logs; it must not be empty). A decided
   * approval that did not run is asked again either way.
   *
   * @example
   * ```ts
   * httpSessionStorage('/api/agent', { trustGrants: { reason: 'The session routes accept only our signed app requests.' } });
   * ```
   */
  trustGrants?: { readonly reason: string };
  /** Called when a session changed here and on the server at once, after both versions were kept. */
  onConflict?: (conflict: SessionConflict) => void;
  /**
   * Called when the server answers a session's push with a failure or a refusal (a 5xx, too
   * large, an expired sign-in, a newer format): once when a session starts failing, not at every
   * retry. The change stays in the offline copy and is sent again (see `pendingSync`); a server
   * that cannot be reached at all is not reported here (that is being offline). Default: one
   * `console.warn` line.
   */
  onSyncError?: (error: Error, sessionId: string) => void;
}

/**
 * The `SessionStorage` that `httpSessionStorage` returns, with a view of its offline copy.
 *
 * @example
 * ```ts
 * const storage: HttpSessionStorage = httpSessionStorage('/api/agent');
 * if ((await storage.pendingSync()) > 0) showBadge('Not synced yet');
 * ```
 */
export interface HttpSessionStorage extends SessionStorage {
  /** `'untrusted'` unless the options name a `trustGrants` reason (see `HttpSessionStorageOptions.trustGrants`). */
  readonly grants: SessionGrants;
  /**
   * Pushes now what the offline copy holds that the server has not seen, and resolves once the
   * server has it all; rejects (`unavailable`, say) when something could not be pushed, which is
   * then tried again later. Without the offline copy it resolves at once.
   */
  sync(): Promise<void>;
  /** How many sessions have changes (saves, renames, removals) the server has not seen yet; 0 without the offline copy. */
  pendingSync(): Promise<number>;
}
