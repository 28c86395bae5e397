/**
 * The Vite plugin that mounts the playground's remote agent (remote-agent.ts, the kit's agent
 * behind AG-UI) on the dev server at `/api/ag-ui`, so the "Remote agent (AG-UI)" model choice
 * has a server to talk to under `npm run dev`. Loaded through Vite's module loader (TypeScript
 * from src/, like the page) and created once, on the first request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin, ViteDevServer } from 'vite';

type NodeMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => Promise<void>;

/** Where the AG-UI endpoint is mounted (remote-agent.ts says the same). */
const agUiPath = '/api/ag-ui';

/**
 * @example
 * ```ts
 * export default defineConfig({ plugins: [react(), remoteAgent()] });
 * ```
 */
export function remoteAgent(): Plugin {
  let remote: Promise<{ middleware: NodeMiddleware; close: () => Promise<void> }> | undefined;
  const load = (server: ViteDevServer) =>
    (remote ??= server.ssrLoadModule('/server/remote-agent.ts').then((module) => module.createRemoteAgentMiddleware() as { middleware: NodeMiddleware; close: () => Promise<void> }));
  return {
    name: 'react-agent-kit:remote-agent',
    configureServer(server) {
      server.middlewares.use(agUiPath, (request, response, next) => {
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
