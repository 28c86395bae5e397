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
import type { AgentState, AgentStatus, Message, SubAgentRun, ToolCall, ToolCallState } from '../store/state';
import { isFinalToolCallState, isWaitingForPeople } from '../store/tool-call-states';

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

/** How a restored run is to go on (see `session.resume`); without it, everything in flight is sealed. */
export interface ResumeOptions {
  /**
   * Whether a tool may run again: a call that was running when the page went away runs again only
   * when its tool says it is safe to repeat (`idempotent: true`); every other one is sealed.
   */
  idempotent(toolName: string): boolean;
}

/**
 * The state to continue from after a reload: interrupted calls sealed, a streaming reply marked
 * `stopped` with a notice, the status `awaiting-people` when something still waits for a person,
 * otherwise `idle` (an error stays an error). A state with nothing in flight comes back unchanged.
 *
 * With `resume`, the run is made ready to go on: a call of an idempotent tool that was running is
 * to run again (`input-available`), and a reply that was streaming is marked `interrupted`: it
 * stays in view, and the model step it belonged to is asked again (the model never reads it).
 *
 * @example
 * ```ts
 * const state = sealInterrupted(saved, Date.now());
 * state.toolCalls.find((call) => call.state === 'running'); // undefined: it is 'sealed' now
 * ```
 */
export function sealInterrupted(state: AgentState, now: number, resume?: ResumeOptions): AgentState {
  const again = (call: ToolCall) => resume !== undefined && call.state === 'running' && call.subAgent === undefined && call.remote === undefined && resume.idempotent(call.name);
  const runAgain = new Set(state.toolCalls.filter(again).map((call) => call.id));
  const rerun = runAgain.size > 0 ? state.toolCalls.map((call) => (runAgain.has(call.id) ? toRunAgain(call, now) : call)) : state.toolCalls;
  const toolCalls = sealCalls(rerun, now, (call) => keptOnRestore[call.state] || runAgain.has(call.id));
  const messages = sealMessages(state.messages, resume !== undefined);
  const changed = toolCalls !== state.toolCalls || messages !== state.messages;
  const waiting = toolCalls.some(isWaitingForPeople);
  const status: AgentStatus = waiting ? 'awaiting-people' : state.status === 'error' ? 'error' : 'idle';
  if (!changed && status === state.status) return state;
  return { ...state, toolCalls, messages, status };
}

/** The calls with those not kept sealed, and every sub-agent's run sealed whole (its agent is gone); the same list when nothing changes. */
function sealCalls(calls: ToolCall[], now: number, kept: (call: ToolCall) => boolean): ToolCall[] {
  let changed = false;
  const sealed = calls.map((call) => {
    const subAgent = call.subAgent && sealSubAgent(call.subAgent, now);
    const keep = kept(call);
    if (keep && subAgent === call.subAgent) return call;
    changed = true;
    if (keep) return { ...call, subAgent: subAgent! };
    return {
      ...call,
      ...(subAgent ? { subAgent } : {}),
      state: 'sealed' as const,
      error: sealedError(call),
      audit: [...call.audit, { state: 'sealed' as const, at: now, by: 'runtime' as const, note: 'sealed when the session was restored' }],
    };
  });
  return changed ? sealed : calls;
}

/** A sub-agent's run can never go on after a restore: nothing of it waits or runs any more. */
function sealSubAgent(run: SubAgentRun, now: number): SubAgentRun {
  const toolCalls = sealCalls(run.toolCalls, now, (call) => isFinalToolCallState(call.state));
  const messages = sealMessages(run.messages);
  const status = run.status === 'error' ? 'error' : 'idle';
  if (toolCalls === run.toolCalls && messages === run.messages && status === run.status) return run;
  return { ...run, toolCalls, messages, status };
}

/** A call of an idempotent tool that was running, made to run again when the run goes on. */
function toRunAgain(call: ToolCall, now: number): ToolCall {
  return { ...call, state: 'input-available', audit: [...call.audit, { state: 'input-available', at: now, by: 'runtime', note: 'to run again: it was running when the page went away, and its tool is idempotent' }] };
}

/**
 * Replies that were streaming keep their text and say they were cut off (and, when the run is to
 * go on, are marked `interrupted`); the same list when none was.
 */
function sealMessages(messages: Message[], interrupted = false): Message[] {
  if (!messages.some((message) => message.status === 'streaming')) return messages;
  return messages.map((message): Message => {
    if (message.status !== 'streaming') return message;
    return {
      ...message,
      ...(interrupted ? { interrupted: true } : {}),
      status: 'stopped',
      parts: [
        ...message.parts.map((part) => ((part.type === 'text' || part.type === 'reasoning') && part.status === 'streaming' ? { ...part, status: 'done' as const } : part)),
        { type: 'notice', id: createId('part'), level: 'warning', code: 'interrupted', text: 'This reply was cut off when the page was closed or reloaded.' },
      ],
    };
  });
}

/**
 * Whether a restored conversation can go on without a new message: it ends with tool calls the
 * model has not answered yet (sealed, finished, or approved and not yet run), or with a user
 * message that got no reply, or with a reply cut off by a reload and marked `interrupted` (its step
 * is asked again). Another reply that was cut off is not resumed: regenerate it instead.
 *
 * @example
 * ```ts
 * if (canResume(agent.getState())) await agent.resume();
 * ```
 */
export function canResume(state: AgentState): boolean {
  if (state.status !== 'idle') return false;
  // A reply cut off by a reload whose run is to go on: the step is asked again.
  const last = state.messages.findLast((message) => message.interrupted !== true);
  if (!last) return false;
  if (last.role === 'user') return true;
  if (last !== state.messages.at(-1)) return true;
  if (last.status !== 'done') return false;
  const calls = state.toolCalls.filter((call) => call.messageId === last.id);
  const waitsForPerson = calls.some(isWaitingForPeople);
  // A step an app asked for (agent.callTool) is over once its calls are: the model owes no reply.
  if (last.requestedBy === 'app' && calls.every((call) => isFinalToolCallState(call.state))) return false;
  return calls.length > 0 && !waitsForPerson;
}
