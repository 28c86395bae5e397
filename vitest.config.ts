import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The playground imports the kit by its package name (its Vite config maps it to src/ too).
    alias: [
      { find: /^react-agent-kit$/, replacement: resolve(import.meta.dirname, 'src/core/index.ts') },
      { find: /^react-agent-kit\/sessions$/, replacement: resolve(import.meta.dirname, 'src/core/sessions/index.ts') },
    ],
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', 'playground/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'test/install/**/*.install.test.ts', 'node_modules/**'],
    environment: 'node',
    restoreMocks: true,
    // A React test that logs an error or warning fails (test/setup/fail-on-console.ts).
    setupFiles: ['test/setup/fail-on-console.ts'],
  },
});
