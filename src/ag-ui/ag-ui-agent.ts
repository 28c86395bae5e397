import { createAgent, createId, type Agent, type AgentHooks, type AgentLimits, type AgentSessionOptions, type LanguageModel, type PermissionPolicy, type ReportError, type Sandbox, type ToolCallHandler, type ToolDefinition } from '../core/index';
import { engineStepKey } from '../core/internal';
import { remoteApprovalTool } from './interrupts';
import { remoteRunStep } from './remote-run';
import { defaultMaxEventChars } from './sse-events';

/** Options of `agUiAgent`. */
export interface AgUiAgentOptions {
  /** The agent's AG-UI endpoint: each run is a POST of `RunAgentInput` answered with server-sent events. */
  url: string;
  /** Sent with every run (say, `Authorization`); a function is called before each run. */
  headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof globalThis.fetch;
  /** The remote thread. Default: the session's id with a `session`, a new id otherwise. */
  threadId?: string;
  /** The browser's tools, offered to the remote agent as client tools and run here (validation, permissions, approvals, audit). */
  tools?: readonly ToolDefinition<never, unknown>[];
  /** A workspace in the browser: its file tools are offered to the remote agent and run here. */
  sandbox?: Sandbox;
  /** The kit's permission policy for the browser's tools (the remote agent's own tools run on its server). */
  permissions?: PermissionPolicy;
  /** Keeps the conversation (and the remote thread, through its id) like any session. */
  session?: AgentSessionOptions;
  /** Offer the built-in `ask_user_question` tool to the remote agent. Default true. Interrupts that ask for input use the question picker either way. */
  askUser?: boolean;
  /** Runs the browser's declarations (tools without `execute`) in the host app. */
  onToolCall?: ToolCallHandler;
  /** The app's code at the browser's tool calls (`beforeToolCall`, `afterToolCall`). */
  hooks?: AgentHooks;
  /** Limits of a run: each AG-UI run is one step (`maxSteps`, default 20). */
  limits?: AgentLimits;
  reportError?: ReportError;
  /** How long a run's response may take to start. Default 60,000 ms. */
  responseTimeoutMs?: number;
  /** How long the stream may stay silent between two chunks. Default 300,000 ms. */
  idleTimeoutMs?: number;
  /** The largest single event accepted, in characters. Default 1,000,000. */
  maxEventChars?: number;
}

/**
 * An `Agent` whose runs happen on a remote AG-UI endpoint (LangGraph, Mastra, CrewAI, Pydantic
 * AI, ADK, ... or `agUiHandler` of `react-agent-kit/server`), with the kit's own state, commands
 * and components: `<AgentChat agent={agUiAgent({ url })} />` and every hook work unchanged. The
 * browser lends its hands: its tools, the sandbox's file tools and `ask_user_question` are
 * offered to the remote agent and run here, under the kit's validation, permissions, approvals
 * and audit, and their results go back in the next run. Interrupts become approvals and
 * questions; the decision resumes the run. The agent's shared state is `state.remote`
 * (`useRemoteState`).
 *
 * @example
 * ```tsx
 * const agent = agUiAgent({ url: '/api/agent', tools: [getLocation], session: { id: 'chat-1', storage: indexedDbSessionStorage({ name: 'my-app' }) } });
 * <AgentChat agent={agent} />
 * ```
 */
export function agUiAgent(options: AgUiAgentOptions): Agent {
  if (typeof options !== 'object' || options === null) throw new TypeError('agUiAgent: pass an options object, e.g. `agUiAgent({ url: "/api/agent" })`.');
  const { url } = options;
  if (typeof url !== 'string' || url.trim() === '') throw new TypeError('agUiAgent: `url` must be the agent\'s AG-UI endpoint, e.g. "/api/agent".');
  if (options.threadId !== undefined && (typeof options.threadId !== 'string' || options.threadId === '')) throw new TypeError('agUiAgent: `threadId` must be a non-empty string.');
  if (options.fetch !== undefined && typeof options.fetch !== 'function') throw new TypeError('agUiAgent: `fetch` must be a function.');
  const positive = (name: 'responseTimeoutMs' | 'idleTimeoutMs' | 'maxEventChars', fallback: number): number => {
    const value = options[name];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !(value > 0)) throw new TypeError(`agUiAgent: \`${name}\` must be a positive number, got ${JSON.stringify(value)}.`);
    return value;
  };
  const threadId = options.threadId ?? options.session?.id ?? createId('thread');
  // Called unbound: browsers throw "Illegal invocation" when fetch runs with another `this`.
  const fetchFunction = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const step = remoteRunStep({
    url,
    headers: options.headers ?? {},
    fetch: fetchFunction,
    threadId,
    hiddenTools: new Set(options.askUser === false ? ['ask_user_question'] : []),
    responseTimeoutMs: positive('responseTimeoutMs', 60_000),
    idleTimeoutMs: positive('idleTimeoutMs', 300_000),
    maxEventChars: positive('maxEventChars', defaultMaxEventChars),
  });
  return createAgent({
    model: remoteAgentModel(url),
    tools: [...(options.tools ?? []), remoteApprovalTool()],
    askUser: { allowFreeText: true },
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    ...(options.permissions ? { permissions: options.permissions } : {}),
    ...(options.session ? { session: options.session } : {}),
    ...(options.onToolCall ? { onToolCall: options.onToolCall } : {}),
    ...(options.hooks ? { hooks: options.hooks } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.reportError ? { reportError: options.reportError } : {}),
    [engineStepKey]: step,
  } as Parameters<typeof createAgent>[0]);
}

/** Stands where `createAgent` wants a model: the runs go to the endpoint, and nothing asks it (`compact()` says so). */
function remoteAgentModel(url: string): LanguageModel {
  return {
    specificationVersion: 'v3',
    provider: 'ag-ui',
    modelId: url,
    doStream: () => Promise.reject(new Error('An AG-UI agent has no model in the browser: its runs happen at its endpoint, which keeps its own context.')),
  };
}
