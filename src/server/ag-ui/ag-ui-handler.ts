/**
 * `agUiHandler`: a kit agent behind the AG-UI protocol, as one fetch handler. An AG-UI client
 * (`HttpAgent` of `@ag-ui/client`, CopilotKit, assistant-ui) POSTs a `RunAgentInput`; the handler
 * runs `createAgent` with the server's model and tools on the thread, and streams the run as
 * AG-UI events over SSE. Checks in order: CORS preflight, the path, the method, `authorize` (before
 * any of the body is read), the body's size and pace, then the input field by field (a 400
 * naming the field), all before the model is called. Stateless: the thread comes from the request
 * or the session store, and each request's agent is gone when its response ends.
 */
import type { AgentHooks, AgentLimits, AskUserOption, BridgeError, LanguageModel, PermissionPolicy, RetryPolicy, ToolDefinition } from '../../core/index';
import { assertLanguageModel } from '../../core/internal';
import { withHeaders, type Authorize } from '../agent-handler';
import { bodyPace } from '../body-deadline';
import { assertCorsOptions, corsHeaders, preflightResponse, type CorsOptions } from '../cors';
import { errorResponse } from '../http-responses';
import { largeBodyAdmission, type LargeBodyOptions } from '../large-body-admission';
import type { McpServerConfig } from '../mcp/index';
import { bodyErrorResponse, readJsonBody } from '../read-json-body';
import { sharedSessionsUserId } from '../sessions/session-routes';
import { createToolSources } from '../tool-sources';
import { streamRun } from './ag-ui-run';
import { prepareRun } from './prepare-run';
import { readRunInput } from './read-run-input';
import { sseStream } from './sse-stream';
import { loadThread, threadSaver, type AgUiSessionsOptions, type LoadedThread } from './thread-sessions';

/**
 * What `agUiHandler` runs and how it guards the door.
 *
 * @example
 * ```ts
 * const options: AgUiHandlerOptions = { model, tools: [lookupOrder], permissions: { mode: 'ask' }, askUser: true, authorize: () => true };
 * ```
 */
export interface AgUiHandlerOptions {
  /** Runs first, on the request's method, URL and headers (see `createAgentHandler`). Required. */
  authorize: Authorize;
  /** The agent's model: an AI SDK language model, or a function of the request that picks one. */
  model: LanguageModel | ((request: Request) => LanguageModel | Promise<LanguageModel>);
  /** The agent's system prompt. The request's `context` items follow it, said to be the application's. */
  instructions?: string;
  /** Tools that run on the server (`defineTool` with `execute`). */
  tools?: readonly ToolDefinition<never, unknown>[];
  /** MCP servers whose tools the agent may use (connected on the first request). */
  mcpServers?: readonly McpServerConfig[];
  /** Which server tools need a person's approval (an interrupt); client tools are the client's to approve. */
  permissions?: PermissionPolicy;
  /** Steps, tool calls, tokens, cost and time of one run (see `createAgent`). */
  limits?: AgentLimits;
  /** Adds the built-in `ask_user_question` tool: its questions reach the client as interrupts. */
  askUser?: AskUserOption;
  /** The app's code at the tool and step boundaries, on the server (see `createAgent`'s `hooks`). */
  hooks?: AgentHooks;
  temperature?: number;
  /** Retries of transient model failures before any output streamed (see `createAgent`). */
  retry?: Partial<RetryPolicy>;
  /** Keep threads in the server's session store, by `threadId`, for the user `authorize` names. */
  sessions?: AgUiSessionsOptions;
  /** The one path it serves, e.g. `'/api/ag-ui'`. Default: any path. */
  path?: string;
  /** Cross-origin callers; none unless set. */
  cors?: CorsOptions;
  /** Largest request body, in bytes (a client sends the whole conversation on every run). Default 4 MiB. */
  maxBodyBytes?: number;
  /** The longest a request body may go without a byte arriving, in milliseconds. Default 30 s. */
  bodyTimeoutMs?: number;
  /** The slowest average a request body may arrive at, in bytes a second. Default 8 KiB. */
  minBodyBytesPerSecond?: number;
  /** How many large bodies (over `minBytes`, default 1 MiB) are read at once (see `createAgentHandler`). */
  largeBodies?: LargeBodyOptions;
  /** Gets every error the client does not see in full. Default: `console.error`. */
  onError?: (error: unknown) => void;
}

/**
 * A fetch handler that also releases what it holds (MCP connections) on `close()`.
 *
 * @example
 * ```ts
 * const handler: AgUiHandler = agUiHandler({ model, authorize });
 * process.on('SIGTERM', () => void handler.close());
 * ```
 */
export interface AgUiHandler {
  (request: Request): Promise<Response>;
  close(): Promise<void>;
  /** The largest body it accepts: `toNodeHandler(handler)` reads up to it. */
  readonly maxBodyBytes: number;
}

const defaultMaxBodyBytes = 4 * 1024 * 1024;

/**
 * Creates the handler. Throws at once for options it cannot use (no `authorize`, no model, a bad
 * tool list, a CORS wildcard).
 *
 * @example
 * ```ts
 * import { openai } from '@ai-sdk/openai';
 * import { agUiHandler, memoryServerSessionStore, toNodeHandler } from 'react-agent-kit/server';
 *
 * const handler = agUiHandler({
 *   model: openai('gpt-5-mini'),
 *   tools: [lookupCustomer],
 *   permissions: { mode: 'ask' },
 *   askUser: true,
 *   authorize: (request) => userOf(request) ?? false, // { userId } or false
 *   sessions: { store: memoryServerSessionStore() },
 * });
 * createServer(toNodeHandler(handler)).listen(3000); // new HttpAgent({ url: 'http://localhost:3000' })
 * ```
 */
export function agUiHandler(options: AgUiHandlerOptions): AgUiHandler {
  if (typeof options?.authorize !== 'function') throw new TypeError('agUiHandler: `authorize(request)` is required. It runs before every request; pass `() => true` only if anyone who can reach the server may spend its model budget and run its tools.');
  if (typeof options.model !== 'function') assertLanguageModel(options.model);
  if (options.cors) assertCorsOptions(options.cors);
  if (options.sessions !== undefined && typeof options.sessions?.store?.save !== 'function') throw new TypeError('agUiHandler: `sessions` must be { store }, with a ServerSessionStore such as memoryServerSessionStore().');
  if (options.path !== undefined && (typeof options.path !== 'string' || !options.path.startsWith('/'))) throw new TypeError(`agUiHandler: \`path\` must start with "/", got ${JSON.stringify(options.path)}.`);
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes;
  if (typeof maxBodyBytes !== 'number' || !(maxBodyBytes > 0)) throw new TypeError(`agUiHandler: \`maxBodyBytes\` must be a positive number, got ${JSON.stringify(maxBodyBytes)}.`);
  const pace = bodyPace('agUiHandler', options.bodyTimeoutMs, options.minBodyBytesPerSecond);
  const admission = largeBodyAdmission(options.largeBodies);
  const reportError = options.onError ?? ((error: unknown) => console.error('[react-agent-kit/server]', error));
  const sources = createToolSources(options.tools ?? [], options.mcpServers ?? [], reportError);
  const path = options.path?.replace(/\/+$/, '') || undefined;

  async function serve(request: Request): Promise<Response> {
    if (path !== undefined && new URL(request.url).pathname.replace(/\/+$/, '') !== path) return errorResponse(404, 'not-found', `This handler serves ${path} only.`);
    if (request.method !== 'POST') return errorResponse(405, 'method-not-allowed', 'Send the RunAgentInput with POST.', { allow: 'POST' });
    const decision = await options.authorize(request);
    if (decision instanceof Response) return decision;
    const userId = typeof decision === 'object' && decision !== null ? decision.userId : undefined;
    if (decision !== true && (typeof userId !== 'string' || userId === '')) return errorResponse(401, 'unauthorized', 'This request is not authorized.');
    const sessionUser = userId ?? (options.sessions?.withoutUsers ? sharedSessionsUserId : undefined);
    if (options.sessions && sessionUser === undefined) {
      return errorResponse(403, 'no-user', 'Threads are kept per user, and authorize(request) named none: return { userId } from authorize, or set sessions: { store, withoutUsers: true }.');
    }
    // A body that declares a large length waits its turn (as in createAgentHandler); one over the limit is refused as it is read.
    const declared = Number(request.headers.get('content-length') ?? 0);
    const leave = declared > admission.minBytes && declared <= maxBodyBytes ? admission.enter(sessionUser) : () => {};
    if (!leave) return admission.busy();
    let body;
    try {
      body = await readJsonBody(request, { maxBytes: maxBodyBytes, timeoutMs: pace.idleMs, minBytesPerSecond: pace.minBytesPerSecond });
    } finally {
      leave();
    }
    if (!body.ok) return bodyErrorResponse(body);
    const read = readRunInput(body.value);
    if (!read.ok) return invalid(read.field, read.message);
    const { input } = read;
    const store = options.sessions?.store;
    const thread: LoadedThread | undefined = store ? await loadThread(store, sessionUser!, input.threadId) : undefined;
    const model = typeof options.model === 'function' ? await options.model(request) : options.model;
    if (typeof options.model === 'function') assertLanguageModel(model);
    const { tools: serverTools } = await sources.load();
    const prepared = await prepareRun(input, {
      model,
      serverTools,
      agentOptions: { instructions: options.instructions, permissions: options.permissions, limits: options.limits, askUser: options.askUser, hooks: options.hooks, temperature: options.temperature, retry: options.retry },
      thread,
      reportError,
    });
    if (!prepared.ok) return invalid(prepared.field, prepared.message);
    const { agent, decisions } = prepared;
    const stream = sseStream(() => void agent.stop());
    // The client went away (HttpAgent.abortRun, a closed tab): the agent stops; what it did so far is kept.
    request.signal.addEventListener('abort', () => void agent.stop(), { once: true });
    const save = store ? threadSaver(store, sessionUser!, input.threadId, thread!.revision, agent) : undefined;
    void streamRun({ agent, input, decisions, stream, save, reportError });
    return stream.response;
  }

  const handler = async (request: Request): Promise<Response> => {
    const cors = corsHeaders(request, options.cors);
    try {
      if (request.method === 'OPTIONS' && options.cors) return withHeaders(preflightResponse(request, options.cors, 'POST, OPTIONS'), cors);
      return withHeaders(await serve(request), cors);
    } catch (error) {
      reportError(error);
      return withHeaders(errorResponse(500, 'internal-error', 'Internal server error.'), cors);
    }
  };
  return Object.assign(handler, { close: () => sources.close(), maxBodyBytes });
}

/** A 400 that names the field: `{ error: { code: 'invalid-input', message: 'messages[2].role: …', field } }`. */
function invalid(field: string, message: string): Response {
  return errorResponse(400, 'invalid-input', `${field}: ${message}`, {}, { field } as Partial<BridgeError>);
}
