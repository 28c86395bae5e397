import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: `npm run test:e2e`. Each `test/e2e/**\/*.e2e.test.ts` file drives the
 * playground in real Chromium (playwright-core, system Chromium at /usr/bin/chromium).
 * The global setup starts the playground's Vite dev server once and provides its URL as `baseUrl`.
 * Files run one after another: they share one dev server and one machine's CPU.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/setup/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    retry: 0,
    restoreMocks: true,
  },
});
