import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * Library build: one ESM file per public entry. Peer dependencies and runtime
 * dependencies stay external, so the app's bundler dedupes them.
 */
const entries = {
  core: 'src/core/index.ts',
  sandbox: 'src/core/sandbox/index.ts',
  providers: 'src/core/providers/index.ts',
  sessions: 'src/core/sessions/index.ts',
  react: 'src/react/index.ts',
  components: 'src/components/index.ts',
  server: 'src/server/index.ts',
  testing: 'src/testing/index.ts',
};

export default defineConfig({
  plugins: [
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
    sourcemap: true,
    minify: false,
    lib: {
      entry: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, resolve(import.meta.dirname, path)])),
      formats: ['es'],
    },
    rollupOptions: {
      // just-bash (the shell) and re2js (grep's regular expressions), runtime dependencies imported
      // lazily, stay external too: the app's bundler resolves them and makes them lazy chunks.
      external: [/^react($|\/)/, /^@tanstack\//, /^@modelcontextprotocol\//, /^react-dom($|\/)/, /^zustand($|\/)/, /^ai($|\/)/, /^@ai-sdk\//, /^just-bash($|\/)/, /^re2js($|\/)/, /^node:/],
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
});
