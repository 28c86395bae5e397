import type { AgentState, Usage } from '../store/state';
import type { AgentLimits, CostEstimator } from './run-limits';

/** What one run has used so far. A run paused for people and resumed is the same run. */
export interface RunBudget {
  runId: string;
  steps: number;
  toolCalls: number;
  outputTokens: number;
  costUsd: number;
  /** Active time before the current stretch (waiting for people does not count). */
  activeMs: number;
}

export type LimitCode = 'limit-max-steps' | 'limit-max-tool-calls' | 'limit-max-output-tokens' | 'limit-wall-clock' | 'limit-max-cost' | 'limit-context';

export interface LimitNotice {
  code: LimitCode;
  text: string;
}

/** Raised as the abort reason when a limit ends a run part-way (the wall clock). */
export class LimitReachedError extends Error {
  override readonly name = 'LimitReachedError';
  constructor(readonly notice: LimitNotice) {
    super(notice.text);
  }
}

export function createRunBudget(runId: string): RunBudget {
  return { runId, steps: 0, toolCalls: 0, outputTokens: 0, costUsd: 0, activeMs: 0 };
}

/**
 * The budget of the state's run as the state records it, for a run that goes on in a new life of
 * the agent (a reload, another tab): its steps, the calls that ran, the tokens and cost of its
 * replies and their sub-agents, and its active time (the finished stretches, and the one that was
 * in progress up to the last thing it recorded). Limits then count the whole run.
 *
 * @example
 * ```ts
 * const budget = runBudgetOf(restoredState); // { runId: 'run-1', steps: 3, toolCalls: 2, ... }
 * ```
 */
export function runBudgetOf(state: AgentState): RunBudget {
  const runId = state.runId!;
  const budget = createRunBudget(runId);
  budget.steps = state.step;
  const replies = new Set<string>();
  let lastActivity = state.runTime?.since ?? 0;
  for (const message of state.messages) {
    if (message.runId !== runId) continue;
    lastActivity = Math.max(lastActivity, message.createdAt);
    if (message.role !== 'assistant') continue;
    replies.add(message.id);
    budget.outputTokens += message.usage?.outputTokens ?? 0;
    budget.costUsd += message.costUsd ?? 0;
  }
  for (const call of state.toolCalls) {
    if (!replies.has(call.messageId)) continue;
    for (const entry of call.audit) lastActivity = Math.max(lastActivity, entry.at);
    // A call counts once it ran; one that is to run again counts when it does.
    if (call.audit.some((entry) => entry.state === 'running') && call.state !== 'input-available') budget.toolCalls += 1;
    if (call.subAgent) {
      budget.outputTokens += call.subAgent.usage.outputTokens;
      budget.costUsd += call.subAgent.costUsd ?? 0;
    }
  }
  const { runTime } = state;
  budget.activeMs = (runTime?.activeMs ?? 0) + (runTime?.since != null ? Math.max(0, lastActivity - runTime.since) : 0);
  return budget;
}

/**
 * Adds one model step's usage and says which limit, if any, the run has now reached.
 *
 * @example
 * ```ts
 * const notice = chargeStep(budget, usage, { maxOutputTokens: 1000 }, stepCost(costEstimator, usage, model));
 * if (notice) endRunWith(notice);
 * ```
 */
export function chargeStep(budget: RunBudget, usage: Usage, limits: AgentLimits, costUsd: number | undefined): LimitNotice | null {
  budget.outputTokens += usage.outputTokens;
  if (costUsd !== undefined) budget.costUsd += costUsd;
  if (limits.maxOutputTokens !== undefined && budget.outputTokens >= limits.maxOutputTokens) {
    return {
      code: 'limit-max-output-tokens',
      text: `Stopped: this run used ${budget.outputTokens} output tokens (limits.maxOutputTokens is ${limits.maxOutputTokens}). Send a message to continue.`,
    };
  }
  if (limits.maxCostUsd !== undefined && budget.costUsd >= limits.maxCostUsd) {
    return {
      code: 'limit-max-cost',
      text: `Stopped: this run cost about $${budget.costUsd.toFixed(4)} (limits.maxCostUsd is $${limits.maxCostUsd}). Send a message to continue.`,
    };
  }
  return null;
}

export function stepLimitNotice(maxSteps: number): LimitNotice {
  return { code: 'limit-max-steps', text: `Stopped after ${maxSteps} model steps (limits.maxSteps). Send a message to continue.` };
}

export function toolCallLimitNotice(maxToolCalls: number): LimitNotice {
  return { code: 'limit-max-tool-calls', text: `Stopped: this run reached ${maxToolCalls} tool calls (limits.maxToolCalls). Send a message to continue.` };
}

export function wallClockNotice(maxWallClockMs: number): LimitNotice {
  return { code: 'limit-wall-clock', text: `Stopped: this run was active for ${Math.round(maxWallClockMs / 100) / 10} s (limits.maxWallClockMs). Send a message to continue.` };
}

/** Checks the limits given to `createAgent`, naming the one that is wrong. */
export function assertValidLimits(limits: AgentLimits): void {
  for (const [name, value] of Object.entries(limits)) {
    if (value === undefined) continue;
    if (name === 'toolTimeoutMs' && value === Infinity) continue;
    const integer = name !== 'maxCostUsd';
    const valid = typeof value === 'number' && value > 0 && (integer ? Number.isInteger(value) : Number.isFinite(value));
    if (!valid) throw new RangeError(`createAgent: limits.${name} must be a positive ${integer ? 'integer' : 'number'}, got ${String(value)}.`);
  }
}

/**
 * What one step cost by the app's estimator, or `undefined` without one. An estimate that is not
 * a finite amount of 0 or more is a bug in the estimator: it throws, naming it.
 *
 * @example
 * ```ts
 * stepCost(({ usage }) => usage.inputTokens * 1e-6, usage, model); // 0.0012
 * ```
 */
export function stepCost(costEstimator: CostEstimator | undefined, usage: Usage, model: { provider: string; modelId: string }): number | undefined {
  if (costEstimator === undefined) return undefined;
  const cost = costEstimator({ usage, provider: model.provider, modelId: model.modelId });
  if (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0) throw new TypeError(`costEstimator returned ${String(cost)} for a step of ${model.provider}/${model.modelId}; it must return a number of US dollars, 0 or more.`);
  return cost;
}
