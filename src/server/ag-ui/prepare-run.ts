/**
 * From a checked `RunAgentInput` to an agent ready to go on, or the 400 that says why not,
 * before the model is called: the thread (stored, or the request's messages), the client's tools
 * as declarations, the conversation as the kit's state, the agent, and the resume answers checked
 * against what that agent waits for. Each request gets its own agent; nothing outlives it.
 */
import { createAgent, deferToolResult, PersistenceError, type Agent, type AgentOptions, type LanguageModel, type ToolDefinition } from '../../core/index';
import { agentSnapshotVersion } from '../../core/sessions/index';
import type { AgUiRunInput } from './ag-ui-wire';
import { clientTools } from './client-tools';
import { conversationState } from './conversation-state';
import { resumeDecisions, type ResumeDecision } from './resume-decisions';
import type { LoadedThread } from './thread-sessions';

/** What the agent is made of, besides the request. */
export interface RunSetup {
  model: LanguageModel;
  serverTools: ReadonlyMap<string, ToolDefinition>;
  agentOptions: Pick<AgentOptions, 'instructions' | 'permissions' | 'limits' | 'askUser' | 'temperature' | 'retry' | 'hooks'>;
  thread: LoadedThread | undefined;
  reportError: (error: unknown) => void;
}

/** The agent and the decisions to apply, or the field of the request that is wrong. */
export type PreparedRun = { ok: true; agent: Agent; decisions: ResumeDecision[] } | { ok: false; field: string; message: string };

/**
 * @example
 * ```ts
 * const prepared = await prepareRun(input, { model, serverTools, agentOptions: { instructions }, thread: undefined, reportError });
 * if (!prepared.ok) return errorResponse(400, 'invalid-input', `${prepared.field}: ${prepared.message}`);
 * ```
 */
export async function prepareRun(input: AgUiRunInput, setup: RunSetup): Promise<PreparedRun> {
  const client = clientTools(input.tools, setup.serverTools);
  if (!client.ok) return client;
  const answered = new Set((input.resume ?? []).map((entry) => entry.interruptId));
  const conversation = conversationState(input.messages, { base: setup.thread?.state, answered, now: Date.now() });
  if (!conversation.ok) return conversation;
  const clientNames = client.tools.map((tool) => tool.name);
  const { permissions = {}, instructions } = setup.agentOptions;
  let agent: Agent;
  try {
    agent = createAgent({
      ...setup.agentOptions,
      model: setup.model,
      instructions: withContext(instructions, input.context),
      tools: [...setup.serverTools.values(), ...client.tools] as ToolDefinition<never, unknown>[],
      // The client runs its own tools (with its own approvals): the server asks no one for them, but its deny list still refuses.
      permissions: { ...permissions, allow: [...(permissions.allow ?? []), ...clientNames] },
      onToolCall: ({ name }) => {
        if (clientNames.includes(name)) return deferToolResult;
        throw new Error(`The tool "${name}" has no implementation on this server.`);
      },
      snapshot: { format: 'react-agent-kit/agent', version: agentSnapshotVersion, state: conversation.state },
      reportError: (error) => setup.reportError(error),
    });
  } catch (error) {
    if (error instanceof PersistenceError) return { ok: false, field: 'messages', message: error.message };
    throw error;
  }
  const tools = new Map<string, ToolDefinition>([...setup.serverTools, ...client.tools.map((tool) => [tool.name, tool as ToolDefinition] as const)]);
  const read = await resumeDecisions(input.resume ?? [], agent.getState(), { tools, allowFreeText: agent.askUser.allowFreeText });
  if (!read.ok) {
    await agent.dispose();
    return read;
  }
  return { ok: true, agent, decisions: read.decisions };
}

/** The server's instructions, then the client's context items (said to be the client's). */
function withContext(instructions: string | undefined, context: AgUiRunInput['context']): string | undefined {
  if (context.length === 0) return instructions;
  const items = context.map((item) => `- ${item.description}: ${item.value}`).join('\n');
  return `${instructions ? `${instructions}\n\n` : ''}Context from the user's application:\n${items}`;
}
