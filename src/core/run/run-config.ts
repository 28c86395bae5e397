import type { LanguageModel, ProviderFunctionTool } from '../model/language-model';
import { defaultRetryPolicy, type RetryPolicy } from '../model/retry-policy';
import type { PermissionPolicy } from '../people/permission-policy';
import type { ToolDefinition } from '../tools/define-tool';
import { createToolLifecycle, type ToolLifecycle } from '../tools/tool-lifecycle';
import { toModelJsonSchema } from '../tools/tool-model-schema';
import type { ToolCallHandler } from './execute-tool-call';
import type { ContextOptions } from '../context/context-options';
import { lazyContext, type LazyContext } from '../context/lazy-context';
import type { PrepareStep } from './prepare-step';
import { resolveHooks, withInheritedHooks, type AgentHooks, type BeforeHook, type ResolvedHooks } from './agent-hooks';
import { inheritedHooksKey } from './sub-agent-host';
import { engineStepKey, type EngineStep } from './engine-step';
import { assertValidLimits } from './run-budget';
import type { AgentLimits, CostEstimator } from './run-limits';
import { defaultMaxToolOutputChars } from '../model/tool-output-limit';

const defaultMaxSteps = 20;
const defaultMaxParallelTools = 4;
/** As on the server (`createAgentHandler`'s `toolTimeoutMs`). */
const defaultToolTimeoutMs = 60_000;

/** Limits with their defaults filled in: what a run actually enforces. */
export type ResolvedLimits = AgentLimits & { maxSteps: number; maxParallelTools: number; maxToolOutputChars: number; toolTimeoutMs: number };

/**
 * What every run of one agent shares: the model, the tools as the model sees them, the
 * policies and limits. `createAgent` builds it once from its options; each run adds only what
 * is its own (its id, budget, abort signal).
 *
 * @example
 * ```ts
 * const lifecycle = createRunLifecycle(config, { getState, dispatch, now });
 * await lifecycle.begin();
 * ```
 */
export interface RunConfig {
  readonly model: LanguageModel;
  readonly instructions?: string | undefined;
  readonly tools: ReadonlyMap<string, ToolDefinition>;
  /** The tools as they are declared to the model. */
  readonly providerTools: ProviderFunctionTool[];
  readonly permissions: PermissionPolicy;
  readonly onToolCall?: ToolCallHandler | undefined;
  readonly limits: ResolvedLimits;
  readonly costEstimator?: CostEstimator | undefined;
  readonly temperature?: number | undefined;
  readonly retryPolicy: RetryPolicy;
  /** The context budget, and the summaries' manager (loaded when a prompt needs it). */
  readonly context: LazyContext;
  readonly prepareStep?: PrepareStep | undefined;
  /** The tools' `init` and `dispose`, for every run of the agent. */
  readonly toolLifecycle: ToolLifecycle;
  /** The app's hooks, checked and named; `undefined` without any. */
  readonly hooks?: ResolvedHooks | undefined;
  /** Set by engines of the kit (`react-agent-kit/ag-ui`): replaces the model call of each step. */
  readonly engineStep?: EngineStep | undefined;
}

/** What `createRunConfig` takes: the agent's options that shape every run. */
export interface RunConfigInput {
  model: LanguageModel;
  instructions?: string | undefined;
  /** Checked and indexed by `createToolRegistry`, built-in tools included. */
  tools: ReadonlyMap<string, ToolDefinition>;
  permissions?: PermissionPolicy | undefined;
  onToolCall?: ToolCallHandler | undefined;
  limits?: AgentLimits | undefined;
  costEstimator?: CostEstimator | undefined;
  temperature?: number | undefined;
  retry?: Partial<RetryPolicy> | undefined;
  context?: ContextOptions | undefined;
  prepareStep?: PrepareStep | undefined;
  hooks?: AgentHooks | undefined;
  /** A sub-agent's: the `beforeToolCall` hooks of the agents above it. */
  [inheritedHooksKey]?: readonly BeforeHook[] | undefined;
  [engineStepKey]?: EngineStep | undefined;
}

/**
 * Builds the run configuration once: limits checked (throws naming a bad one) and given their
 * defaults, the tools declared as the model sees them, the retry policy filled in.
 *
 * @example
 * ```ts
 * const config = createRunConfig({ model, tools: createToolRegistry([getWeather]), limits: { maxSteps: 5 } });
 * config.limits.maxParallelTools; // 4, the default
 * ```
 */
export function createRunConfig(input: RunConfigInput): RunConfig {
  assertValidLimits(input.limits ?? {});
  if (input.prepareStep !== undefined && typeof input.prepareStep !== 'function') throw new TypeError('createAgent: `prepareStep` must be a function of the step, e.g. `({ prompt }) => ({ prompt })`.');
  const { tools } = input;
  return {
    model: input.model,
    instructions: input.instructions,
    tools,
    providerTools: [...tools.values()].map((tool) => ({ type: 'function' as const, name: tool.name, description: tool.description, inputSchema: toModelJsonSchema(tool) })),
    permissions: input.permissions ?? {},
    onToolCall: input.onToolCall,
    limits: {
      ...input.limits,
      maxSteps: input.limits?.maxSteps ?? defaultMaxSteps,
      maxParallelTools: input.limits?.maxParallelTools ?? defaultMaxParallelTools,
      maxToolOutputChars: input.limits?.maxToolOutputChars ?? defaultMaxToolOutputChars,
      toolTimeoutMs: input.limits?.toolTimeoutMs ?? defaultToolTimeoutMs,
    },
    costEstimator: input.costEstimator,
    temperature: input.temperature,
    retryPolicy: { ...defaultRetryPolicy, ...input.retry },
    context: lazyContext(input.context),
    prepareStep: input.prepareStep,
    toolLifecycle: createToolLifecycle(),
    hooks: withInheritedHooks(resolveHooks(input.hooks), input[inheritedHooksKey]),
    engineStep: input[engineStepKey],
  };
}
