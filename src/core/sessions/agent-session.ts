/**
 * `agent.session`: where an agent's session stands (loading, saved, saving, failed, taken over
 * by another tab). It exists from `createAgent` on; the code that loads and saves arrives with
 * the first load (a lazy chunk), so apps without sessions do not ship it.
 */
import type { PersistenceError } from '../persistence/persistence-error';

/**
 * - `loading`: the saved session is being read; commands wait for it.
 * - `saved`: storage holds everything. `pending`: changes wait for the next save (debounced).
 * - `error`: the last save failed (`error` says why); the next change retries. The chat goes on in memory.
 * - `conflict`: another tab or agent saved this session; this one stopped saving, so neither
 *   overwrites the other. Reload to continue with the latest version.
 * - `off`: loading failed (no IndexedDB, data of a newer version, damaged data): the chat runs in
 *   memory and the stored data is left untouched.
 */
export type AgentSessionStatus = 'loading' | 'saved' | 'pending' | 'error' | 'conflict' | 'off';

/** An agent's session, as `agent.session` shows it. */
export interface AgentSession {
  readonly id: string;
  readonly status: AgentSessionStatus;
  /** Why the status is `error`, `conflict` or `off`. */
  readonly error: PersistenceError | null;
  /** How loading went: `restored` (a saved session came back), `new`, or `failed` (see `error`); `undefined` while loading. */
  readonly loaded: 'restored' | 'new' | 'failed' | undefined;
  /**
   * Whether this tab runs the conversation's loop and saves it. With the same session open in
   * several tabs of one browser (`session.tabs`), one tab leads; the others show its state as it
   * happens and send their commands to it. `true` without tabs.
   */
  readonly leader: boolean;
  /** Resolves once loading is over, however it went. Commands wait for it on their own. */
  readonly ready: Promise<void>;
  /** Called whenever `status`, `error` or `loaded` changes. Returns the function that stops listening. */
  subscribe(listener: () => void): () => void;
  /** Saves now what is pending: the files, then the conversation. A run does this at each step boundary. */
  flush(): Promise<void>;
  /**
   * Saves what is pending and stops saving (say, before switching to another session). A tab
   * that led the session among several (`session.tabs`) lets the next one take it.
   */
  dispose(): Promise<void>;
}

/** The writable side of `AgentSession`, for the code that loads and saves. */
export interface AgentSessionControl {
  readonly session: AgentSession;
  set(fields: { status?: AgentSessionStatus; error?: PersistenceError | null; loaded?: 'restored' | 'new' | 'failed'; leader?: boolean }): void;
  /** Installs what `flush` and `dispose` do, once saving is set up. */
  connect(actions: { flush(): Promise<void>; dispose(): Promise<void> }): void;
  /** Runs `release` after `dispose` has saved (letting go of the session among tabs). */
  afterDispose(release: () => Promise<void>): void;
  /** Marks loading as over. */
  finishLoading(): void;
}

/**
 * @example
 * ```ts
 * const control = createAgentSession('chat-1');
 * control.set({ status: 'saved', loaded: 'new' });
 * control.finishLoading();
 * ```
 */
export function createAgentSession(id: string): AgentSessionControl {
  const listeners = new Set<() => void>();
  let actions = { flush: async () => {}, dispose: async () => {} };
  let release = async () => {};
  let finishLoading!: () => void;
  const ready = new Promise<void>((resolve) => (finishLoading = resolve));
  const state: { status: AgentSessionStatus; error: PersistenceError | null; loaded: AgentSession['loaded']; leader: boolean } = { status: 'loading', error: null, loaded: undefined, leader: true };
  const session: AgentSession = {
    id,
    get status() {
      return state.status;
    },
    get error() {
      return state.error;
    },
    get loaded() {
      return state.loaded;
    },
    get leader() {
      return state.leader;
    },
    ready,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush: () => ready.then(() => actions.flush()),
    // A following tab saves nothing (and may still wait for its first state): it only lets go.
    dispose: () => (state.leader ? ready.then(() => actions.dispose()) : Promise.resolve()).finally(() => release()),
  };
  return {
    session,
    set(fields) {
      const next = { ...state, ...fields };
      if (next.status === state.status && next.error === state.error && next.loaded === state.loaded && next.leader === state.leader) return;
      Object.assign(state, next);
      for (const listener of [...listeners]) listener();
    },
    connect(installed) {
      actions = installed;
    },
    afterDispose(given) {
      release = given;
    },
    finishLoading,
  };
}
