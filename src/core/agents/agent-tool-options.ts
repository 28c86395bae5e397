import type { LanguageModel } from '../model/language-model';
import type { PermissionPolicy } from '../people/permission-policy';
import type { AskUserOption } from '../people/question-types';
import type { AgentLimits } from '../run/run-limits';
import type { AgentHooks } from '../run/agent-hooks';
import type { Sandbox } from '../sandbox/sandbox-types';
import type { ToolDefinition } from '../tools/define-tool';
import type { Agent } from '../agent/agent-options';
import type { childAgentKey } from '../run/sub-agent-host';

/** Options of `defineAgentTool`. */
export interface AgentToolOptions {
  /** The tool's name, as the parent model calls it (`research_helper`). */
  name: string;
  /** Tells the parent model what the helper is good at and when to hand it a task. */
  description: string;
  /** The child's system prompt. */
  instructions: string;
  /** The child's own tools (sub-agent tools too: they nest up to `maxDepth`). */
  tools?: readonly ToolDefinition<never, unknown>[];
  /** The child's model. Default: the parent's. */
  model?: LanguageModel;
  /** The child's own limits (steps, tool calls, tokens, time). Its usage also counts in the parent's limits. */
  limits?: AgentLimits;
  /**
   * The child's workspace: `'shared'` (default) gives it the parent's file tools on the same files
   * (its changes belong to the parent's turn, so a rollback undoes them); `'read-only'` only the
   * tools that read; `'none'` no files; a sandbox of its own (`createSandbox()`) scopes it there.
   */
  sandbox?: 'shared' | 'read-only' | 'none' | Sandbox;
  /** The child's permission policy. Default: the parent's (its approvals are asked in the parent's UI). */
  permissions?: PermissionPolicy;
  /** Gives the child the `ask_user_question` tool; its questions are asked in the parent's UI. */
  askUser?: AskUserOption;
  /** Gives the child the `todo_write` tool: it keeps a plan of its own (in `call.subAgent`'s state, not the parent's). */
  todos?: boolean;
  /**
   * The child's own hooks (`createAgent({ hooks })`). The child's calls go through its own
   * `beforeToolCall` first, then through the parent's (and those of the agents above it), which
   * are told which agent asks (`call.agent.path`); a deny from any of them ends the call. The
   * parent's `afterToolCall`, `onStepFinish` and `agent.on` listeners see the sub-agent call
   * itself, not the calls its child makes.
   */
  hooks?: AgentHooks;
  /** How many sub-agents deep a call may start this one: 1 lets only the app's agent start it. Default 2. */
  maxDepth?: number;
  /** Internal (`remoteAgentTool`): makes the child instead of `createAgent`, given the parent's policy and workspace. */
  [childAgentKey]?: (parent: { permissions: PermissionPolicy; sandbox: Sandbox | undefined }) => Agent;
}

/** The input the parent model gives a sub-agent. */
export interface AgentToolInput {
  task: string;
}
