/**
 * Making a state that was saved mid-run valid again. Whatever was in flight when the page went
 * away (a tool that ran, a call whose input was still streaming, a reply that was streaming) can
 * never finish: each such call gets its one result now, `sealed`, saying it was interrupted, and a
 * streaming reply keeps its text and says it was cut off. Pending approvals and questions stay
 * exactly as they were: a person can still decide them. An approved call that had not started
 * (`approval-responded`) is not in flight either and stays; an agent loading a conversation asks
 * it again before this runs (see `withoutLoadedAuthority`).
 */
import { createId } from '../store/ids';
import type { AgentState, AgentStatus, Message, ToolCall, ToolCallState } from '../store/state';
import { isWaitingForPeople } from '../store/tool-call-states';

/**
 * Whether a call in each state is kept as it is on restore: it waits for a person, for its turn
 * (approved, not started: it runs when the run continues), or it is final. The others were in
 * flight and can never finish. A record over the union, so a new state must be decided here.
 */
const keptOnRestore: Readonly<Record<ToolCallState, boolean>> = {
  'input-streaming': false,
  'input-available': false,
  'approval-requested': true,
  'approval-responded': true,
  'answer-requested': true,
  running: false,
  'output-available': true,
  'output-error': true,
  'output-denied': true,
  cancelled: true,
  sealed: true,
};

/** The result a sealed call carries; the model reads it in the next request. */
function sealedError(call: ToolCall): string {
  if (call.state === 'input-streaming') return `The conversation was interrupted (the page was closed or reloaded) while "${call.name}" was being written; it did not run.`;
  if (call.state === 'running') return `The conversation was interrupted (the page was closed or reloaded) while "${call.name}" was running; it was stopped and may or may not have finished. Check before running it again.`;
  return `The conversation was interrupted (the page was closed or reloaded) before "${call.name}" ran; it did not run.`;
}

/**
 * The state to continue from after a reload: interrupted calls sealed, a streaming reply marked
 * `stopped` with a notice, the status `awaiting-people` when something still waits for a person,
 * otherwise `idle` (an error stays an error). A state with nothing in flight comes back unchanged.
 *
 * @example
 * ```ts
 * const state = sealInterrupted(saved, Date.now());
 * state.toolCalls.find((call) => call.state === 'running'); // undefined: it is 'sealed' now
 * ```
 */
export function sealInterrupted(state: AgentState, now: number): AgentState {
  let changed = false;
  const toolCalls = state.toolCalls.map((call) => {
    if (keptOnRestore[call.state]) return call;
    changed = true;
    return {
      ...call,
      state: 'sealed' as const,
      error: sealedError(call),
      audit: [...call.audit, { state: 'sealed' as const, at: now, by: 'runtime' as const, note: 'sealed when the session was restored' }],
    };
  });
  const messages = state.messages.map((message): Message => {
    if (message.status !== 'streaming') return message;
    changed = true;
    return {
      ...message,
      status: 'stopped',
      parts: [
        ...message.parts.map((part) => ((part.type === 'text' || part.type === 'reasoning') && part.status === 'streaming' ? { ...part, status: 'done' as const } : part)),
        { type: 'notice', id: createId('part'), level: 'warning', code: 'interrupted', text: 'This reply was cut off when the page was closed or reloaded.' },
      ],
    };
  });
  const waiting = toolCalls.some(isWaitingForPeople);
  const status: AgentStatus = waiting ? 'awaiting-people' : state.status === 'error' ? 'error' : 'idle';
  if (!changed && status === state.status) return state;
  return { ...state, toolCalls, messages, status };
}

/**
 * Whether a restored conversation can go on without a new message: it ends with tool calls the
 * model has not answered yet (sealed, finished, or approved and not yet run), or with a user
 * message that got no reply. A reply that was cut off is not resumed: regenerate it instead.
 *
 * @example
 * ```ts
 * if (canResume(agent.getState())) await agent.resume();
 * ```
 */
export function canResume(state: AgentState): boolean {
  if (state.status !== 'idle') return false;
  const last = state.messages.at(-1);
  if (!last) return false;
  if (last.role === 'user') return true;
  if (last.status !== 'done') return false;
  const calls = state.toolCalls.filter((call) => call.messageId === last.id);
  const waitsForPerson = calls.some(isWaitingForPeople);
  return calls.length > 0 && !waitsForPerson;
}
