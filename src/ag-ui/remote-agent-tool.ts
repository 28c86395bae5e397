import { defineAgentTool, type AgentToolDefinition, type ToolDefinition } from '../core/index';
import { childAgentKey } from '../core/internal';
import { agUiAgent, type AgUiAgentOptions } from './ag-ui-agent';

/** Options of `remoteAgentTool`. */
export interface RemoteAgentToolOptions {
  /** The remote agent's AG-UI endpoint. */
  url: string;
  /** The tool's name, as the in-browser agent calls it. */
  name: string;
  /** What the remote agent does, for the in-browser agent to decide when to delegate. */
  description: string;
  headers?: AgUiAgentOptions['headers'];
  fetch?: typeof globalThis.fetch;
  /** The browser's tools the remote agent may call (run here, under the parent's permissions and approvals). Default none. */
  tools?: readonly ToolDefinition<never, unknown>[];
  /** Offer `ask_user_question` to the remote agent (its questions join the parent's). Default true. */
  askUser?: boolean;
}

/**
 * A tool with which the in-browser agent hands a task to a remote AG-UI agent, as
 * `defineAgentTool` does to a local one: each call runs an `agUiAgent` on a new thread with the
 * task as its message; its progress shows in the call's card (`subAgent`), its approvals,
 * interrupts and questions join the parent's queue and are decided there, Stop ends it, and the
 * remote agent's last reply is the call's result.
 *
 * @example
 * ```ts
 * const researcher = remoteAgentTool({ url: '/api/research-agent', name: 'research', description: 'Researches a topic on the web and reports with sources.' });
 * createAgent({ model, tools: [researcher] });
 * ```
 */
export function remoteAgentTool(options: RemoteAgentToolOptions): AgentToolDefinition {
  if (typeof options !== 'object' || options === null) throw new TypeError('remoteAgentTool: pass an options object, e.g. `remoteAgentTool({ url, name, description })`.');
  if (typeof options.url !== 'string' || options.url.trim() === '') throw new TypeError('remoteAgentTool: `url` must be the agent\'s AG-UI endpoint.');
  const { url, headers, fetch, tools, askUser } = options;
  return defineAgentTool({
    name: options.name,
    description: options.description,
    // The remote agent has its own instructions; the task is all it is sent.
    instructions: '',
    tools: tools ?? [],
    sandbox: 'none',
    [childAgentKey]: (parent) => agUiAgent({ url, permissions: parent.permissions, tools: tools ?? [], ...(headers ? { headers } : {}), ...(fetch ? { fetch } : {}), ...(askUser === false ? { askUser } : {}) }),
  });
}
