import type { Usage } from '../store/state';

/** What one run may use: steps, tool calls, tokens, time and money (`createAgent({ limits })`). */
export interface AgentLimits {
  /** Model steps per run (one step = one model call). Default 20. */
  maxSteps?: number;
  /** Tool calls per run; calls past it get an error result and the run ends. */
  maxToolCalls?: number;
  /** Tool calls of one step that run at the same time. Default 4. */
  maxParallelTools?: number;
  /** Output tokens: passed to the provider per call, and the run ends once a run has used this many. */
  maxOutputTokens?: number;
  /** Time a run may be active (waiting for people does not count). */
  maxWallClockMs?: number;
  /** Spend per run, as estimated by `costEstimator`. */
  maxCostUsd?: number;
  /** Characters of a tool's output (as JSON) the model receives; longer output is cut with a note. Default 20,000. */
  maxToolOutputChars?: number;
  /**
   * Time limit of a tool call for tools that set no `timeoutMs` of their own (`execute` and
   * `onToolCall` alike): past it the call is stopped (its signal aborts) and ends as an error
   * result. Default 60,000 (60 s, as on the server). `Infinity` sets no default limit.
   */
  toolTimeoutMs?: number;
}

/** Estimates the cost of one model step from its usage, for `limits.maxCostUsd`. */
export type CostEstimator = (step: { usage: Usage; provider: string; modelId: string }) => number;
