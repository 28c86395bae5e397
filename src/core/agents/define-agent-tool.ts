import type { AgentToolInput, AgentToolOptions } from './agent-tool-options';
import type { Sandbox } from '../sandbox/sandbox-types';
import { defineTool, toolNamePattern, type ToolDefinition } from '../tools/define-tool';
export type { AgentToolInput, AgentToolOptions } from './agent-tool-options';
import { agentToolKey, subAgentHostOf, type AgentToolFacts } from '../run/sub-agent-host';
import type { Agent, AgentOptions } from '../agent/agent-options';
import { isOwnSandbox, workspaceTools } from './sub-agent-workspace';

const defaultMaxDepth = 2;

/** A sub-agent tool: a tool definition that also says what its child has (for `agent.tools`). */
export type AgentToolDefinition = ToolDefinition<AgentToolInput, string> & { readonly [agentToolKey]: AgentToolFacts };

/**
 * A tool that runs a child agent on the task the parent model gives it and returns the child's
 * final answer as the result. The child streams into the call's card (`call.subAgent`: a nested
 * timeline), its approvals and questions wait in the parent's queue and are decided there
 * (`agent.approve(childCallId)` works from the parent), Stop stops both, and its usage and cost
 * count in the parent's totals and limits. Depth is bounded (`maxDepth`).
 *
 * @example
 * ```ts
 * const researcher = defineAgentTool({
 *   name: 'research_helper',
 *   description: 'Researches a question in the workspace and reports back in a few sentences.',
 *   instructions: 'You research the task you are given with the file tools, then answer briefly.',
 *   sandbox: 'read-only',
 *   limits: { maxSteps: 8 },
 * });
 * const agent = createAgent({ model, sandbox, tools: [researcher] });
 * ```
 */
export function defineAgentTool(options: AgentToolOptions): AgentToolDefinition {
  assertAgentToolOptions(options);
  const maxDepth = options.maxDepth ?? defaultMaxDepth;
  const tool = defineTool<AgentToolInput, string>({
    name: options.name,
    description: options.description,
    inputSchema: {
      type: 'object',
      properties: { task: { type: 'string', description: 'The task for the helper, with everything it needs to know: it does not see this conversation.' } },
      required: ['task'],
      additionalProperties: false,
    },
    category: 'agent',
    // The child's own limits bound it; Stop ends it.
    timeoutMs: Infinity,
    summarize: ({ task }) => `Hand a task to ${options.name}: ${task}`,
    async execute({ task }, context) {
      const host = subAgentHostOf<Agent, AgentOptions>(context);
      if (!host) throw new Error(`"${options.name}" is a sub-agent tool; it runs only when an agent made with createAgent calls it.`);
      if (host.depth >= maxDepth) {
        throw new Error(`"${options.name}" cannot start here: sub-agents nest at most ${maxDepth} deep (maxDepth). Do this task yourself.`);
      }
      // The child's machinery loads with the first call.
      const { runSubAgent } = await import('./run-sub-agent');
      return runSubAgent(options, task, host, context);
    },
  });
  const facts: AgentToolFacts = {
    childTools: (parentSandbox) => {
      const own = isOwnSandbox(options.sandbox) ? options.sandbox : undefined;
      return { tools: [...(options.tools ?? []), ...workspaceTools(options.sandbox, parentSandbox), ...(own ? own.agentTools() : [])], sandbox: own };
    },
  };
  return Object.assign(tool, { [agentToolKey]: facts });
}

function assertAgentToolOptions(options: AgentToolOptions): void {
  const fail = (problem: string): never => {
    throw new TypeError(`defineAgentTool: ${problem}`);
  };
  if (typeof options !== 'object' || options === null) fail('pass an options object, e.g. `defineAgentTool({ name, description, instructions })`.');
  if (typeof options.name !== 'string' || !toolNamePattern.test(options.name)) fail(`the name ${JSON.stringify(options.name)} is not valid; names match ${toolNamePattern.source}.`);
  if (typeof options.description !== 'string' || options.description.trim() === '') fail('`description` must say what the helper does (the parent model reads it).');
  if (typeof options.instructions !== 'string') fail('`instructions` must be a string: the child agent\'s system prompt.');
  if (options.tools !== undefined && !Array.isArray(options.tools)) fail('`tools` must be a list of tools.');
  const { maxDepth, sandbox } = options;
  if (maxDepth !== undefined && !(Number.isSafeInteger(maxDepth) && maxDepth >= 1)) fail(`\`maxDepth\` must be a whole number of 1 or more, got ${String(maxDepth)}.`);
  if (sandbox !== undefined && sandbox !== 'shared' && sandbox !== 'read-only' && sandbox !== 'none' && typeof (sandbox as Partial<Sandbox>).agentTools !== 'function') {
    fail(`\`sandbox\` must be 'shared', 'read-only', 'none' or a sandbox from createSandbox(), got ${JSON.stringify(sandbox)}.`);
  }
}
