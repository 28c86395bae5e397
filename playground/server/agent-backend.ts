/**
 * The playground's backend half: `createAgentHandler` with the playground's backend tools, the
 * providers whose keys are in the environment (behind the model proxy: the keys never reach the
 * browser), and, with `PLAYGROUND_MCP=1`, the MCP reference server's tools.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createAgentHandler, toNodeHandler, type AgentHandler, type McpServerConfig, type ServerModels } from '../../src/server/index';
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
  return [{ name: 'everything', transport: 'stdio', command: process.execPath, args: [join(dirname(packageJson), 'dist/index.js'), 'stdio'], include: ['echo', 'get-sum'] }];
}

/**
 * Same-origin requests only: the dev server is on 127.0.0.1, and a page of another site must not
 * spend the keys behind the model proxy. (A real app checks its session here.)
 */
function sameOrigin(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.get('origin');
  return origin === null || origin === new URL(request.url).origin;
}

/**
 * @example
 * ```ts
 * server.middlewares.use(agentBasePath, toNodeHandler(createPlaygroundBackend(process.env)));
 * ```
 */
export function createPlaygroundBackend(environment: Environment): AgentHandler {
  const model = serverModels(environment);
  return createAgentHandler({
    basePath: agentBasePath,
    tools: backendTools,
    ...(model ? { model } : {}),
    mcpServers: mcpServers(environment),
    authorize: sameOrigin,
    maxOutputTokens: 4_000,
  });
}

/**
 * The backend as Connect middleware for the Vite dev server, and how to release it.
 *
 * @example
 * ```ts
 * const { middleware, close } = createPlaygroundMiddleware(process.env);
 * server.middlewares.use(agentBasePath, middleware);
 * ```
 */
export function createPlaygroundMiddleware(environment: Environment) {
  const handler = createPlaygroundBackend(environment);
  return { middleware: toNodeHandler(handler), close: () => handler.close() };
}

/** The AI SDK route (`/api/chat`, see chat-route.ts) as Connect middleware. */
export function createChatMiddleware() {
  return toNodeHandler(chatRoute);
}
