/**
 * Messages sent while the agent works (`send` with `whenBusy: 'queue'`, the default): they wait
 * in `state.queue`, in order, and the first is sent as soon as the agent is idle again (not while
 * it waits for a person, nor after a failed run: the person decides there). The queue is state, so
 * it shows in every tab, survives a reload and is saved with the session; `send`'s promise (in
 * this page) settles with the run that answers the message.
 */
import type { AgentEvent } from '../store/events';
import { createId } from '../store/ids';
import type { AgentState, FilePart, QueuedMessage } from '../store/state';
import { AgentCommandError, type RunResult, type SendOptions } from './agent-options';

export interface MessageQueueContext {
  getState: () => AgentState;
  dispatch: (event: AgentEvent) => void;
  now: () => number;
  /** Sends a message now (the agent is idle), from the tab it came from. */
  send(tab: string | undefined, text: string, options: SendOptions): Promise<RunResult>;
  /** Whether a message sent now would have to wait: a run, a summary being written, a person being asked. */
  busy(): boolean;
  /** Ends what keeps the agent busy at its next safe point, for a message that interrupts. */
  interrupt(): void;
  /** Whether this agent sends the queue's messages: not a tab that follows another, not before its session is loaded, not once disposed. */
  canSend(): boolean;
}

export interface MessageQueue {
  /** Queues a message (first, for `'interrupt'`); settles with the run that answers it. */
  add(message: { tab: string | undefined; text: string; files: FilePart[]; saveTo: string | undefined }, mode: 'queue' | 'interrupt'): Promise<RunResult>;
  edit(id: string, text: string): void;
  remove(id: string): void;
  /** Sends the first message if the agent is idle; call when the state changed. */
  drain(): void;
}

/**
 * @example
 * ```ts
 * const queue = createMessageQueue({ getState, dispatch, now, send: sendFrom, busy, interrupt, canSend });
 * store.subscribe(() => queue.drain());
 * ```
 */
export function createMessageQueue(context: MessageQueueContext): MessageQueue {
  const { getState, dispatch } = context;
  // The promises of `send` calls made in this page, by queued message.
  const waiting = new Map<string, { resolve(result: RunResult): void; reject(error: unknown): void }>();
  let sending = false;

  const find = (id: string, command: string) => {
    if (!getState().queue?.some((message) => message.id === id)) {
      throw new AgentCommandError('unknown-message', `${command}(${JSON.stringify(id)}): no queued message has this id (it was sent or removed).`);
    }
  };

  function drain(): void {
    if (sending || !context.canSend()) return;
    const state = getState();
    const next = state.queue?.[0];
    if (next === undefined || state.status !== 'idle' || context.busy()) return;
    sending = true;
    dispatch({ type: 'queue-remove', id: next.id });
    const settle = waiting.get(next.id);
    waiting.delete(next.id);
    context
      .send(next.tab, next.text, {
        ...(next.files ? { files: next.files.map(({ data, mediaType, filename }) => ({ data, mediaType, ...(filename !== undefined ? { filename } : {}) })) } : {}),
        ...(next.saveTo !== undefined ? { saveTo: next.saveTo } : {}),
        whenBusy: 'reject',
      })
      .then(
        (result) => settle?.resolve(result),
        (error: unknown) => settle?.reject(error),
      )
      .finally(() => {
        sending = false;
        drain();
      });
  }

  return {
    add({ tab, text, files, saveTo }, mode) {
      const message: QueuedMessage = {
        id: createId('queued'),
        text,
        queuedAt: context.now(),
        ...(files.length > 0 ? { files } : {}),
        ...(saveTo !== undefined ? { saveTo } : {}),
        ...(tab !== undefined ? { tab } : {}),
      };
      const settled = new Promise<RunResult>((resolve, reject) => waiting.set(message.id, { resolve, reject }));
      dispatch({ type: 'queue-add', message, ...(mode === 'interrupt' ? { first: true } : {}) });
      if (mode === 'interrupt') context.interrupt();
      return settled;
    },
    edit(id, text) {
      find(id, 'editQueued');
      const message = getState().queue!.find((queued) => queued.id === id)!;
      if (typeof text !== 'string' || (text.trim() === '' && !message.files?.length)) {
        throw new AgentCommandError('empty-message', 'editQueued(id, text): the new text is empty; remove the message instead (removeQueued).');
      }
      dispatch({ type: 'queue-update', id, text });
    },
    remove(id) {
      find(id, 'removeQueued');
      dispatch({ type: 'queue-remove', id });
      waiting.get(id)?.reject(new AgentCommandError('removed-from-queue', 'The message was removed from the queue before it was sent.'));
      waiting.delete(id);
    },
    drain,
  };
}
