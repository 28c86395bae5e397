/**
 * The leading tab's side of a shared conversation: it sends what happens to the other tabs (the
 * reducer's events and the workspace's changes, one numbered batch per task), answers a joining
 * tab with the whole state, and runs the commands other tabs send it.
 */
import type { Sandbox, SandboxMark } from '../../sandbox/sandbox-types';
import type { AgentEvent } from '../../store/events';
import type { AgentState } from '../../store/state';
import { createId } from '../../store/ids';
import { isTabMessage, tabProtocol, type TabLocks, type TabMessage } from './tab-protocol';
import { sendCallsToTabs, type HostCall } from './tab-calls';
import { senderTab } from './sender-tab';
import type { ToolDefinition } from '../../tools/define-tool';

export interface TabLeaderContext {
  channel: BroadcastChannel;
  getState: () => AgentState;
  sandbox: Sandbox | undefined;
  /** Resolves once this tab's conversation is loaded: joining tabs and commands wait for it. */
  ready: Promise<void>;
  /** Runs one of the agent's commands here, as this tab's own (`tab`: the browser tab that sent it). */
  run(name: string, args: readonly unknown[], tab: string): Promise<unknown>;
  locks: TabLocks;
  /** The session's lock name (calls sent to other tabs have locks named after it). */
  name: string;
  /** This browser tab's id. */
  tab: string;
  /** The agent's tools: which tab runs a host call is the tool's to say (`tab`). */
  tools: ReadonlyMap<string, ToolDefinition>;
}

export interface TabLeader {
  /** An event this tab's agent dispatched: it goes out with the others of this task. */
  publish(event: AgentEvent): void;
  /**
   * Runs a host call (a declaration the app runs in `onToolCall`): here with `handler`, or, for a
   * `tab: 'sender'` tool, in the tab its message came from, settling with its outcome there.
   */
  runHostCall(call: HostCall, handler: (call: HostCall) => unknown): unknown;
  /** Stops leading: no more batches or answers (the lock is released by the caller). */
  close(): void;
}

/**
 * @example
 * ```ts
 * const leader = leadTabs({ channel, getState, sandbox, ready: session.ready, run: (name, args) => commands[name](...args), locks: navigator.locks, name, tab: thisTabId(), tools });
 * leader.publish({ type: 'message-finish', messageId: 'm1', status: 'done' });
 * ```
 */
export function leadTabs(context: TabLeaderContext): TabLeader {
  const { channel, sandbox } = context;
  const self = createId('tab');
  let seq = 0;
  let queued: AgentEvent[] = [];
  let flushing = false;
  // Batches go out once a tab has joined: a conversation open in one tab posts nothing.
  let followed = false;
  let mark: SandboxMark | undefined;
  let closed = false;
  const calls = sendCallsToTabs({ channel, locks: context.locks, name: context.name });

  const post = (message: TabMessage) => {
    if (!closed) channel.postMessage(message);
  };

  function flush(): void {
    flushing = false;
    // Nothing goes out before a tab has joined; its welcome takes the mark the next batch starts
    // from (a mark also ends the tree's in-place writes, so none is taken per write until then).
    if (closed || !followed) {
      queued = [];
      return;
    }
    const events = queued;
    queued = [];
    let files;
    if (sandbox && mark && sandbox.version !== mark.version) {
      files = sandbox.recordChangesSince(mark);
      mark = sandbox.mark();
    }
    if (events.length === 0 && files === undefined) return;
    seq += 1;
    post({ protocol: tabProtocol, type: 'events', leader: self, seq, events, ...(files ? { files } : {}) });
  }

  const schedule = () => {
    if (flushing) return;
    flushing = true;
    queueMicrotask(flush);
  };
  // Files change outside events too (a tool writing them): they go out with the next batch.
  const stopWatchingFiles = sandbox?.subscribe(schedule);

  async function welcome(to: string): Promise<void> {
    await context.ready;
    // What is queued belongs to the state being sent.
    flush();
    followed = true;
    mark = sandbox?.mark();
    post({ protocol: tabProtocol, type: 'welcome', to, leader: self, seq, state: context.getState(), ...(sandbox ? { files: sandbox.toRecords() } : {}) });
  }

  async function command(from: string, id: number, name: string, args: readonly unknown[], tab: string): Promise<void> {
    try {
      await context.ready;
      const value = await context.run(name, args, tab);
      // The command's events reach the tab before its result does.
      flush();
      post({ protocol: tabProtocol, type: 'result', to: from, id, ok: true, value });
    } catch (error) {
      flush();
      const { name: errorName, message, code } = error instanceof Error ? (error as Error & { code?: string }) : { name: 'Error', message: String(error), code: undefined };
      post({ protocol: tabProtocol, type: 'result', to: from, id, ok: false, error: { name: errorName, message, ...(typeof code === 'string' ? { code } : {}) } });
    }
  }

  const onMessage = (event: MessageEvent<unknown>) => {
    const message = event.data;
    if (!isTabMessage(message)) return;
    if (message.type === 'hello') void welcome(message.from);
    else if (message.type === 'command') void command(message.from, message.id, message.name, message.args, message.tab);
    calls.receive(message);
  };
  channel.addEventListener('message', onMessage);
  // Tabs that followed another leader until now learn of this one.
  post({ protocol: tabProtocol, type: 'leader', leader: self });

  return {
    publish(event) {
      if (closed || !followed) return;
      queued.push(event);
      schedule();
    },
    runHostCall(call, handler) {
      const tool = context.tools.get(call.name);
      if (tool?.tab !== 'sender') return handler(call);
      const sender = senderTab(context.getState(), call.toolCallId);
      // Sent from this tab, or before the tabs knew where messages came from.
      if (sender === undefined || sender === context.tab) return handler(call);
      return calls.callInTab(sender, call, { idempotent: tool.idempotent === true });
    },
    close() {
      closed = true;
      calls.close();
      stopWatchingFiles?.();
      channel.removeEventListener('message', onMessage);
    },
  };
}
