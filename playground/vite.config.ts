import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { toNodeHandler } from '../src/server/index';
import { agentBasePath, createPlaygroundBackend } from './server/agent-backend';

const root = import.meta.dirname;
const source = (path: string) => resolve(root, '../src', path);

/** Mounts the kit's backend half on the dev (and preview) server: `npm run dev` runs both halves. */
function agentBackend(): Plugin {
  const handler = createPlaygroundBackend(process.env);
  const middleware = toNodeHandler(handler);
  return {
    name: 'react-agent-kit:backend',
    configureServer(server) {
      server.middlewares.use(agentBasePath, middleware);
      server.httpServer?.once('close', () => void handler.close());
    },
    configurePreviewServer(server) {
      server.middlewares.use(agentBasePath, middleware);
    },
  };
}

/**
 * The playground imports the kit by its package name, resolved to the sources, so it shows
 * exactly what an app gets and reloads on every change.
 */
export default defineConfig({
  root,
  plugins: [react(), agentBackend()],
  resolve: {
    alias: [
      { find: /^react-agent-kit$/, replacement: source('core/index.ts') },
      { find: /^react-agent-kit\/sandbox$/, replacement: source('core/sandbox/index.ts') },
      { find: /^react-agent-kit\/providers$/, replacement: source('core/providers/index.ts') },
      { find: /^react-agent-kit\/sessions$/, replacement: source('core/session/index.ts') },
      { find: /^react-agent-kit\/react$/, replacement: source('react/index.ts') },
      { find: /^react-agent-kit\/components$/, replacement: source('components/index.ts') },
      { find: /^react-agent-kit\/testing$/, replacement: source('testing/index.ts') },
      { find: /^react-agent-kit\/styles\.css$/, replacement: source('components/styles.css') },
      // just-bash (the bash tool's shell, loaded lazily) imports node:zlib for gzip; browsers get a stub.
      { find: /^node:zlib$/, replacement: source('core/sandbox/shell/node-zlib-stub.ts') },
    ],
  },
  server: { host: '127.0.0.1', port: 5173 },
  build: { outDir: resolve(root, '../playground-dist'), emptyOutDir: true },
});
