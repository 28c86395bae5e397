/**
 * A following tab's side of a shared conversation: it asks the leading tab for the whole state,
 * then applies the leader's batches in order through the same reducer (so its state equals the
 * leader's after every batch), mirrors the workspace's changes, and sends its commands to the
 * leader. A missing batch (this tab was busy, a message was lost) makes it ask for the state again.
 */
import type { Sandbox } from '../../sandbox/sandbox-types';
import type { AgentEvent } from '../../store/events';
import { createId } from '../../store/ids';
import { mirrorFileChanges } from './mirror-files';
import { isTabMessage, tabProtocol, type TabLocks, type TabMessage } from './tab-protocol';
import { runCallsForTab, type HostCall } from './tab-calls';

export interface TabFollowerContext {
  channel: BroadcastChannel;
  /** Applies an event of the leader's to this tab's store (as this tab's own dispatch does). */
  dispatch: (event: AgentEvent) => void;
  sandbox: Sandbox | undefined;
  /** The first state arrived: the conversation is shown, commands can go. */
  onWelcome(): void;
  /** The error a command that failed at the leader rejects with here (its `AgentCommandError` again). */
  toError(error: { name: string; message: string; code?: string }): Error;
  /** This browser tab's id (`thisTabId`): commands say where they were given, calls for this tab find it. */
  tab: string;
  locks: TabLocks;
  /** The session's lock name. */
  name: string;
  /** Runs the calls the leader sends to this tab (`tab: 'sender'` tools). */
  onToolCall: ((call: HostCall) => unknown) | undefined;
}

export interface TabFollower {
  /** Sends a command to the leader; settles with its result there. */
  forward(name: string, args: readonly unknown[]): Promise<unknown>;
  /**
   * Stops following (this tab leads now, or goes away). Commands still waiting for the leader
   * settle as `settle` says: with the outcome of the run this tab goes on with, or an error.
   */
  close(settle: (command: { resolve(value: unknown): void; reject(error: unknown): void }) => void): void;
}

/** How often a tab that got no state asks again (the leader may be loading, or was just replaced). */
const helloEveryMs = 1_000;

/**
 * @example
 * ```ts
 * const follower = followTabs({ channel, dispatch, sandbox, onWelcome: () => control.finishLoading(), toError, tab: thisTabId(), locks: navigator.locks, name, onToolCall });
 * await follower.forward('send', ['Hello']);
 * ```
 */
export function followTabs(context: TabFollowerContext): TabFollower {
  const { channel, sandbox } = context;
  const self = createId('tab');
  let expected: number | undefined;
  // The leader whose batches this tab applies.
  let leader: string | undefined;
  let welcomed = false;
  let closed = false;
  let nextId = 1;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  // Batches that came before the state they follow.
  let early: Extract<TabMessage, { type: 'events' }>[] = [];
  let helloTimer: ReturnType<typeof setInterval> | undefined;
  const calls = runCallsForTab({ channel, locks: context.locks, name: context.name, tab: context.tab, onToolCall: context.onToolCall });

  const post = (message: TabMessage) => {
    if (!closed) channel.postMessage(message);
  };
  function askForState(): void {
    expected = undefined;
    const hello = () => post({ protocol: tabProtocol, type: 'hello', from: self, tab: context.tab });
    hello();
    clearInterval(helloTimer);
    helloTimer = setInterval(hello, helloEveryMs);
  }

  function apply(batch: Extract<TabMessage, { type: 'events' }>): void {
    if (batch.files && sandbox) {
      try {
        mirrorFileChanges(sandbox, batch.files);
      } catch {
        return askForState();
      }
    }
    for (const event of batch.events) context.dispatch(event);
    expected = batch.seq + 1;
  }

  const onMessage = (event: MessageEvent<unknown>) => {
    const message = event.data;
    if (!isTabMessage(message) || closed) return;
    switch (message.type) {
      case 'welcome': {
        if (message.to !== self) return;
        clearInterval(helloTimer);
        leader = message.leader;
        if (sandbox && message.files) sandbox.load(message.files);
        context.dispatch({ type: 'state-restore', state: message.state });
        expected = message.seq + 1;
        const pending = early.filter((batch) => batch.leader === leader && batch.seq >= expected!).sort((a, b) => a.seq - b.seq);
        early = [];
        for (const batch of pending) if (batch.seq === expected) apply(batch);
        if (!welcomed) {
          welcomed = true;
          context.onWelcome();
        }
        return;
      }
      case 'leader':
        if (message.leader !== leader) askForState();
        return;
      case 'events':
        if (expected === undefined) {
          early.push(message);
          return;
        }
        // Another tab took the run over: its state first.
        if (message.leader !== leader) return askForState();
        if (message.seq < expected) return;
        if (message.seq > expected) return askForState();
        return apply(message);
      case 'result': {
        if (message.to !== self) return;
        const pending = waiting.get(message.id);
        if (!pending) return;
        waiting.delete(message.id);
        if (message.ok) pending.resolve(message.value);
        else pending.reject(context.toError(message.error));
        return;
      }
      default:
        calls.receive(message);
    }
  };
  channel.addEventListener('message', onMessage);
  askForState();

  return {
    forward(name, args) {
      if (closed) return Promise.reject(new Error('This tab no longer follows the conversation.'));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        post({ protocol: tabProtocol, type: 'command', from: self, tab: context.tab, id, name, args });
      });
    },
    close(settle) {
      closed = true;
      calls.close();
      clearInterval(helloTimer);
      channel.removeEventListener('message', onMessage);
      for (const pending of waiting.values()) settle(pending);
      waiting.clear();
    },
  };
}
