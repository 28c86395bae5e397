/**
 * Conversations saved before tool-call ids were made unique (see `agent/tool-call-ids.ts`) may
 * hold two calls with one id, when the provider reused its ids (`call_0` in every step). They
 * are this user's conversations, not damage: on load each later call with a taken id gets a
 * suffixed id of its own (the provider's kept in `providerToolCallId`), and so does the part that
 * shows it. Calls and parts are paired by order within their message, as they were made.
 * Anything that does not pair up is left as it is, for the shape check to refuse.
 */
import type { AgentState, ToolCall } from '../store/state';

/**
 * The state with every tool-call id unique; the same object when they already are.
 *
 * @example
 * ```ts
 * withUniqueToolCallIds(state).toolCalls.map((call) => call.id); // ['call_0', 'call_0-2']
 * ```
 */
export function withUniqueToolCallIds(state: AgentState): AgentState {
  const calls: unknown = state.toolCalls;
  const messages: unknown = state.messages;
  if (!Array.isArray(calls) || !Array.isArray(messages)) return state;
  // Every id in the conversation, up front: a suffixed id must not take one a later call has.
  const taken = new Set<string>((calls as unknown[]).flatMap((call) => (typeof (call as ToolCall | null)?.id === 'string' ? [(call as ToolCall).id] : [])));
  const kept = new Set<string>();
  const nextSuffix = new Map<string, number>();
  const renamed = new Map<string, string[]>(); // `${messageId}\n${id}` → new ids of that message's calls with the id, in order
  let repaired = false;
  const toolCalls = (calls as unknown[]).map((value) => {
    const call = value as ToolCall | null;
    if (typeof call?.id !== 'string' || typeof call.messageId !== 'string') return value;
    const key = `${call.messageId}\n${call.id}`;
    const inMessage = renamed.get(key) ?? [];
    renamed.set(key, inMessage);
    if (!kept.has(call.id)) {
      kept.add(call.id);
      inMessage.push(call.id);
      return call;
    }
    repaired = true;
    const id = freeId(call.id, taken, nextSuffix);
    taken.add(id);
    inMessage.push(id);
    return { ...call, id, providerToolCallId: call.providerToolCallId ?? call.id };
  });
  if (!repaired) return state;
  const nextMessages = (messages as unknown[]).map((value) => {
    const message = value as { id?: unknown; parts?: unknown } | null;
    if (typeof message?.id !== 'string' || !Array.isArray(message.parts)) return value;
    const used = new Map<string, number>();
    let changed = false;
    const parts = (message.parts as unknown[]).map((part) => {
      const reference = part as { type?: unknown; toolCallId?: unknown } | null;
      if (reference?.type !== 'tool-call' || typeof reference.toolCallId !== 'string') return part;
      const ids = renamed.get(`${message.id as string}\n${reference.toolCallId}`);
      const index = used.get(reference.toolCallId) ?? 0;
      used.set(reference.toolCallId, index + 1);
      const id = ids?.[index];
      if (id === undefined || id === reference.toolCallId) return part;
      changed = true;
      return { ...reference, toolCallId: id };
    });
    return changed ? { ...message, parts } : value;
  });
  return { ...state, toolCalls: toolCalls as ToolCall[], messages: nextMessages as AgentState['messages'] };
}

/**
 * A suffixed id used by no call of the conversation (nor given out here before). The search for
 * each id goes on where it stopped, so 10,000 calls all named `call_0` cost linear time.
 */
function freeId(id: string, taken: ReadonlySet<string>, nextSuffix: Map<string, number>): string {
  for (let suffix = nextSuffix.get(id) ?? 2; ; suffix++) {
    const candidate = `${id}-${suffix}`;
    if (!taken.has(candidate)) {
      nextSuffix.set(id, suffix + 1);
      return candidate;
    }
  }
}
