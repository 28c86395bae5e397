import { readFileSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { thirdPartyNotices } from './build/third-party-notices';

/**
 * Library build: one ESM file per public entry (`dist/core.js`, ...), importing one file per
 * source module (`dist/modules/`). Peer dependencies and runtime dependencies stay external, so
 * the app's bundler dedupes them.
 */
const entries = {
  core: 'src/core/index.ts',
  sandbox: 'src/core/sandbox/index.ts',
  shell: 'src/core/sandbox/shell/index.ts',
  providers: 'src/core/providers/index.ts',
  sessions: 'src/core/sessions/index.ts',
  react: 'src/react/index.ts',
  components: 'src/components/index.ts',
  locales: 'src/components/locales/index.ts',
  server: 'src/server/index.ts',
  testing: 'src/testing/index.ts',
  'ai-sdk': 'src/ai-sdk/index.ts',
  'ag-ui': 'src/ag-ui/index.ts',
};

/**
 * The package's workers (the shell's, issue 26; Python's, issue 30) ship as `dist/<name>.js`, and
 * the code that starts each keeps the literal `new Worker(new URL('<relative path>',
 * import.meta.url), { type: 'module' })`, the form the APP's bundler (Vite, webpack, Turbopack)
 * recognizes to emit the worker with its imports. Left alone, this build would bundle the worker
 * itself (as an asset, with just-bash or pyodide inside, or inlined) and the app could not dedupe or
 * resolve them. So the reference is hidden from Vite's worker plugin while modules are transformed,
 * the worker is emitted as a chunk of this build, and the reference is written back, relative to
 * the chunk it ends up in. Any other module may read the same path from the placeholder
 * (`import.meta.REACT_AGENT_KIT_SHELL_WORKER_URL`): the shell's Node starter does, to start the same
 * file as a `worker_threads` worker without a `new URL` literal an app's bundler would copy.
 */
function libraryWorker(name: string, worker: string, starter: string): Plugin {
  const source = resolve(import.meta.dirname, worker);
  const client = resolve(import.meta.dirname, starter);
  const reference = `new URL('./${posix.basename(worker)}', import.meta.url)`;
  const placeholder = `import.meta.REACT_AGENT_KIT_${name.toUpperCase()}_WORKER_URL`;
  const fileName = `${name}-worker.js`;
  return {
    name: `react-agent-kit:${name}-worker`,
    enforce: 'pre',
    buildStart() {
      this.emitFile({ type: 'chunk', id: source, fileName });
    },
    transform(code, id) {
      if (id !== client) return null;
      if (!code.includes(reference)) this.error(`${id} no longer contains ${reference}; update the ${name}-worker plugin in vite.config.ts`);
      return { code: code.replace(reference, `new URL(${placeholder}, import.meta.url)`), map: null };
    },
    renderChunk(code, chunk) {
      if (!code.includes(placeholder)) return null;
      let path = posix.relative(posix.dirname(chunk.fileName), fileName);
      if (!path.startsWith('.')) path = `./${path}`;
      return { code: code.replaceAll(placeholder, JSON.stringify(path)), map: null };
    },
  };
}

export default defineConfig({
  plugins: [
    libraryWorker('python', 'src/core/sandbox/code/python/python-worker.ts', 'src/core/sandbox/code/python/python-worker-start.ts'),
    libraryWorker('shell', 'src/core/sandbox/shell/shell-worker.ts', 'src/core/sandbox/shell/shell-worker-client.ts'),
    thirdPartyNotices(),
    {
      // The stylesheet is plain CSS that needs no processing: ship it as dist/styles.css.
      name: 'react-agent-kit:styles',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'styles.css', source: readFileSync(resolve(import.meta.dirname, 'src/components/styles.css'), 'utf8') });
      },
    },
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for working on the kit; the package leaves them out (package.json "files"): the code is
    // shipped unminified and readable, and the maps were half of the installed size.
    sourcemap: true,
    minify: false,
    lib: {
      entry: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, resolve(import.meta.dirname, path)])),
      formats: ['es'],
    },
    rollupOptions: {
      // virtua (the thread's virtualizer) is a runtime dependency like zustand. re2js (grep's
      // regular expressions, imported lazily) and just-bash (the shell, an optional peer that only
      // the shell entry imports) stay external too: the app's bundler resolves them and makes them
      // lazy chunks. Bundled, as dev dependencies: diff (the sandbox's patches) and refractor (code
      // highlighting: its core and each grammar stay lazy chunks of dist/); installing refractor
      // and the 18 small packages it depends on would add 3.6 MB for the 15 grammars the kit uses.
      // Their licenses ship in dist/THIRD-PARTY-NOTICES.md (the thirdPartyNotices plugin). The code
      // runtimes (QuickJS and its WebAssembly, sucrase, Pyodide) are optional peers, loaded on first use.
      external: [/^quickjs-emscripten-core($|\/)/, /^@jitl\/quickjs-/, /^sucrase($|\/)/, /^pyodide($|\/)/, /^react($|\/)/, /^@modelcontextprotocol\//, /^react-dom($|\/)/, /^zustand($|\/)/, /^virtua($|\/)/, /^ai($|\/)/, /^@ai-sdk\//, /^@ag-ui\//, /^just-bash($|\/)/, /^pg($|\/)/, /^@electric-sql\/pglite($|\/)/, /^re2js($|\/)/, /^node:/],
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        // One file per source module (under dist/modules/), as the sources are: an app's bundler
        // then tree-shakes and splits the kit as finely as its own code, so what the kit loads
        // lazily (the loop, the approval dialog, the file explorer...) stays lazy in the app, and
        // what an app does not use is left out whole. Bundled into one file per entry, every
        // module an entry exports would load up front.
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: (chunk) => {
          if (chunk.isEntry && Object.hasOwn(entries, chunk.name)) return '[name].js';
          const modulePath = chunk.name.replace(/^.*node_modules\//, 'vendor/');
          return `modules/${modulePath}.js`;
        },
      },
    },
  },
});
