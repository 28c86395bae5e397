import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { isFinalToolCallState, type Agent, type AgentState, type RunResult, type ToolCall } from '../core/index';

/**
 * A `ChatTransport` for `useChat` (`@ai-sdk/react`) whose "server" is the kit's agent in the page:
 * `useChat({ transport: agentChatTransport(agent) })`. The agent keeps its tools (the sandbox's
 * included), limits and rules; `useChat` shows what it does as UI message chunks: text, reasoning,
 * tool calls with their results, approval requests (answered with `addToolApprovalResponse`, sent
 * back by `sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses`), errors
 * (a failed model call also ends the reply with a text part that says it). A call to a tool the
 * agent does not have is a `dynamic-tool` part. Stop (`useChat`'s `stop`) stops the agent, which
 * then keeps exactly the text the chat shows; `regenerate()` while a reply streams stops it and
 * asks again. The agent's own state stays the conversation of record; `useChat`'s messages follow it.
 *
 * @example
 * ```tsx
 * const { messages, sendMessage } = useChat({ transport: agentChatTransport(agent), sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses });
 * ```
 */
export function agentChatTransport(agent: Agent): ChatTransport<UIMessage> {
  // The request whose reply is streaming: a regeneration takes its place.
  let active: ChunkRun | undefined;
  return {
    async sendMessages({ trigger, messages, abortSignal }) {
      const replaced = trigger === 'regenerate-message' ? active : undefined;
      // useChat's regenerate() does not stop the reply it replaces: the agent does, and the old
      // request hears nothing more (it ends with this one, so the chat never shows "ready" between).
      replaced?.silence();
      const { status } = agent.getState();
      if (trigger === 'regenerate-message' && (status === 'running' || status === 'awaiting-people')) await agent.stop();
      const run = runAsChunks(agent, commandFor(agent, trigger, messages), abortSignal);
      if (replaced) void run.done.then(replaced.end);
      active = run;
      void run.done.then(() => {
        if (active === run) active = undefined;
      });
      return run.stream;
    },
    reconnectToStream: () => Promise.resolve(null),
  };
}

/** What the chat asked for, as an agent command: decisions on approvals, a regeneration, or a message. */
function commandFor(agent: Agent, trigger: 'submit-message' | 'regenerate-message', messages: readonly UIMessage[]): () => Promise<RunResult> {
  if (trigger === 'regenerate-message') return () => agent.regenerate();
  const last = messages.at(-1);
  if (last?.role === 'assistant') {
    const waiting = new Set(agent.getState().toolCalls.filter((call) => call.state === 'approval-requested').map((call) => call.id));
    const decisions = last.parts.flatMap((part) => {
      const tool = part as { toolCallId?: string; state?: string; approval?: { approved?: boolean; reason?: string } };
      return tool.state === 'approval-responded' && tool.toolCallId && waiting.has(tool.toolCallId) ? [{ id: tool.toolCallId, approved: tool.approval?.approved === true, reason: tool.approval?.reason }] : [];
    });
    // Each decision goes on with the run when it is the last one the agent waited for.
    return async () => {
      let result: RunResult | undefined;
      for (const decision of decisions) result = await (decision.approved ? agent.approve(decision.id) : agent.deny(decision.id, decision.reason ? { reason: decision.reason } : {}));
      if (result) return result;
      // Nothing the agent waits for: the chat is up to date.
      const { status, error } = agent.getState();
      return { status: status === 'running' ? 'idle' : status, error };
    };
  }
  const text = (last?.parts ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  // The chat's files with their content (`useChat` sends picked files as data URLs) go with the message.
  const files = (last?.parts ?? []).flatMap((part) => {
    const match = part.type === 'file' ? /^data:[^,;]*(?:;[^,;]*)*;base64,(.*)$/.exec(part.url) : null;
    return part.type === 'file' && match ? [{ mediaType: part.mediaType, data: match[1]!, ...(part.filename ? { filename: part.filename } : {}) }] : [];
  });
  return () => agent.send(text, files.length > 0 ? { files } : {});
}

interface Emitted {
  /** Characters of each text or reasoning part already sent, by part id; `-1` once ended. */
  text: Map<string, number>;
  /** The text of each part as the agent's events announced it, by part id. */
  announced: Map<string, string>;
  /** The last AI SDK event sent for each tool call, by call id. */
  calls: Map<string, string>;
  steps: Set<string>;
  /**
   * Per message, how many of its first parts can send nothing more (text ended, a call's last
   * chunk sent): a notification reads only the parts after them, so a reply of 5,000 short parts
   * is read once, not once per notification.
   */
  settled: Map<string, number>;
  /** The names of the agent's tools: a call to another is a `dynamic-tool` part. */
  tools: ReadonlySet<string>;
}

/** One request's stream, and what ends it early. */
interface ChunkRun {
  stream: ReadableStream<UIMessageChunk>;
  /** Settles when the run behind the stream is over. */
  done: Promise<void>;
  /** Nothing more is sent, and the stream stays open (a regeneration took its place)... */
  silence(): void;
  /** ...until this closes it, when the request that took its place is over. */
  end(): void;
}

const streamEventTypes = ['text-start', 'text-delta', 'text-end', 'reasoning-start', 'reasoning-delta', 'reasoning-end'] as const;

/**
 * Runs `command` and streams what it changes in the agent's state as UI message chunks. Text
 * goes out as the agent's events announce it, not a frame later: when the person presses Stop,
 * the chat has shown every token the agent keeps.
 */
function runAsChunks(agent: Agent, command: () => Promise<RunResult>, abortSignal: AbortSignal | undefined): ChunkRun {
  const before = agent.getState();
  const earlier: Earlier = {
    messages: new Set(before.messages.map((message) => message.id)),
    calls: new Set(before.toolCalls.map((call) => call.id)),
    // Only a call that had not finished can move in this run: its state then, and where it was.
    unfinished: new Map(before.toolCalls.flatMap((call, index) => (isFinalToolCallState(call.state) ? [] : [[call.id, { state: call.state, index }] as const]))),
  };
  const emitted: Emitted = { text: new Map(), announced: new Map(), calls: new Map(), steps: new Set(), settled: new Map(), tools: new Set(agent.tools.map((tool) => tool.name)) };
  // The chat may stop reading first (useChat's stop cancels the stream): nothing is sent after that.
  let open = true;
  let superseded = false;
  let closed = false;
  let stopRun: (() => void) | undefined;
  let done!: Promise<void>;
  let close!: () => void;
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      close = () => {
        if (!closed) controller.close();
        closed = true;
      };
      const send = (chunk: UIMessageChunk) => {
        if (open) controller.enqueue(chunk);
      };
      const flush = (state: AgentState) => {
        for (const chunk of chunksFor(state, earlier, emitted)) send(chunk);
      };
      send({ type: 'start' });
      const unsubscribe = agent.subscribe((state) => flush(state));
      const offs = streamEventTypes.map((type) =>
        agent.on(type, (event) => {
          const text = (emitted.announced.get(event.partId) ?? '') + ('delta' in event ? event.delta : '');
          emitted.announced.set(event.partId, text);
          // Only parts of this run's replies, beyond what the state already sent.
          if (emitted.steps.has(event.messageId)) for (const chunk of textChunks(type.startsWith('text') ? 'text' : 'reasoning', event.partId, text, type.endsWith('end'), emitted)) send(chunk);
        }),
      );
      const stop = (stopRun = () => void agent.stop());
      abortSignal?.addEventListener('abort', stop, { once: true });
      done = command()
        .then(
          () => {
            const state = agent.getState();
            flush(state);
            // A failed model call says so in the reply, besides the chat's error.
            const failure = state.status === 'error' ? state.error : null;
            if (failure) for (const chunk of textChunks('text', 'error', failure.message, true, emitted)) send(chunk);
            if (emitted.steps.size > 0) send({ type: 'finish-step' });
            if (abortSignal?.aborted) send({ type: 'abort' });
            else if (failure) send({ type: 'error', errorText: failure.message });
            send({ type: 'finish' });
          },
          (error: unknown) => send({ type: 'error', errorText: error instanceof Error ? error.message : String(error) }),
        )
        .finally(() => {
          unsubscribe();
          for (const off of offs) off();
          abortSignal?.removeEventListener('abort', stop);
          open = false;
          if (!superseded) close();
        });
    },
    cancel() {
      open = false;
      closed = true;
      stopRun?.();
    },
  });
  return {
    stream,
    done,
    silence() {
      superseded = true;
      open = false;
    },
    end: () => close(),
  };
}

/** What the conversation held when the run started, read once per run. */
interface Earlier {
  messages: ReadonlySet<string>;
  calls: ReadonlySet<string>;
  unfinished: ReadonlyMap<string, { state: ToolCall['state']; index: number }>;
}

/**
 * The items at the end of `items` that were not there when the run started, in order. The run
 * appends (a regeneration first removes the last reply), so this reads what the run added, not the
 * whole conversation: a notification per streamed token costs the same at 10 or 10,000 messages.
 */
function addedSince<T extends { id: string }>(items: readonly T[], earlier: ReadonlySet<string>): T[] {
  let start = items.length;
  while (start > 0 && !earlier.has(items[start - 1]!.id)) start--;
  return items.slice(start);
}

/** The chunks that bring the chat up to `state`: parts of assistant messages made in this run, and calls that moved. */
function chunksFor(state: AgentState, earlier: Earlier, emitted: Emitted): UIMessageChunk[] {
  const chunks: UIMessageChunk[] = [];
  let calls: Map<string, ToolCall> | undefined;
  for (const message of addedSince(state.messages, earlier.messages)) {
    if (message.role !== 'assistant') continue;
    if (!emitted.steps.has(message.id)) {
      // One kit assistant message is one step of the UI message.
      if (emitted.steps.size > 0) chunks.push({ type: 'finish-step' });
      emitted.steps.add(message.id);
      chunks.push({ type: 'start-step' });
    }
    let settled = emitted.settled.get(message.id) ?? 0;
    for (let index = settled; index < message.parts.length; index++) {
      const part = message.parts[index]!;
      let done = true;
      if (part.type === 'text' || part.type === 'reasoning') {
        chunks.push(...textChunks(part.type, part.id, part.text, part.status === 'done', emitted));
        done = emitted.text.get(part.id) === -1;
      } else if (part.type === 'tool-call') {
        calls ??= new Map(addedSince(state.toolCalls, earlier.calls).map((call) => [call.id, call]));
        const call = calls.get(part.toolCallId);
        if (call) chunks.push(...callChunks(call, emitted));
        done = call !== undefined && isFinalToolCallState(call.state);
      }
      if (done && settled === index) settled = index + 1;
    }
    emitted.settled.set(message.id, settled);
  }
  // Calls of earlier messages that moved in this run (an approval decided, then its result).
  for (const [id, { state: was, index }] of earlier.unfinished) {
    const call = state.toolCalls[index]?.id === id ? state.toolCalls[index] : state.toolCalls.find((candidate) => candidate.id === id);
    if (call && call.state !== was) chunks.push(...callChunks(call, emitted, true));
  }
  return chunks;
}

function textChunks(kind: 'text' | 'reasoning', id: string, text: string, done: boolean, emitted: Emitted): UIMessageChunk[] {
  const sent = emitted.text.get(id);
  if (sent === -1) return [];
  const chunks: UIMessageChunk[] = [];
  if (sent === undefined) chunks.push({ type: `${kind}-start`, id });
  if (text.length > (sent ?? 0)) chunks.push({ type: `${kind}-delta`, id, delta: text.slice(sent ?? 0) });
  if (done) chunks.push({ type: `${kind}-end`, id });
  emitted.text.set(id, done ? -1 : text.length);
  return chunks;
}

function callChunks(call: ToolCall, emitted: Emitted, known = false): UIMessageChunk[] {
  const last = emitted.calls.get(call.id) ?? (known ? 'tool-input-available' : undefined);
  // A tool the agent does not have (a name the model made up) is the AI SDK's dynamic tool.
  const dynamic = emitted.tools.has(call.name) ? {} : { dynamic: true };
  const chunks: UIMessageChunk[] = [];
  const push = (chunk: UIMessageChunk) => {
    chunks.push(chunk);
    emitted.calls.set(call.id, chunk.type);
  };
  if (last === undefined) push({ type: 'tool-input-start', toolCallId: call.id, toolName: call.name, ...dynamic });
  if (call.state === 'input-streaming') return chunks;
  const sent = emitted.calls.get(call.id) ?? last;
  if (sent === 'tool-input-start') push({ type: 'tool-input-available', toolCallId: call.id, toolName: call.name, input: call.input, ...dynamic });
  const now = emitted.calls.get(call.id) ?? last;
  switch (call.state) {
    case 'approval-requested':
      if (now !== 'tool-approval-request') push({ type: 'tool-approval-request', approvalId: call.id, toolCallId: call.id, ...(call.approval ? { reason: call.approval.reason } : {}) });
      break;
    case 'output-available':
      if (now !== 'tool-output-available') push({ type: 'tool-output-available', toolCallId: call.id, output: call.output, ...dynamic });
      break;
    case 'output-denied':
      if (now !== 'tool-output-denied') push({ type: 'tool-output-denied', toolCallId: call.id });
      break;
    case 'output-error':
    case 'cancelled':
    case 'sealed':
      if (now !== 'tool-output-error') push({ type: 'tool-output-error', toolCallId: call.id, errorText: call.error ?? `The call to "${call.name}" has no result.`, ...dynamic });
      break;
    default:
      break;
  }
  return chunks;
}
