/**
 * Calls that run in a particular tab (`tab: 'sender'` tools): the leading tab, which runs the
 * loop, sends such a call to the tab the person's message came from; that tab runs it with its
 * own `onToolCall` and sends the outcome back.
 *
 * - A call waits for its tab: it is sent again each time that tab says hello (it was reloading,
 *   or opens the conversation again), until the tab takes it or the call's time limit passes.
 * - The tab that takes a call holds a Web Lock named after it while it runs, so exactly one agent
 *   of that tab runs it (an app may have two of one conversation, as React's StrictMode makes),
 *   and the leader learns when that tab goes away mid-call (the lock is freed with no outcome):
 *   the call fails then, as a reload seals it, unless its tool is idempotent and may run again.
 */
import { tabProtocol, type TabLocks, type TabMessage } from './tab-protocol';

/** What `onToolCall` gets: the call, and a signal that aborts when the run stops or the call times out. */
export interface HostCall {
  toolCallId: string;
  name: string;
  input: unknown;
  signal: AbortSignal;
}

/** `deferToolResult` (a registered symbol, so this chunk needs none of the loop's code). */
const deferred = Symbol.for('react-agent-kit.deferToolResult');

/** How long the leader waits for a call's outcome after its tab's lock was freed (the message and the lock travel apart). */
const outcomeGraceMs = 1_000;

interface TabCallsContext {
  channel: BroadcastChannel;
  locks: TabLocks;
  /** The session's lock name; each call's lock is named after it. */
  name: string;
}

const callLock = (name: string, toolCallId: string) => `${name}:call:${toolCallId}`;

/**
 * The calls (and attempts) an agent of this page took: a call is sent until its tab answers, and
 * every agent of the tab hears it, so a call one of them took (and may have finished) is not run
 * by another. A page that reloads starts with none; the leader sends a call that its tab took
 * only again as a new attempt (an idempotent tool's, after its tab went away).
 */
const takenInThisPage = new Set<string>();

/** The leader's side: sends calls to tabs, and settles them with what comes back. */
export interface TabCallSender {
  /** Runs `call` in `tab`; resolves with its output (or `deferToolResult`), rejects with its error. */
  callInTab(tab: string, call: HostCall, options: { idempotent: boolean }): Promise<unknown>;
  /** A message from another tab (hellos, call outcomes). */
  receive(message: TabMessage): void;
  close(): void;
}

interface PendingCall {
  tab: string;
  call: HostCall;
  idempotent: boolean;
  /** `waiting`: sent, no tab took it yet. `running`: a tab took it. */
  phase: 'waiting' | 'running';
  /** Counts the sends after its tab went away mid-call (idempotent tools only). */
  attempt: number;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** Ends the wait for the call's lock. */
  watch: AbortController;
}

/**
 * @example
 * ```ts
 * const calls = sendCallsToTabs({ channel, locks, name });
 * const output = await calls.callInTab(senderTab, { toolCallId, name: 'pick_element', input, signal }, { idempotent: false });
 * ```
 */
export function sendCallsToTabs(context: TabCallsContext): TabCallSender {
  const { channel } = context;
  const pending = new Map<string, PendingCall>();
  const post = (entry: PendingCall) =>
    channel.postMessage({ protocol: tabProtocol, type: 'call', to: entry.tab, id: entry.call.toolCallId, attempt: entry.attempt, name: entry.call.name, input: entry.call.input } satisfies TabMessage);

  const settle = (id: string) => {
    const entry = pending.get(id);
    pending.delete(id);
    entry?.watch.abort();
    return entry;
  };

  /** Its tab took the call: the call's lock is freed when the tab is done with it, or gone. */
  function watchTab(id: string, entry: PendingCall): void {
    context.locks
      .request(callLock(context.name, id), { signal: entry.watch.signal }, () => {
        setTimeout(() => {
          if (pending.get(id) !== entry) return;
          if (entry.idempotent) {
            // Safe to repeat: it runs again once its tab is back.
            entry.phase = 'waiting';
            entry.attempt += 1;
            entry.watch = new AbortController();
            post(entry);
            return;
          }
          settle(id);
          entry.reject(new Error(`The tab running "${entry.call.name}" went away before it finished; it may have done part of its work, so it was not run again.`));
        }, outcomeGraceMs);
      })
      .catch(() => {});
  }

  return {
    callInTab(tab, call, { idempotent }) {
      if (call.signal.aborted) return Promise.reject(call.signal.reason);
      return new Promise((resolve, reject) => {
        const entry: PendingCall = { tab, call, idempotent, phase: 'waiting', attempt: 0, resolve, reject, watch: new AbortController() };
        pending.set(call.toolCallId, entry);
        call.signal.addEventListener(
          'abort',
          () => {
            if (settle(call.toolCallId) !== entry) return;
            channel.postMessage({ protocol: tabProtocol, type: 'call-abort', id: call.toolCallId } satisfies TabMessage);
            reject(call.signal.reason);
          },
          { once: true },
        );
        post(entry);
      });
    },
    receive(message) {
      if (message.type === 'hello') {
        // A tab (back from a reload, say) takes the calls that wait for it.
        for (const entry of pending.values()) if (entry.phase === 'waiting' && entry.tab === message.tab) post(entry);
        return;
      }
      if (message.type === 'call-taken') {
        const entry = pending.get(message.id);
        if (!entry || entry.phase === 'running') return;
        entry.phase = 'running';
        watchTab(message.id, entry);
        return;
      }
      if (message.type !== 'call-outcome') return;
      const entry = settle(message.id);
      if (!entry) return;
      if (message.outcome === 'deferred') entry.resolve(deferred);
      else if (message.outcome === 'output') entry.resolve(message.output);
      else entry.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
    },
    close() {
      for (const id of [...pending.keys()]) settle(id);
    },
  };
}

/** A following tab's side: runs the calls sent to this tab with the app's `onToolCall`. */
export interface TabCallRunner {
  receive(message: TabMessage): void;
  /** Ends the calls running here (this tab leads now, or lets go of the conversation). */
  close(): void;
}

/**
 * @example
 * ```ts
 * const runner = runCallsForTab({ channel, locks, name, tab: thisTabId(), onToolCall: options.onToolCall });
 * channel.addEventListener('message', (event) => runner.receive(event.data));
 * ```
 */
export function runCallsForTab(context: TabCallsContext & { tab: string; onToolCall: ((call: HostCall) => unknown) | undefined }): TabCallRunner {
  const { channel } = context;
  const running = new Map<string, AbortController>();
  let closed = false;
  const post = (message: TabMessage) => {
    if (!closed) channel.postMessage(message);
  };
  const fail = (id: string, error: unknown) => {
    const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
    post({ protocol: tabProtocol, type: 'call-outcome', id, outcome: 'error', error: { name, message } });
  };

  async function run(message: Extract<TabMessage, { type: 'call' }>, handler: (call: HostCall) => unknown): Promise<void> {
    const controller = new AbortController();
    running.set(message.id, controller);
    post({ protocol: tabProtocol, type: 'call-taken', id: message.id });
    // Aborted (the run stopped, or this tab let go): the call's lock is freed even if the handler goes on.
    const aborted = new Promise<void>((resolve) => controller.signal.addEventListener('abort', () => resolve(), { once: true }));
    try {
      const output = await Promise.race([handler({ toolCallId: message.id, name: message.name, input: message.input, signal: controller.signal }), aborted]);
      if (controller.signal.aborted) return;
      if (output === deferred) post({ protocol: tabProtocol, type: 'call-outcome', id: message.id, outcome: 'deferred' });
      else post({ protocol: tabProtocol, type: 'call-outcome', id: message.id, outcome: 'output', output });
    } catch (error) {
      // A thrown error, or an output that cannot travel between tabs (a function, a DOM node).
      if (!controller.signal.aborted) fail(message.id, error);
    } finally {
      running.delete(message.id);
    }
  }

  return {
    receive(message) {
      if (closed) return;
      if (message.type === 'call-abort') return void running.get(message.id)?.abort(new DOMException('The run stopped.', 'AbortError'));
      if (message.type !== 'call' || message.to !== context.tab) return;
      const attempt = `${callLock(context.name, message.id)}#${message.attempt}`;
      if (takenInThisPage.has(attempt)) return;
      const handler = context.onToolCall;
      if (handler === undefined) return fail(message.id, new Error(`The tab this message was sent from has no onToolCall handler to run "${message.name}".`));
      // Another agent of this tab may hold it already: only the lock's holder runs it.
      void context.locks
        .request(callLock(context.name, message.id), { ifAvailable: true }, async (lock) => {
          if (lock === null || closed || takenInThisPage.has(attempt)) return;
          takenInThisPage.add(attempt);
          await run(message, handler);
        })
        .catch(() => {});
    },
    close() {
      closed = true;
      for (const controller of running.values()) controller.abort(new DOMException('This tab let go of the conversation.', 'AbortError'));
    },
  };
}
