/**
 * `createAgent({ hooks })`: the app's code at the tool and step boundaries. The types, and the
 * check of the option at creation; what runs them is in `tool-hooks.ts`, loaded only by agents
 * that have hooks.
 */
import type { FinishReason } from '../model/language-model';
import type { AgentState, Message, ToolCall, Usage } from '../store/state';
import type { ToolInfo } from '../tools/tool-info';

/**
 * Which agent makes a call, seen from the agent whose hook runs: its own calls have an empty
 * `path`; a sub-agent's calls (`defineAgentTool`, nested too) have the names of the sub-agent
 * tools that lead to it, outermost first, and the ids of those calls.
 */
export interface ToolHookAgent {
  /** `[]`: this agent; `['researcher']`: its sub-agent; `['researcher', 'fact_checker']`: that one's sub-agent. */
  readonly path: readonly string[];
  /** The sub-agent calls along `path`, each in the state of the agent above it (`state.toolCalls`, then `call.subAgent.toolCalls`). */
  readonly toolCallIds: readonly string[];
}

/** A tool call as hooks see it. */
export interface ToolHookCall {
  /** The call's id, as in `state.toolCalls`. */
  readonly id: string;
  readonly name: string;
  /**
   * The arguments, valid for the tool's schema, as JSON: as the model sent them, or as an earlier
   * `beforeToolCall` rewrote them (a Standard Schema's transforms are not applied here).
   */
  readonly input: unknown;
  /** The tool, as the UI shows it (name, description, JSON Schema, `readOnly`, `category`). */
  readonly tool: ToolInfo;
  /** Aborted when the run stops: a hook that waits (a request, say) should stop waiting. */
  readonly signal: AbortSignal;
  /**
   * Which agent asks. `beforeToolCall` also sees the calls of the agent's sub-agents, nested too
   * (after the sub-agent's own hooks); `afterToolCall` sees only the agent's own calls.
   */
  readonly agent: ToolHookAgent;
}

/**
 * What a `beforeToolCall` hook decides; nothing (`undefined`) lets the call go on unchanged.
 * - `allow`: go on, and run without asking a person (the deny list still refuses it; a question
 *   is still asked). Later hooks still run and may deny or rewrite.
 * - `deny`: the call ends `output-denied`; the model receives `reason`. Later hooks do not run.
 * - `rewrite`: go on with `input` instead (JSON, validated again against the tool's schema; the
 *   model's arguments stay in `originalInput`, and the audit trail says which hook rewrote them).
 *   The next hook, the permission check and the approval see the new input.
 * - `answer`: the call ends `output-available` with `output` (JSON) without running the tool,
 *   audited as the host's. Later hooks do not run; the deny list still refuses the call.
 */
export type BeforeToolCallDecision =
  | { action: 'allow' }
  | { action: 'deny'; reason: string }
  | { action: 'rewrite'; input: unknown }
  | { action: 'answer'; output: unknown };

/** Runs when a call's input is complete and valid, before the permission check. */
export type BeforeToolCall = (call: ToolHookCall) => BeforeToolCallDecision | undefined | void | PromiseLike<BeforeToolCallDecision | undefined | void>;

/** A call's result as `afterToolCall` sees it and may replace it: an output, or an error the model reads. */
export type ToolHookResult = { output: unknown } | { error: string };

/** Runs when a tool (or the app's `onToolCall`) produced a result, before it is kept; may return another (JSON). */
export type AfterToolCall = (call: ToolHookCall, result: ToolHookResult) => ToolHookResult | undefined | void | PromiseLike<ToolHookResult | undefined | void>;

/** What `onStepFinish` is called with: one model step that completed. */
export interface StepFinishInfo {
  /** The step of this run, from 1. */
  readonly step: number;
  /** The assistant message the step streamed. */
  readonly messageId: string;
  readonly message: Message;
  /** The tokens the step used, when the provider said; `costUsd` with a `costEstimator`. */
  readonly usage: Usage | undefined;
  readonly costUsd: number | undefined;
  readonly finishReason: FinishReason;
  /** The provider's own finish reason, when it gave one. */
  readonly rawFinishReason: string | undefined;
  /** The calls the model made in this step, as they are now: complete, not run yet (their results come through `afterToolCall` or `agent.on('tool-call-update')`). */
  readonly toolCalls: readonly ToolCall[];
  readonly state: AgentState;
}

/** Runs after each model step that completed (not one that failed or was stopped), before its tool calls run. */
export type OnStepFinish = (step: StepFinishInfo) => void | PromiseLike<void>;

/** `createAgent({ hooks })`: each one function, or a list run in order. */
export interface AgentHooks {
  beforeToolCall?: BeforeToolCall | readonly BeforeToolCall[];
  afterToolCall?: AfterToolCall | readonly AfterToolCall[];
  onStepFinish?: OnStepFinish | readonly OnStepFinish[];
}

/** A hook with the name errors and audit entries give it (`hooks.beforeToolCall[1] (redact)`). */
export interface NamedHook<Hook> {
  readonly run: Hook;
  readonly label: string;
}

/**
 * A `beforeToolCall` hook as an agent runs it: its own (`level` 0), or one of an agent above it
 * (`level` 1 for the parent), with the asking agent as that hook sees it and its own label.
 */
export interface BeforeHook extends NamedHook<BeforeToolCall> {
  readonly level?: number;
  readonly agent?: ToolHookAgent;
  /** The label in the agent that has the hook (`label` then says whose it is). */
  readonly ownLabel?: string;
}

/** The hooks as lists, checked. */
export interface ResolvedHooks {
  /** The agent's own, then those of the agents above it, nearest first (see `withInheritedHooks`). */
  readonly beforeToolCall: readonly BeforeHook[];
  readonly afterToolCall: readonly NamedHook<AfterToolCall>[];
  readonly onStepFinish: readonly NamedHook<OnStepFinish>[];
}

const hookKinds = ['beforeToolCall', 'afterToolCall', 'onStepFinish'] as const;

/**
 * Checks `createAgent({ hooks })` (throws a `TypeError` naming what is wrong) and names each
 * hook; `undefined` when there is none, so nothing of the hooks loads.
 *
 * @example
 * ```ts
 * resolveHooks({ beforeToolCall: [audit, redact] })!.beforeToolCall[1]!.label; // 'hooks.beforeToolCall[1] (redact)'
 * ```
 */
export function resolveHooks(hooks: AgentHooks | undefined): ResolvedHooks | undefined {
  if (hooks === undefined) return undefined;
  if (typeof hooks !== 'object' || hooks === null) throw new TypeError('createAgent: `hooks` must be an object such as { beforeToolCall, afterToolCall, onStepFinish }.');
  const unknown = Object.keys(hooks).filter((key) => !(hookKinds as readonly string[]).includes(key));
  if (unknown.length > 0) throw new TypeError(`createAgent: \`hooks\` has no ${unknown.join(', ')}; the hooks are ${hookKinds.join(', ')}.`);
  const resolved = Object.fromEntries(
    hookKinds.map((kind) => {
      const given: unknown = hooks[kind];
      const list: unknown[] = given === undefined ? [] : Array.isArray(given) ? given : [given];
      return [
        kind,
        list.map((run, index) => {
          const label = Array.isArray(given) ? `hooks.${kind}[${index}]` : `hooks.${kind}`;
          if (typeof run !== 'function') throw new TypeError(`createAgent: ${label} must be a function, or a list of functions.`);
          return { run, label: run.name && run.name !== kind ? `${label} (${run.name})` : label };
        }),
      ];
    }),
  ) as unknown as ResolvedHooks;
  return hookKinds.some((kind) => resolved[kind].length > 0) ? resolved : undefined;
}

/**
 * A sub-agent's hooks: its own, then the `beforeToolCall` hooks of the agents above it (handed
 * down by `runSubAgent`), so that a parent's policy reaches its sub-agents' calls.
 *
 * @example
 * ```ts
 * withInheritedHooks(resolveHooks(options.hooks), fromParent)?.beforeToolCall.length;
 * ```
 */
export function withInheritedHooks(own: ResolvedHooks | undefined, inherited: readonly BeforeHook[] | undefined): ResolvedHooks | undefined {
  if (!inherited?.length) return own;
  return { afterToolCall: [], onStepFinish: [], ...own, beforeToolCall: [...(own?.beforeToolCall ?? []), ...inherited] };
}
