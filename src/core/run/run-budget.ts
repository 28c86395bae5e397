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
 * const notice = chargeStep(budget, usage, { maxOutputTokens: 1000 }, undefined, model);
 * if (notice) endRunWith(notice);
 * ```
 */
export function chargeStep(
  budget: RunBudget,
  usage: Usage,
  limits: AgentLimits,
  costEstimator: CostEstimator | undefined,
  model: { provider: string; modelId: string },
): LimitNotice | null {
  budget.outputTokens += usage.outputTokens;
  if (costEstimator) budget.costUsd += costEstimator({ usage, provider: model.provider, modelId: model.modelId });
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
