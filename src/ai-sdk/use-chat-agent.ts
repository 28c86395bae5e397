import type { UIMessage } from 'ai';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { AgentCommandError, createInitialState, feedbackEvent, type Agent, type MessageFeedback, type AgentState, type LanguageModel, type Message, type RunResult, type ToolCall } from '../core/index';
import { agentSnapshotVersion } from '../core/sessions/index';
import { fromUIMessages } from './from-ui-messages';
import { ChatTimings, type ChatReplyTiming } from './chat-timings';

/**
 * What `useChatAgent` uses of `useChat`'s result (`@ai-sdk/react` 3 or 4): its messages and status,
 * and the helpers the kit's components call.
 */
export interface ChatHelpers {
  messages: UIMessage[];
  status: 'submitted' | 'streaming' | 'ready' | 'error';
  error: Error | undefined;
  sendMessage: (message: { text: string; messageId?: string }) => Promise<void>;
  regenerate: () => Promise<void>;
  stop: () => Promise<void>;
  addToolApprovalResponse: (response: { id: string; approved: boolean; reason?: string }) => void | PromiseLike<void>;
  /** Completes a tool that runs in the page (`onToolCall` in `useChat`); `agent.submitToolResult` calls it. */
  addToolOutput?: (output: never) => void | PromiseLike<void>;
}

const chatModel: LanguageModel = {
  specificationVersion: 'v3',
  provider: 'ai-sdk-chat',
  modelId: 'useChat',
  doStream: () => Promise.reject(new Error('useChatAgent: the model runs behind useChat; the agent only shows it.')),
};

/**
 * An agent for the kit's hooks and components (`<AgentChat agent={...} />`) that shows a `useChat`
 * chat: its messages as the kit's state, and the kit's commands as `useChat`'s helpers (send,
 * stop, retry and regenerate, approvals through `addToolApprovalResponse`, a page tool's result
 * through `addToolOutput`, editing a message through `sendMessage({ messageId })`). What a chat
 * has no helper for (rollback, questions, compaction, resume) says so.
 *
 * @example
 * ```tsx
 * const chat = useChat({ transport, sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses });
 * return <AgentChat agent={useChatAgent(chat)} />;
 * ```
 */
export function useChatAgent(chat: ChatHelpers): Agent {
  const latest = useRef(chat);
  const view = useRef(new ChatView());
  const state = view.current.stateOf(chat);
  const store = useRef(new ChatStore(state)).current;
  const agent = useMemo(() => chatAgent(latest, store, view.current), [store]);
  useLayoutEffect(() => {
    latest.current = chat;
    store.set(state);
    agent.approveAlwaysAllowed();
  });
  return agent;
}

/** A read-only store over the derived state, as the kit's hooks read `agent.store`. */
class ChatStore {
  private readonly listeners = new Set<(state: AgentState, previous: AgentState) => void>();
  private readonly initial: AgentState;
  constructor(private state: AgentState) {
    this.initial = state;
  }
  getState = (): AgentState => this.state;
  getInitialState = (): AgentState => this.initial;
  subscribe = (listener: (state: AgentState, previous: AgentState) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  set(state: AgentState): void {
    if (state === this.state) return;
    const previous = this.state;
    this.state = state;
    for (const listener of [...this.listeners]) listener(state, previous);
  }
}

/** Converts the chat's messages once per message object, so unchanged messages keep their identity. */
class ChatView {
  private readonly converted = new WeakMap<UIMessage, { messages: Message[]; calls: ToolCall[] }>();
  private readonly firstSeen = new Map<string, number>();
  private readonly timings = new ChatTimings();
  private readonly withTiming = new WeakMap<Message, Message>();
  private readonly feedback = new Map<string, MessageFeedback>();
  private readonly withFeedback = new WeakMap<Message, Message>();

  /** Keeps (or takes back) a person's rating of a reply: the next state shows it. */
  rate(event: { messageId: string; feedback: MessageFeedback | null }): void {
    if (event.feedback === null) this.feedback.delete(event.messageId);
    else this.feedback.set(event.messageId, event.feedback);
    this.last = undefined;
  }
  private last: { messages: UIMessage[]; status: string; error: Error | undefined; state: AgentState } | undefined;

  stateOf(chat: ChatHelpers): AgentState {
    if (this.last && this.last.messages === chat.messages && this.last.status === chat.status && this.last.error === chat.error) return this.last.state;
    const running = chat.status === 'submitted' || chat.status === 'streaming';
    this.timings.observe(chat.messages, chat.status, Date.now());
    const messages: Message[] = [];
    const toolCalls: ToolCall[] = [];
    chat.messages.forEach((uiMessage, index) => {
      const entry = this.convert(uiMessage);
      if (!entry) return;
      const streaming = running && index === chat.messages.length - 1 && uiMessage.role === 'assistant';
      const timing = uiMessage.role === 'assistant' ? this.timings.of(uiMessage.id) : undefined;
      entry.messages.forEach((message, step) => {
        const last = step === entry.messages.length - 1;
        const current = streaming && last && message.status !== 'streaming';
        const shown = current ? { ...message, status: 'streaming' as const } : message;
        // The reply's timing goes on its last step, from when the chat was sent.
        messages.push(this.rated(last && timing ? this.timed(shown, timing) : shown));
      });
      toolCalls.push(...entry.calls);
    });
    const waiting = toolCalls.some((call) => call.state === 'approval-requested');
    const state: AgentState = {
      ...createInitialState(),
      status: running ? 'running' : chat.status === 'error' ? 'error' : waiting ? 'awaiting-people' : 'idle',
      messages,
      toolCalls,
      error: chat.status === 'error' ? { code: 'model-error', message: chat.error?.message ?? 'The chat request failed.', retryable: true, at: Date.now() } : null,
    };
    this.last = { messages: chat.messages, status: chat.status, error: chat.error, state };
    return state;
  }

  /** The message with the person's rating, if any: the same object while neither changes. */
  private rated(message: Message): Message {
    const feedback = this.feedback.get(message.id);
    if (feedback === undefined) return message;
    const known = this.withFeedback.get(message);
    if (known?.feedback === feedback) return known;
    const result: Message = { ...message, feedback };
    this.withFeedback.set(message, result);
    return result;
  }

  /** The message with its reply's timing: the same object while neither changes (unchanged messages do not re-render). */
  private timed(message: Message, timing: ChatReplyTiming): Message {
    const known = this.withTiming.get(message);
    if (known && known.timing?.firstTokenAt === timing.firstTokenAt && known.timing?.finishedAt === timing.finishedAt) return known;
    const { startedAt, ...times } = timing;
    const result: Message = { ...message, createdAt: startedAt, timing: { ...times } };
    this.withTiming.set(message, result);
    return result;
  }

  /**
   * One UI message is one kit message per step (its `step-start` parts divide them), as the kit
   * makes one message per model call: a reply whose tools ran and whose last step answered is then
   * finished, not waiting to go on.
   */
  private convert(uiMessage: UIMessage): { messages: Message[]; calls: ToolCall[] } | undefined {
    if (uiMessage.role === 'system') return undefined;
    let entry = this.converted.get(uiMessage);
    if (!entry) {
      const seen = this.firstSeen.get(uiMessage.id) ?? Date.now();
      this.firstSeen.set(uiMessage.id, seen);
      const steps: UIMessage['parts'][] = [[]];
      for (const part of uiMessage.parts) {
        if (part.type === 'step-start') {
          if (steps.at(-1)!.length > 0) steps.push([]);
        } else steps.at(-1)!.push(part);
      }
      const state = fromUIMessages(steps.map((parts, index) => ({ ...uiMessage, id: index === 0 ? uiMessage.id : `${uiMessage.id}~${index}`, parts })));
      entry = {
        messages: state.messages.map((message) => ({ ...message, createdAt: seen })),
        calls: state.toolCalls.map((call) => ({ ...call, audit: call.audit.map((record) => ({ ...record, at: seen })) })),
      };
      this.converted.set(uiMessage, entry);
    }
    return entry;
  }
}

function chatAgent(latest: { readonly current: ChatHelpers }, store: ChatStore, view: ChatView): Agent & { approveAlwaysAllowed(): void } {
  // "Always allow <tool>" in the dialog: later calls of that tool in this chat are approved as they come.
  const alwaysAllowed = new Set<string>();
  const decided = new Set<string>();
  const result = (): RunResult => {
    const { status, error } = store.getState();
    return { status: status === 'running' ? 'idle' : status, error };
  };
  const unsupported = (what: string) => new AgentCommandError('not-pending', `useChatAgent: ${what} is not something a useChat chat can do.`);
  const toolPart = (toolCallId: string) =>
    latest.current.messages.flatMap((message) => message.parts).find((part) => (part as { toolCallId?: string }).toolCallId === toolCallId) as { type: string; toolName?: string; approval?: { id: string } } | undefined;
  const approvalId = (toolCallId: string): string => {
    const id = toolPart(toolCallId)?.approval?.id;
    if (!id) throw new AgentCommandError('not-pending', `The call ${toolCallId} does not wait for an approval.`);
    return id;
  };
  return {
    async send(text) {
      await latest.current.sendMessage({ text });
      return result();
    },
    stop: () => latest.current.stop(),
    async retry() {
      await latest.current.regenerate();
      return result();
    },
    async regenerate() {
      await latest.current.regenerate();
      return result();
    },
    async approve(toolCallId, options = {}) {
      const id = approvalId(toolCallId);
      decided.add(toolCallId);
      if (options.always) {
        const call = store.getState().toolCalls.find((candidate) => candidate.id === toolCallId);
        if (call) alwaysAllowed.add(call.name);
      }
      await latest.current.addToolApprovalResponse({ id, approved: true });
      return result();
    },
    approveAlwaysAllowed() {
      for (const call of store.getState().toolCalls) {
        const id = toolPart(call.id)?.approval?.id;
        if (call.state !== 'approval-requested' || !alwaysAllowed.has(call.name) || decided.has(call.id) || !id) continue;
        decided.add(call.id);
        void latest.current.addToolApprovalResponse({ id, approved: true });
      }
    },
    async deny(toolCallId, options = {}) {
      decided.add(toolCallId);
      await latest.current.addToolApprovalResponse({ id: approvalId(toolCallId), approved: false, ...(options.reason ? { reason: options.reason } : {}) });
      return result();
    },
    async submitToolResult(toolCallId, output, options = {}) {
      const part = toolPart(toolCallId);
      const addToolOutput = latest.current.addToolOutput;
      if (!part || !addToolOutput) throw unsupported('submitting a tool result without addToolOutput');
      const tool = part.type === 'dynamic-tool' ? (part.toolName ?? '') : part.type.slice('tool-'.length);
      // Typed per app by its tools; the kit passes the shape every version takes.
      await addToolOutput((options.error !== undefined ? { state: 'output-error', tool, toolCallId, errorText: options.error } : { tool, toolCallId, output }) as never);
      return result();
    },
    async editMessage(messageId, text) {
      await latest.current.sendMessage({ text, messageId });
      return result();
    },
    answer: () => Promise.reject(unsupported('answering a question')),
    cancelQuestion: () => Promise.reject(unsupported('answering a question')),
    rollback: () => Promise.reject(unsupported('a rollback')),
    resume: () => Promise.reject(unsupported('resuming')),
    compact: () => Promise.reject(unsupported('compaction')),
    // A useChat chat keeps no branches (its regenerate replaces the reply).
    switchBranch: (id) => Promise.reject(new AgentCommandError('unknown-message', `switchBranch(${JSON.stringify(id)}): a useChat chat keeps no branches.`)),
    compareBranches: () => Promise.reject(unsupported('comparing branches')),
    branches: () => undefined,
    // Kept beside the chat (useChat's messages are the app's): the app's onFeedback is where it lasts.
    async setFeedback(messageId, feedback) {
      view.rate(feedbackEvent(store.getState(), messageId, feedback, Date.now()));
      store.set(view.stateOf(latest.current));
    },
    // useChat queues nothing: a message sent while it streams is its to refuse.
    whenBusy: 'reject',
    editQueued: (id) => Promise.reject(new AgentCommandError('unknown-message', `editQueued(${JSON.stringify(id)}): a useChat chat has no queue.`)),
    removeQueued: (id) => Promise.reject(new AgentCommandError('unknown-message', `removeQueued(${JSON.stringify(id)}): a useChat chat has no queue.`)),
    snapshot: () => ({ format: 'react-agent-kit/agent', version: agentSnapshotVersion, state: store.getState() }),
    context: undefined,
    session: undefined,
    sandbox: undefined,
    get tools() {
      const names = new Set(store.getState().toolCalls.map((call) => call.name));
      return [...names].map((name) => ({ name, description: '', inputSchema: { type: 'object' }, readOnly: false, declaration: true }));
    },
    askUser: { enabled: false, allowFreeText: false },
    getState: store.getState,
    subscribe: store.subscribe,
    eventsSince: () => ({ events: [], complete: false }),
    // A useChat chat has no event log: its state is converted from the chat's messages.
    on: () => () => {},
    // The chat belongs to useChat, which lets go of it with the component.
    dispose: () => latest.current.stop(),
    store,
    model: chatModel,
  };
}
