/**
 * Telling other tabs that a session changed, through a `BroadcastChannel`. A channel does not
 * deliver a message to the object that posted it, so listeners hear other tabs (and other
 * storage objects of the same name in this tab), never their own storage's changes.
 */

/**
 * What `SessionStorage.subscribe` reports: a session that changed and its revision now (`null`:
 * it was removed; unchanged after a rename).
 *
 * @example
 * ```ts
 * storage.subscribe?.((change: SessionChange) => {
 *   if (change.id === currentId && change.revision !== myRevision) showReloadNotice();
 * });
 * ```
 */
export interface SessionChange {
  readonly id: string;
  readonly revision: number | null;
}

/**
 * One storage's end of the channel: `post` after every change, `subscribe` to others' changes.
 *
 * @example
 * ```ts
 * const broadcast: SessionBroadcast = sessionBroadcast('react-agent-kit:sessions:my-app');
 * ```
 */
export interface SessionBroadcast {
  post(change: SessionChange): void;
  subscribe(listener: (change: SessionChange) => void): () => void;
  close(): void;
}

/**
 * A `SessionBroadcast` over the channel `channelName`, opened on first use. Where there is no
 * `BroadcastChannel` (old browsers, some test environments) posting does nothing and
 * subscribing hears nothing; saves still work, and conflicts are still caught by the
 * compare-and-set of the next save.
 *
 * @example
 * ```ts
 * const broadcast = sessionBroadcast('react-agent-kit:sessions:my-app');
 * const stop = broadcast.subscribe((change) => console.log(change.id, change.revision));
 * broadcast.post({ id: 'chat-1', revision: 3 });
 * ```
 */
export function sessionBroadcast(channelName: string): SessionBroadcast {
  const listeners = new Set<(change: SessionChange) => void>();
  let channel: BroadcastChannel | undefined;
  let closed = false;

  function open(): BroadcastChannel | undefined {
    if (closed || typeof BroadcastChannel !== 'function') return undefined;
    if (channel === undefined) {
      channel = new BroadcastChannel(channelName);
      channel.onmessage = (event: MessageEvent<unknown>) => {
        const change = event.data;
        if (!isSessionChange(change)) return;
        for (const listener of [...listeners]) listener({ id: change.id, revision: change.revision });
      };
      // In Node a listening channel keeps the process alive; a storage should not.
      (channel as { unref?: () => void }).unref?.();
    }
    return channel;
  }

  return {
    post(change) {
      try {
        open()?.postMessage({ id: change.id, revision: change.revision });
      } catch {
        // Telling others is a courtesy: a change that was stored must not fail because of it.
      }
    },
    subscribe(listener) {
      if (open() === undefined) return () => undefined;
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      closed = true;
      listeners.clear();
      channel?.close();
      channel = undefined;
    },
  };
}

/** Messages come from other code too (other versions, other apps on the origin): check them. */
function isSessionChange(value: unknown): value is SessionChange {
  if (typeof value !== 'object' || value === null) return false;
  const { id, revision } = value as Record<string, unknown>;
  return typeof id === 'string' && (revision === null || (typeof revision === 'number' && Number.isInteger(revision)));
}
