/**
 * The playground's backend half: `createAgentHandler` with the playground's backend tools, the
 * providers whose keys are in the environment (behind the model proxy: the keys never reach the
 * browser), with `PLAYGROUND_MCP=1` the MCP reference server's tools and an MCP App (the counter
 * of test/fixtures/mcp-app-server.mjs), and the conversations of
 * every browser that opens the playground (session routes on PGlite, in `PLAYGROUND_SESSIONS_DIR`).
 */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createAgentHandler, pgliteSessionStore, sharedSessionsUserId, toNodeHandler, type AgentHandler, type McpServerConfig, type ServerModels, type ServerSessionStore } from '../../src/server/index';
import { backendTools } from './backend-tools';
import { chatRoute } from './chat-route';

/** Where the handler is mounted, for the Vite plugin and the browser. */
export const agentBasePath = '/api/agent';

type Environment = Record<string, string | undefined>;

/** The server's models: one per provider whose API key is set; the browser picks one by name. */
function serverModels(environment: Environment): ServerModels | undefined {
  const models: Record<string, ServerModels & object> = {};
  if (environment.OPENAI_API_KEY) models.openai = createOpenAI({ apiKey: environment.OPENAI_API_KEY })(environment.OPENAI_MODEL ?? 'gpt-5-mini');
  if (environment.ANTHROPIC_API_KEY) models.anthropic = createAnthropic({ apiKey: environment.ANTHROPIC_API_KEY })(environment.ANTHROPIC_MODEL ?? 'claude-sonnet-4-5');
  return Object.keys(models).length > 0 ? (models as ServerModels) : undefined;
}

function mcpServers(environment: Environment): McpServerConfig[] {
  if (environment.PLAYGROUND_MCP !== '1') return [];
  const packageJson = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json');
  return [
    { name: 'everything', transport: 'stdio', command: process.execPath, args: [join(dirname(packageJson), 'dist/index.js'), 'stdio'], include: ['echo', 'get-sum'] },
    // An MCP App (written with @modelcontextprotocol/ext-apps' server helpers): "show me the counter" shows it in its card.
    { name: 'apps', transport: 'stdio', command: process.execPath, args: [resolve(import.meta.dirname, '../../test/fixtures/mcp-app-server.mjs')] },
  ];
}

/** Where the dev server keeps conversations unless `PLAYGROUND_SESSIONS_DIR` says otherwise (git-ignored). */
export const defaultSessionsDir = resolve(import.meta.dirname, '../.data/sessions');

/**
 * The conversations' store: PGlite (Postgres in this process) in `PLAYGROUND_SESSIONS_DIR`, or
 * playground/.data/sessions. Nothing opens until the first call (`createPlaygroundMiddleware`
 * makes one at once); `close()` releases it.
 */
export function playgroundSessionStore(environment: Environment): ServerSessionStore {
  return pgliteSessionStore({ dataDir: environment.PLAYGROUND_SESSIONS_DIR || defaultSessionsDir });
}

/**
 * Same-origin requests only: the dev server is on 127.0.0.1, and a page of another site must not
 * spend the keys behind the model proxy. (A real app checks its session here.)
 */
export function sameOrigin(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.get('origin');
  return origin === null || origin === new URL(request.url).origin;
}

/**
 * The handler; `sessions` is where it keeps conversations (the caller closes it).
 *
 * @example
 * ```ts
 * const sessions = playgroundSessionStore(process.env);
 * server.middlewares.use(agentBasePath, toNodeHandler(createPlaygroundBackend(process.env, sessions)));
 * ```
 */
export function createPlaygroundBackend(environment: Environment, sessions: ServerSessionStore): AgentHandler {
  const model = serverModels(environment);
  return createAgentHandler({
    basePath: agentBasePath,
    tools: backendTools,
    ...(model ? { model } : {}),
    mcpServers: mcpServers(environment),
    // The dev server has no users: `sameOrigin` answers `true`, so everyone who opens the
    // playground shares one set of conversations (`withoutUsers`). A real app's `authorize`
    // returns `{ userId }` of the signed-in user, and each user gets their own.
    authorize: sameOrigin,
    sessions: { store: sessions, withoutUsers: true },
    maxOutputTokens: 4_000,
  });
}

/**
 * The backend as Connect middleware for the Vite dev server, and how to release it. The
 * conversations' database starts now, in the background, not with the first page's request: a
 * fresh clone's first start runs initdb (seconds), and the store answers a fresh directory's reads
 * without waiting for it anyway (issue 29), so the first conversation never waits on it.
 *
 * @example
 * ```ts
 * const { middleware, close } = createPlaygroundMiddleware(process.env);
 * server.middlewares.use(agentBasePath, middleware);
 * ```
 */
export function createPlaygroundMiddleware(environment: Environment) {
  const sessions = playgroundSessionStore(environment);
  // Any call starts the database; a failure here is the first page's request's to report.
  void sessions.list(sharedSessionsUserId).catch(() => {});
  const handler = createPlaygroundBackend(environment, sessions);
  let closing: Promise<void> | undefined;
  // The handler's close releases its MCP connections; the store (and PGlite) is closed here.
  const close = () => (closing ??= Promise.all([handler.close(), sessions.close()]).then(() => undefined));
  return { middleware: toNodeHandler(handler), close };
}

/** The AI SDK route (`/api/chat`, see chat-route.ts) as Connect middleware. */
export function createChatMiddleware() {
  return toNodeHandler(chatRoute);
}
