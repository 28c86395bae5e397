import type { Sandbox } from '../sandbox/sandbox-types';
import type { ToolDefinition } from '../tools/define-tool';
import type { AgentToolOptions } from './agent-tool-options';

/**
 * The file tools a sub-agent gets from its parent's workspace, as its tool says: all of them
 * (`'shared'`, the default), those that only read (`'read-only'`), or none (`'none'`, or a
 * sandbox of its own, whose tools `createAgent` adds).
 *
 * @example
 * ```ts
 * workspaceTools('read-only', parentSandbox).map((tool) => tool.name); // ['read_file', 'list_files', 'glob', 'grep']
 * ```
 */
export function workspaceTools(choice: AgentToolOptions['sandbox'], parent: Sandbox | undefined): ToolDefinition<never, unknown>[] {
  if (!parent || choice === 'none' || isOwnSandbox(choice)) return [];
  const tools = parent.agentTools();
  return choice === 'read-only' ? tools.filter((tool) => tool.readOnly === true) : tools;
}

/** Whether the tool gives the child a workspace of its own. */
export function isOwnSandbox(choice: AgentToolOptions['sandbox']): choice is Sandbox {
  return typeof choice === 'object' && choice !== null;
}
