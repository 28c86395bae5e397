/**
 * Running the app's hooks (`createAgent({ hooks })`), loaded only by agents that have some. Every
 * way a hook can fail (it throws, rejects, or returns what is not a decision or a result) ends
 * that call with an error result naming the hook and an audit entry: a call never goes without
 * its one result. Stop is not held up by a hook that waits: the wait ends, and the run gives
 * the call its `cancelled` result.
 */
// Type imports only: what runs comes from the main bundle through `kit` (see hook-kit.ts).
import type { PermissionPolicy } from '../people/permission-policy';
import type { AgentEvent } from '../store/events';
import type { AgentState, AuditActor, ToolCall, Usage } from '../store/state';
import type { ToolDefinition } from '../tools/define-tool';
import type { ToolInfo } from '../tools/tool-info';
import type { BeforeToolCallDecision, ResolvedHooks, StepFinishInfo, ToolHookAgent, ToolHookCall, ToolHookResult } from './agent-hooks';
import type { FinishReason } from '../model/language-model';
import type { HookKit } from './hook-kit';

/** What running the hooks needs from the tool phase. */
export interface ToolHooksContext {
  hooks?: ResolvedHooks | undefined;
  dispatch: (event: AgentEvent) => void;
  now: () => number;
  signal: AbortSignal;
}

/** `handled`: the call has its result (or the run was stopped); `proceed`: admit it with this input. */
export type BeforeOutcome = { kind: 'handled' } | { kind: 'proceed'; input: unknown; value: unknown; allowed: boolean };

/** A call's result on its way into the state. */
export interface PendingResult {
  state: 'output-available' | 'output-error' | 'cancelled';
  output?: unknown;
  error?: string;
  by: AuditActor;
  note?: string;
}

/** The agent's own calls, as its hooks see them. */
const ownAgent: ToolHookAgent = Object.freeze({ path: Object.freeze([]), toolCallIds: Object.freeze([]) });

const infos = new WeakMap<ToolDefinition, ToolInfo>();
function infoOf(tool: ToolDefinition, kit: HookKit): ToolInfo {
  let info = infos.get(tool);
  if (!info) infos.set(tool, (info = kit.toToolInfo(tool)));
  return info;
}

/** The hook's answer, or the run's abort reason thrown as soon as the run stops (a hook that never answers must not hold up Stop). */
function untilAborted<T>(answer: T | PromiseLike<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(answer)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** What a hook returned, shortly, for an error message. */
function shown(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 80) ?? typeof value;
  } catch {
    return typeof value;
  }
}

/**
 * Runs the `beforeToolCall` hooks in order for a call whose input is valid (`input` as JSON,
 * `value` as the tool's schema parsed it): the agent's own, then, in a sub-agent, those of the
 * agents above it, nearest first. A deny from any of them ends the call. An answer skips the
 * rest of its agent's hooks, not those of the agents above: they may still deny the call or
 * answer it themselves (an allow or a rewrite of theirs leaves the answer as it is).
 *
 * @example
 * ```ts
 * const outcome = await applyBeforeToolCall(call, tool, input, value, context, hookKit);
 * if (outcome.kind === 'proceed') checkPermission(tool, outcome.value, policy, alwaysAllowed);
 * ```
 */
export async function applyBeforeToolCall(
  call: ToolCall,
  tool: ToolDefinition,
  input: unknown,
  value: unknown,
  context: ToolHooksContext & { permissions: PermissionPolicy },
  kit: HookKit,
): Promise<BeforeOutcome> {
  const settle = (state: 'output-error' | 'output-denied' | 'output-available', fields: { output?: unknown; error?: string }, note: string): BeforeOutcome => {
    context.dispatch({ type: 'tool-call-update', toolCallId: call.id, state, by: 'host', at: context.now(), note, ...fields });
    return { kind: 'handled' };
  };
  const failed = (label: string, problem: string, note: string) => settle('output-error', { error: `${label} ${problem} for "${call.name}", so the call did not run.` }, note);
  let allowed = false;
  let answer: { output: unknown; label: string; level: number } | undefined;
  for (const { run, label, level = 0, agent = ownAgent } of context.hooks?.beforeToolCall ?? []) {
    if (context.signal.aborted) return { kind: 'handled' };
    // An answer ends its own agent's hooks; an agent above still has its say.
    if (answer !== undefined && level <= answer.level) continue;
    let decision: BeforeToolCallDecision | undefined | void;
    try {
      decision = await untilAborted(run({ id: call.id, name: call.name, input, tool: infoOf(tool, kit), signal: context.signal, agent }), context.signal);
    } catch (error) {
      if (context.signal.aborted) return { kind: 'handled' };
      return failed(label, `threw (${kit.describeError(error)})`, `${label} threw`);
    }
    if (decision === undefined || decision === null) continue;
    const invalid = () => failed(label, `returned ${shown(decision)}, which is not a decision ({ action: 'allow' | 'deny' | 'rewrite' | 'answer', … } or nothing),`, `${label} returned an invalid decision`);
    switch (typeof decision === 'object' ? decision.action : undefined) {
      case 'allow':
        allowed = true;
        break;
      case 'deny': {
        const { reason } = decision as { reason: unknown };
        if (typeof reason !== 'string') return invalid();
        const why = reason.trim();
        return settle('output-denied', { error: `This app does not allow this call of "${call.name}"${why ? `: ${why}` : '.'} It did not run. Do not call it again unchanged.` }, `denied by ${label}${why ? `: ${why}` : ''}`);
      }
      case 'rewrite': {
        if (answer !== undefined) break;
        const json = kit.toJsonData((decision as { input: unknown }).input, 'input');
        if (!json.ok) return failed(label, `rewrote the arguments into a value that is not JSON (${json.problem})`, `${label} rewrote the arguments into a value that is not JSON`);
        const validated = await kit.validateToolInput(tool, json.value);
        if (context.signal.aborted) return { kind: 'handled' };
        if (!validated.ok) return failed(label, `rewrote the arguments into ones the tool does not accept (${validated.message})`, `${label} rewrote the arguments into invalid ones`);
        // The model's arguments stay in originalInput, however many hooks rewrite them.
        context.dispatch({ type: 'tool-call-update', toolCallId: call.id, state: 'input-available', by: 'host', at: context.now(), note: `arguments rewritten by ${label}`, input: json.value, originalInput: call.input });
        input = json.value;
        value = validated.value;
        break;
      }
      case 'answer': {
        const json = kit.toJsonData((decision as { output: unknown }).output);
        if (!json.ok) return failed(label, `answered with a value that is not JSON (${json.problem})`, `${label} answered with a value that is not JSON`);
        // The deny list wins: the permission check refuses it.
        if (kit.policyLists(context.permissions.deny, tool)) return { kind: 'proceed', input, value, allowed };
        answer = { output: json.value, label, level };
        break;
      }
      default:
        return invalid();
    }
  }
  if (answer !== undefined) return settle('output-available', { output: answer.output }, `answered by ${answer.label} without running the tool`);
  return { kind: 'proceed', input, value, allowed };
}

/**
 * Runs the `afterToolCall` hooks in order on a call's result; each may replace it. Returns the
 * result to keep (audited as the host's when a hook replaced it).
 *
 * @example
 * ```ts
 * const kept = await applyAfterToolCall(call, tool, { state: 'output-available', output, by: 'runtime' }, context, hookKit);
 * ```
 */
export async function applyAfterToolCall(
  call: ToolCall,
  tool: ToolDefinition,
  result: PendingResult,
  context: ToolHooksContext & { getState: () => AgentState },
  kit: HookKit,
): Promise<PendingResult> {
  const input = context.getState().toolCalls.findLast((candidate) => candidate.id === call.id)?.input ?? call.input;
  const hookCall: ToolHookCall = { id: call.id, name: call.name, input, tool: infoOf(tool, kit), signal: context.signal, agent: ownAgent };
  let current: ToolHookResult = result.state === 'output-available' ? { output: result.output } : { error: result.error ?? '' };
  let replacedBy: string | undefined;
  const failed = (label: string, problem: string, note: string): PendingResult => ({
    state: 'output-error',
    error: `${label} ${problem} on the result of "${call.name}"; the tool ran, but its result was not kept.`,
    by: 'host',
    note,
  });
  for (const { run, label } of context.hooks?.afterToolCall ?? []) {
    let replacement: ToolHookResult | undefined | void;
    try {
      replacement = await untilAborted(run(hookCall, current), context.signal);
    } catch (error) {
      if (context.signal.aborted) return { state: 'cancelled', error: `The run was stopped while ${label} checked the result of "${call.name}"; the result was not kept.`, by: 'runtime' };
      return failed(label, `threw (${kit.describeError(error)})`, `${label} threw`);
    }
    if (replacement === undefined || replacement === null) continue;
    const given = replacement as { output?: unknown; error?: unknown };
    if (typeof given === 'object' && typeof given.error === 'string') current = { error: given.error };
    else if (typeof given === 'object' && 'output' in given) {
      const json = kit.toJsonData(given.output);
      if (!json.ok) return failed(label, `replaced it with a value that is not JSON (${json.problem})`, `${label} replaced the result with a value that is not JSON`);
      current = { output: json.value };
    } else return failed(label, `returned ${shown(replacement)}, which is not a result ({ output } or { error: string }, or nothing),`, `${label} returned an invalid result`);
    replacedBy = label;
  }
  if (replacedBy === undefined) return result;
  const note = `result replaced by ${replacedBy}`;
  return 'error' in current ? { state: 'output-error', error: current.error, by: 'host', note } : { state: 'output-available', output: current.output, by: 'host', note };
}

/** A finished model step, as the loop knows it. */
export interface FinishedStep {
  step: number;
  messageId: string;
  costUsd: number | undefined;
  usage: Usage | null;
  finishReason: FinishReason;
  rawFinishReason?: string;
}

/**
 * Runs the `onStepFinish` hooks in order; returns why the run must end when one throws.
 *
 * @example
 * ```ts
 * const problem = await applyStepFinish(context, { step, messageId, costUsd, ...result }, hookKit);
 * if (problem) return { status: 'error', error: { code: 'internal-error', message: problem, retryable: false, at: now() } };
 * ```
 */
export async function applyStepFinish(context: Pick<ToolHooksContext, 'hooks' | 'signal'> & { getState: () => AgentState }, finished: FinishedStep, kit: HookKit): Promise<string | undefined> {
  const { signal } = context;
  const state = context.getState();
  const { step, messageId } = finished;
  const info: StepFinishInfo = {
    step,
    messageId,
    message: state.messages.findLast((message) => message.id === messageId)!,
    usage: finished.usage ?? undefined,
    costUsd: finished.costUsd,
    finishReason: finished.finishReason,
    rawFinishReason: finished.rawFinishReason,
    toolCalls: state.toolCalls.filter((call) => call.messageId === messageId),
    state,
  };
  for (const { run, label } of context.hooks?.onStepFinish ?? []) {
    try {
      await untilAborted(run(info), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      const calls = info.toolCalls.length;
      return `${label} threw after step ${info.step}: ${kit.describeError(error)}. The run was stopped${calls > 0 ? `; the step's ${calls === 1 ? 'tool call' : `${calls} tool calls`} did not run` : ''}.`;
    }
  }
  return undefined;
}
