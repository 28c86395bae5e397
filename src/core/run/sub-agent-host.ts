import type { LanguageModel } from '../model/language-model';
import type { PermissionPolicy } from '../people/permission-policy';
import type { Sandbox } from '../sandbox/sandbox-types';
import type { SubAgentRun, Usage } from '../store/state';
import type { ResolvedHooks } from './agent-hooks';
import type { ToolDefinition, ToolExecutionContext } from '../tools/define-tool';
import type { CostEstimator } from './run-limits';

/**
 * What a tool call knows of the agent that made it, so that a sub-agent tool (`defineAgentTool`)
 * can run a child in its place: the parent's model, workspace and policy as defaults, how deep it
 * is already, and the parent's hands for the child (its usage, its state, its people's decisions).
 * It reaches `execute` under a symbol key, never as data. `Child` is the agent type: the run comes
 * before the agent in the flow, so it is a parameter here (`SubAgentHost<Agent>` where it is used).
 */
export interface SubAgentHost<Child = unknown, ChildOptions = never> {
  readonly model: LanguageModel;
  readonly sandbox: Sandbox | undefined;
  readonly permissions: PermissionPolicy;
  readonly costEstimator: CostEstimator | undefined;
  /** 0 for an agent the app created, 1 for its children, and so on. */
  readonly depth: number;
  /** The agent's hooks (its `beforeToolCall` list holds those of the agents above it too): a child's calls go through them. */
  readonly hooks: ResolvedHooks | undefined;
  /** `createAgent` itself (handed over so that the sub-agent code, loaded lazily, does not carry a second copy). */
  createAgent(options: ChildOptions): Child;
  /** Makes the child reachable by the parent's `approve`, `deny`, `answer` and `cancelQuestion` while it runs; returns the release. */
  adopt(toolCallId: string, child: Child): () => void;
  /** Shows the child's state in the call (and counts its new usage in the conversation's totals). */
  mirror(toolCallId: string, run: SubAgentRun): void;
  /** Counts the child's new usage in the parent run's limits; a limit reached stops the parent run (and so the child). */
  charge(usage: Usage, costUsd: number | undefined): void;
}

/** The key under which `execute`'s context carries the host. */
export const subAgentHostKey: unique symbol = Symbol.for('react-agent-kit.subAgentHost');

/**
 * The key under which a sub-agent tool's options carry another way to make its child (an agent
 * of another engine: `remoteAgentTool` of `react-agent-kit/ag-ui`). Internal; not documented on
 * `defineAgentTool`.
 */
export const childAgentKey: unique symbol = Symbol.for('react-agent-kit.childAgent');

/** The key under which `createAgent`'s options carry a child's depth. */
export const subAgentDepthKey: unique symbol = Symbol.for('react-agent-kit.subAgentDepth');

/**
 * The host of a tool call, when an agent made it.
 *
 * @example
 * ```ts
 * const host = subAgentHostOf<Agent, AgentOptions>(context);
 * ```
 */
export function subAgentHostOf<Child, ChildOptions>(context: ToolExecutionContext): SubAgentHost<Child, ChildOptions> | undefined {
  return (context as ToolExecutionContext & { [subAgentHostKey]?: SubAgentHost<Child, ChildOptions> })[subAgentHostKey];
}

/** The key under which `createAgent`'s options carry the `beforeToolCall` hooks of the agents above a child (`BeforeHook[]`). */
export const inheritedHooksKey: unique symbol = Symbol.for('react-agent-kit.inheritedHooks');

/** The key under which a sub-agent tool's definition says what its child has (for `agent.tools`). */
export const agentToolKey: unique symbol = Symbol.for('react-agent-kit.agentTool');

/** What a sub-agent tool's definition carries under `agentToolKey`. */
export interface AgentToolFacts {
  /** The child's tools, and its workspace when it has one of its own, for a parent with this workspace. */
  childTools(parentSandbox: Sandbox | undefined): { tools: readonly ToolDefinition<never, unknown>[]; sandbox: Sandbox | undefined };
}

/**
 * What a tool's child has, when it is a sub-agent tool.
 *
 * @example
 * ```ts
 * const facts = agentToolFactsOf(tool); // undefined for other tools
 * ```
 */
export function agentToolFactsOf(tool: ToolDefinition<never, unknown> | ToolDefinition): AgentToolFacts | undefined {
  return (tool as { [agentToolKey]?: AgentToolFacts })[agentToolKey];
}
