/**
 * `createAgentHandler`: the backend half of the kit as one fetch handler. Routes, in order of
 * checks: CORS preflight, `authorize`, then `POST {base}/model`, `GET {base}/tools`,
 * `POST {base}/tools/{name}`, `GET {base}/tools/{name}/app` (a tool's MCP App), with `transcriptionModel` `POST {base}/transcribe`, and with `sessions` the session routes under `{base}/sessions`
 * (see `session-routes.ts`). Anything else is a JSON 404 or 405. Nothing thrown inside reaches
 * the client: it gets a generic 500 and `onError` gets the error.
 */
import type { TranscriptionModel } from 'ai';
import type { ToolDefinition } from '../core/index';
import { createToolLifecycle } from '../core/internal';
import { bodyPace } from './body-deadline';
import { assertCorsOptions, corsHeaders, preflightResponse, type CorsOptions } from './cors';
import { errorResponse, jsonResponse } from './http-responses';
import { largeBodyAdmission, type LargeBodyAdmission, type LargeBodyOptions } from './large-body-admission';
import type { McpServerConfig } from './mcp/index';
import { handleModelStep, isModel, type ServerModels } from './model-route';
import { defaultMaxOutputTokens } from './model-settings';
import { createToolSources } from './tool-sources';
import { handleToolCall } from './tool-route';
import { handleToolApp } from './tool-app-route';
import { defaultMaxAudioBytes, handleTranscription } from './transcription-route';
import { defaultSessionMaxBodyBytes, handleSessionRoute, isSessionPath, sharedSessionsUserId, type SessionRoutesOptions } from './sessions/session-routes';

/**
 * Decides whether a request may use the handler: `{ userId }` (allowed, for this user: the
 * session routes keep each user's sessions apart), `true` (allowed, no user), `false` (401), or a
 * `Response` of your own (say, a 403).
 */
export type Authorize = (request: Request) => AuthorizeDecision | Promise<AuthorizeDecision>;

/**
 * What `authorize` answers.
 *
 * @example
 * ```ts
 * const decision: AuthorizeDecision = user ? { userId: user.id } : false;
 * ```
 */
export type AuthorizeDecision = boolean | Response | { readonly userId: string };

export interface AgentHandlerOptions {
  /**
   * Runs before every route, on the request's method, URL and headers: nothing reads the body
   * until it returns `true`. Required: a model proxy spends your money, so say who may use it
   * (check a session cookie, a bearer token…). `() => true` opens it to anyone who can reach it.
   */
  authorize: Authorize;
  /** The model behind `POST {base}/model`: an AI SDK model, or several by name. Without it, the route answers 404. */
  model?: ServerModels;
  /**
   * The transcription model behind `POST {base}/transcribe`, where dictation in the chat sends
   * its recordings (`dictation={{ transcribe: serverTranscribe('/api/agent') }}`): an AI
   * SDK transcription model, such as `openai.transcription('gpt-4o-mini-transcribe')`. Without
   * it, the route answers 404.
   */
  transcriptionModel?: TranscriptionModel;
  /** The largest recording `POST {base}/transcribe` takes, in bytes. Default 25 MiB. */
  maxAudioBytes?: number;
  /** Tools the browser may run on the server (`defineTool` with `execute`). */
  tools?: readonly ToolDefinition<never, unknown>[];
  /** MCP servers whose tools join the catalog (connected on the first request that needs them). */
  mcpServers?: readonly McpServerConfig[];
  /**
   * Users' sessions kept on the server, served under `{basePath}/sessions` for the user that
   * `authorize` names (`{ userId }`). With an `authorize` that returns `true`, set
   * `withoutUsers: true` to let every caller share one set of sessions.
   */
  sessions?: SessionRoutesOptions;
  /** Where the routes live, e.g. `'/api/agent'`. Default `''`. */
  basePath?: string;
  /** Cross-origin callers; none unless set. */
  cors?: CorsOptions;
  /** Largest request body, in bytes; a larger one gets 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * The longest a request body may go without a byte arriving, in milliseconds (and before its
   * first byte, from the first read); a body that stops for longer gets 408. A body that keeps
   * moving is not cut, however long it takes, unless it is slower than `minBodyBytesPerSecond`.
   * Default 30 s.
   */
  bodyTimeoutMs?: number;
  /**
   * The slowest average a request body may arrive at, in bytes a second: after its first
   * `bodyTimeoutMs`, a body gets one more second for every this many bytes received, and a 408
   * when it falls behind. Default 8 KiB (64 kbit/s, a poor mobile uplink: a 32 MiB save may take
   * about 70 minutes while it keeps moving).
   */
  minBodyBytesPerSecond?: number;
  /**
   * How many large bodies (over `minBytes`, default 1 MiB: session saves, mostly) the handler
   * reads at once: `maxConcurrent` in total (default 4) and `maxConcurrentPerUser` per user
   * (default 2). A request past either gets 503 with `retry-after` (`retryAfterSeconds`, default
   * 5) before any of its body is read. Each large save holds several times its size in memory
   * while it is read, parsed and stored; this bounds how much all of them hold together.
   */
  largeBodies?: LargeBodyOptions;
  /**
   * The output-token ceiling of every model step: a browser that asks for more, or for nothing,
   * gets this many. Default 16,384: the largest that every mainstream model accepts. Set it
   * lower to bound what one step may cost, or to your model's own maximum when that is lower
   * (some OpenAI-compatible servers refuse a larger request). The browser's
   * other settings are range-checked whatever this is (`temperature` 0 to 2, `topP` above 0 and at
   * most 1, `topK` a positive integer, `presencePenalty` and `frequencyPenalty` -2 to 2, `seed` an
   * integer, `stopSequences` at most 4 of 1 to 100 characters); a value outside its range is a
   * 400 that names it, and a setting the route does not know is a 400 too.
   */
  maxOutputTokens?: number;
  /** Time limit for tools that set none. Default 60 s. */
  toolTimeoutMs?: number;
  /** Send "the tool failed on the server" instead of a failing tool's own error message. Default false. */
  redactToolErrors?: boolean;
  /** Gets every error the client does not see in full. Default: `console.error`. */
  onError?: (error: unknown) => void;
}

/** A fetch handler that also releases what it holds (MCP connections) on `close()`. */
export interface AgentHandler {
  (request: Request): Promise<Response>;
  close(): Promise<void>;
  /**
   * The largest request body any of its routes accepts (the largest of `maxBodyBytes`, the
   * session routes' limit when it has sessions, and `maxAudioBytes` when it transcribes):
   * `toNodeHandler(handler)` reads bodies up to it, and each route checks its own limit.
   */
  readonly maxBodyBytes: number;
}

const defaultMaxBodyBytes = 1024 * 1024;
const defaultToolTimeoutMs = 60_000;

/**
 * Creates the backend handler. Throws at once for options it cannot use (no `authorize`, a bad
 * tool list, a CORS wildcard).
 *
 * @example
 * ```ts
 * import { openai } from '@ai-sdk/openai';
 * import { createAgentHandler, toNodeHandler } from 'react-agent-kit/server';
 *
 * const handler = createAgentHandler({
 *   basePath: '/api/agent',
 *   model: openai('gpt-5-mini'), // reads OPENAI_API_KEY on the server
 *   tools: [lookupCustomer],
 *   authorize: (request) => isSignedIn(request),
 * });
 * app.use('/api/agent', toNodeHandler(handler)); // Express; or `export const POST = handler` and the like
 * ```
 */
export function createAgentHandler(options: AgentHandlerOptions): AgentHandler {
  if (typeof options?.authorize !== 'function') {
    throw new TypeError('createAgentHandler: `authorize(request)` is required. It runs before every route; pass `() => true` only if anyone who can reach the server may spend its model budget and run its tools.');
  }
  if (options.cors) assertCorsOptions(options.cors);
  if (options.model !== undefined && !isModel(options.model) && (typeof options.model !== 'object' || options.model === null || Object.keys(options.model).length === 0)) {
    throw new TypeError('createAgentHandler: `model` must be an AI SDK language model, e.g. openai("gpt-5-mini"), or a record of them by name.');
  }
  if (options.sessions !== undefined && (typeof options.sessions !== 'object' || options.sessions === null || typeof options.sessions.store?.save !== 'function')) {
    throw new TypeError('createAgentHandler: `sessions` must be { store }, with a ServerSessionStore such as memoryServerSessionStore() or postgresSessionStore({ connectionString }).');
  }
  if (options.transcriptionModel !== undefined && !isTranscriptionModel(options.transcriptionModel)) {
    throw new TypeError('createAgentHandler: `transcriptionModel` must be an AI SDK transcription model, e.g. openai.transcription("gpt-4o-mini-transcribe").');
  }
  const basePath = normalizeBasePath(options.basePath ?? '');
  const maxAudioBytes = positive('maxAudioBytes', options.maxAudioBytes, defaultMaxAudioBytes);
  const maxBodyBytes = positive('maxBodyBytes', options.maxBodyBytes, defaultMaxBodyBytes);
  const { idleMs: bodyTimeoutMs, minBytesPerSecond: minBodyBytesPerSecond } = bodyPace('createAgentHandler', options.bodyTimeoutMs, options.minBodyBytesPerSecond);
  const admission = largeBodyAdmission(options.largeBodies);
  const sessionMaxBodyBytes = positive('sessions.maxBodyBytes', options.sessions?.maxBodyBytes, defaultSessionMaxBodyBytes);
  const maxOutputTokens = positive('maxOutputTokens', options.maxOutputTokens, defaultMaxOutputTokens);
  if (!Number.isSafeInteger(maxOutputTokens)) throw new TypeError(`createAgentHandler: \`maxOutputTokens\` must be a whole number of tokens, got ${maxOutputTokens}.`);
  const reportError = options.onError ?? ((error: unknown) => console.error('[react-agent-kit/server]', error));
  const sources = createToolSources(options.tools ?? [], options.mcpServers ?? [], reportError);
  // A tool's `init` runs once per handler, before its first call; the handler has no end, so `dispose` is the process's to do.
  const toolLifecycle = createToolLifecycle();

  async function route(request: Request, path: string, userId: string | undefined): Promise<Response> {
    if (options.sessions && isSessionPath(path)) {
      const user = userId ?? (options.sessions.withoutUsers ? sharedSessionsUserId : undefined);
      if (user === undefined) {
        return errorResponse(
          403,
          'no-user',
          'Sessions are kept per user, and authorize(request) named none: return { userId } from authorize for a signed-in user, or set sessions: { store, withoutUsers: true } if every caller may share one set of sessions.',
        );
      }
      return handleSessionRoute(request, path, { store: options.sessions.store, userId: user, maxBodyBytes: sessionMaxBodyBytes, bodyTimeoutMs, minBodyBytesPerSecond });
    }
    if (path === '/model') {
      if (request.method !== 'POST') return methodNotAllowed('POST');
      if (options.model === undefined) return errorResponse(404, 'not-found', 'This server has no model configured.');
      return handleModelStep(request, { models: options.model, maxOutputTokens, maxBodyBytes, bodyTimeoutMs, minBodyBytesPerSecond, reportError });
    }
    if (path === '/tools') {
      if (request.method !== 'GET') return methodNotAllowed('GET');
      return jsonResponse((await sources.load()).catalog);
    }
    const appOf = /^\/tools\/([^/]+)\/app$/.exec(path)?.[1];
    if (appOf !== undefined) {
      if (request.method !== 'GET') return methodNotAllowed('GET');
      const name = safeDecode(appOf);
      return handleToolApp(request, name ?? appOf, name === undefined ? undefined : (await sources.load()).tools.get(name), reportError);
    }
    if (path === '/transcribe') {
      if (request.method !== 'POST') return methodNotAllowed('POST');
      if (options.transcriptionModel === undefined) return errorResponse(404, 'not-found', 'This server has no transcription model configured.');
      return handleTranscription(request, { model: options.transcriptionModel, maxBodyBytes: maxAudioBytes, bodyTimeoutMs, minBodyBytesPerSecond, reportError });
    }
    const toolName = /^\/tools\/([^/]+)$/.exec(path)?.[1];
    if (toolName !== undefined) {
      if (request.method !== 'POST') return methodNotAllowed('POST');
      const name = safeDecode(toolName);
      const tool = name === undefined ? undefined : (await sources.load()).tools.get(name);
      if (!tool) return errorResponse(404, 'unknown-tool', `There is no tool named ${JSON.stringify(name ?? toolName)} in this server's catalog.`);
      return handleToolCall(request, tool, { maxBodyBytes, bodyTimeoutMs, minBodyBytesPerSecond, defaultTimeoutMs: options.toolTimeoutMs ?? defaultToolTimeoutMs, redactToolErrors: options.redactToolErrors, reportError, toolLifecycle });
    }
    const sessionRoutes = options.sessions ? `, ${basePath}/sessions and ${basePath}/sessions/{id}` : '';
    const transcriptionRoute = options.transcriptionModel !== undefined ? `, POST ${basePath}/transcribe` : '';
    return errorResponse(404, 'not-found', `No route at ${path}. Routes: POST ${basePath}/model, GET ${basePath}/tools, POST ${basePath}/tools/{name}, GET ${basePath}/tools/{name}/app${transcriptionRoute}${sessionRoutes}.`);
  }

  const handler = async (request: Request): Promise<Response> => {
    const cors = corsHeaders(request, options.cors);
    try {
      if (request.method === 'OPTIONS' && options.cors) return withHeaders(preflightResponse(request, options.cors, options.sessions ? sessionMethods : undefined), cors);
      const path = new URL(request.url).pathname;
      if (path !== basePath && !path.startsWith(`${basePath}/`)) return withHeaders(errorResponse(404, 'not-found', `This handler serves ${basePath || '/'} only.`), cors);
      const decision = await options.authorize(request);
      if (decision instanceof Response) return withHeaders(decision, cors);
      const userId = userOf(decision);
      if (decision !== true && userId === undefined) return withHeaders(errorResponse(401, 'unauthorized', 'This request is not authorized.'), cors);
      const admitted = admit(admission, request, userId);
      if (admitted instanceof Response) return withHeaders(admitted, cors);
      try {
        const response = await route(admitted.request, path.slice(basePath.length) || '/', userId);
        // A body without a length that grew large while no place was free: the route saw it fail.
        if (!admitted.turnedAway()) return withHeaders(response, cors);
        await response.body?.cancel().catch(() => {});
        return withHeaders(admission.busy(), cors);
      } finally {
        admitted.leave();
      }
    } catch (error) {
      reportError(error);
      return withHeaders(errorResponse(500, 'internal-error', 'Internal server error.'), cors);
    }
  };
  return Object.assign(handler, {
    close: () => sources.close(),
    maxBodyBytes: Math.max(maxBodyBytes, options.sessions ? sessionMaxBodyBytes : 0, options.transcriptionModel !== undefined ? maxAudioBytes : 0),
  });
}

const sessionMethods = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

/** A request let in, as the routes should read it, and what to do when it is answered. */
interface Admitted {
  request: Request;
  /** Gives back the place of a large body, if it took one. */
  leave(): void;
  /** Whether its body, without a declared length, grew large while every place was taken. */
  turnedAway(): boolean;
}

/**
 * Lets a request in under the limits on large bodies: one that declares a large `content-length`
 * takes a place now or gets the 503; one without a length is counted as its bytes arrive, and
 * takes a place when it becomes large (failing its body if none is free). Small ones pass.
 */
function admit(admission: LargeBodyAdmission, request: Request, userId: string | undefined): Admitted | Response {
  const passed: Admitted = { request, leave: () => {}, turnedAway: () => false };
  if (!request.body || request.method === 'GET' || request.method === 'HEAD') return passed;
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    // The HTTP layer holds a body to the length it declares.
    if (!(Number(declared) > admission.minBytes)) return passed;
    const leave = admission.enter(userId);
    return leave ? { request, leave, turnedAway: () => false } : admission.busy();
  }
  const reader = request.body.getReader();
  let received = 0;
  let leave: (() => void) | undefined;
  let turnedAway = false;
  const counted = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        received += value.byteLength;
        if (received > admission.minBytes && leave === undefined) {
          leave = admission.enter(userId);
          if (leave === undefined) {
            turnedAway = true;
            await reader.cancel().catch(() => {});
            return controller.error(new Error('No place for another large body.'));
          }
        }
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // Read only as the route reads: the request's own stream keeps its back-pressure.
    { highWaterMark: 0 },
  );
  // `duplex: 'half'` is what a streamed request body needs; the DOM types do not know it yet.
  return { request: new Request(request, { body: counted, duplex: 'half' } as RequestInit), leave: () => leave?.(), turnedAway: () => turnedAway };
}

/** The user an `authorize` decision names; a `{ userId }` without a usable id is the app's mistake, reported as a 500. */
function userOf(decision: unknown): string | undefined {
  if (typeof decision !== 'object' || decision === null || decision instanceof Response) return undefined;
  const { userId } = decision as { userId?: unknown };
  if (typeof userId !== 'string' || userId === '') {
    throw new TypeError(`createAgentHandler: authorize(request) returned an object whose userId is ${JSON.stringify(userId)}; return { userId } with a non-empty string, true, false or a Response.`);
  }
  return userId;
}

/** An AI SDK transcription model object (or a gateway model id). */
function isTranscriptionModel(value: unknown): boolean {
  return typeof value === 'string' || (typeof value === 'object' && value !== null && 'specificationVersion' in value && typeof (value as { doGenerate?: unknown }).doGenerate === 'function');
}

function methodNotAllowed(allowed: string): Response {
  return errorResponse(405, 'method-not-allowed', `Use ${allowed} for this route.`, { allow: allowed });
}

/** Adds `headers` to `response`, joining `vary` to a `Vary` it already has; a response with immutable headers (one from `fetch`) is copied first. */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  if (Object.keys(headers).length === 0) return response;
  let target = response;
  try {
    setHeaders(target.headers, headers);
  } catch {
    target = new Response(response.body, response);
    setHeaders(target.headers, headers);
  }
  return target;
}

function setHeaders(target: Headers, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    const present = name === 'vary' ? target.get('vary') : null;
    if (present === null) target.set(name, value);
    else if (!present.split(',').some((item) => ['*', value.toLowerCase()].includes(item.trim().toLowerCase()))) target.set(name, `${present}, ${value}`);
  }
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0)) throw new TypeError(`createAgentHandler: \`${name}\` must be a positive number, got ${typeof value === 'number' ? value : JSON.stringify(value)}.`);
  return value;
}

function normalizeBasePath(basePath: string): string {
  if (typeof basePath !== 'string' || (basePath !== '' && !basePath.startsWith('/'))) {
    throw new TypeError(`createAgentHandler: \`basePath\` must start with "/" (e.g. "/api/agent"), got ${JSON.stringify(basePath)}.`);
  }
  return basePath.replace(/\/+$/, '');
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
