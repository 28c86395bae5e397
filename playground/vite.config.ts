import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineConfig, type Plugin, type ViteDevServer } from 'vite';

const root = import.meta.dirname;
const source = (path: string) => resolve(root, '../src', path);

/** Where the kit's backend half is mounted; the page calls it there (see playground/server). */
const agentBasePath = '/api/agent';

type NodeMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => Promise<void>;

/**
 * Mounts the kit's backend half on the dev server, so `npm run dev` runs both halves. The backend
 * is loaded through Vite's module loader (TypeScript from src/, like the page), not imported by
 * this config, and it is created once, as soon as the server listens (in the background, so the
 * conversations' database starts before a page asks for it), or by the first request if sooner.
 */
function agentBackend(): Plugin {
  let backend: Promise<{ middleware: NodeMiddleware; close: () => Promise<void> }> | undefined;
  const load = (server: ViteDevServer) =>
    (backend ??= server.ssrLoadModule('/server/agent-backend.ts').then((module) => module.createPlaygroundMiddleware(process.env) as { middleware: NodeMiddleware; close: () => Promise<void> }));
  return {
    name: 'react-agent-kit:backend',
    configureServer(server) {
      // A failure shows with the first request, which asks for the same backend.
      server.httpServer?.once('listening', () => void load(server).catch(() => {}));
      server.middlewares.use(agentBasePath, (request, response, next) => {
        load(server).then(
          ({ middleware }) => middleware(request, response, next),
          (error: unknown) => next(error),
        );
      });
      // The AI SDK route of the "AI SDK chat" page (useChat against streamText).
      server.middlewares.use('/api/chat', (request, response, next) => {
        server.ssrLoadModule('/server/agent-backend.ts').then(
          (module) => (module.createChatMiddleware() as NodeMiddleware)(request, response, next),
          (error: unknown) => next(error),
        );
      });
    },
    // Called (and awaited) when the dev server closes: MCP connections and the sessions' PGlite
    // are released before the process moves on (the e2e setup then removes their directory).
    async buildEnd() {
      await backend?.then(({ close }) => close()).catch(() => {});
    },
  };
}

/**
 * Mounts the playground's remote agent (server/remote-agent.ts: the kit's agent behind AG-UI) at
 * /api/ag-ui, for the "Remote agent (AG-UI)" model choice. Loaded like the backend, on first use.
 */
function remoteAgent(): Plugin {
  let remote: Promise<{ middleware: NodeMiddleware; close: () => Promise<void> }> | undefined;
  const load = (server: ViteDevServer) =>
    (remote ??= server.ssrLoadModule('/server/remote-agent.ts').then((module) => module.createRemoteAgentMiddleware() as { middleware: NodeMiddleware; close: () => Promise<void> }));
  return {
    name: 'react-agent-kit:remote-agent',
    configureServer(server) {
      server.middlewares.use('/api/ag-ui', (request, response, next) => {
        load(server).then(
          ({ middleware }) => middleware(request, response, next),
          (error: unknown) => next(error),
        );
      });
    },
    async buildEnd() {
      await remote?.then(({ close }) => close()).catch(() => {});
    },
  };
}

/**
 * The playground imports the kit by its package name, resolved to the sources, so it shows
 * exactly what an app gets and reloads on every change.
 */
export default defineConfig({
  root,
  plugins: [react(), agentBackend(), remoteAgent()],
  resolve: {
    alias: [
      { find: /^react-agent-kit$/, replacement: source('core/index.ts') },
      { find: /^react-agent-kit\/sandbox$/, replacement: source('core/sandbox/index.ts') },
      { find: /^react-agent-kit\/shell$/, replacement: source('core/sandbox/shell/index.ts') },
      { find: /^react-agent-kit\/providers$/, replacement: source('core/providers/index.ts') },
      { find: /^react-agent-kit\/sessions$/, replacement: source('core/sessions/index.ts') },
      { find: /^react-agent-kit\/react$/, replacement: source('react/index.ts') },
      { find: /^react-agent-kit\/components$/, replacement: source('components/index.ts') },
      { find: /^react-agent-kit\/locales$/, replacement: source('components/locales/index.ts') },
      { find: /^react-agent-kit\/testing$/, replacement: source('testing/index.ts') },
      { find: /^react-agent-kit\/ai-sdk$/, replacement: source('ai-sdk/index.ts') },
      { find: /^react-agent-kit\/ag-ui$/, replacement: source('ag-ui/index.ts') },
      { find: /^react-agent-kit\/styles\.css$/, replacement: source('components/styles.css') },
      // just-bash (the bash tool's shell, loaded lazily) imports node:zlib for gzip; browsers get a stub.
      { find: /^node:zlib$/, replacement: source('core/sandbox/shell/node-zlib-stub.ts') },
    ],
  },
  // sucrase (the preview's TypeScript and JSX, imported on first use) is pre-bundled at startup: found
  // later, the optimizer would re-bundle mid-session and the first preview of a TSX page would fail.
  optimizeDeps: { include: ['sucrase'] },
  // playground/.data holds the dev server's conversations (PGlite writes there all the time): not source.
  server: { host: '127.0.0.1', port: 5173, watch: { ignored: ['**/.data/**'] } },
  build: {
    outDir: resolve(root, '../playground-dist'),
    emptyOutDir: true,
    // The playground, an AI SDK chat shown by AgentChat (useChatAgent), and an AI SDK app's own UI over the agent (agentChatTransport).
    rollupOptions: { input: { main: resolve(root, 'index.html'), 'ai-sdk': resolve(root, 'ai-sdk.html'), 'use-chat-transport': resolve(root, 'use-chat-transport.html') } },
  },
});
