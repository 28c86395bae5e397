import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    restoreMocks: true,
    // A React test that logs an error or warning fails (test/setup/fail-on-console.ts).
    setupFiles: ['test/setup/fail-on-console.ts'],
  },
});
