import type { Usage } from '../store/state';
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
