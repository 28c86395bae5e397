import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * Library build: one ESM file per public entry. Peer dependencies and runtime
 * dependencies stay external, so the app's bundler dedupes them.
 */
const entries = {
  core: 'src/core/index.ts',
  react: 'src/react/index.ts',
  components: 'src/components/index.ts',
  server: 'src/server/index.ts',
  testing: 'src/testing/index.ts',
};

export default defineConfig({
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
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^zustand($|\/)/, /^ai($|\/)/, /^@ai-sdk\//, /^node:/],
      output: {
        assetFileNames: (asset) => (asset.names?.some((name) => name.endsWith('.css')) ? 'styles.css' : 'assets/[name]-[hash][extname]'),
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
});
