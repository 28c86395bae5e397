import { defineConfig } from 'vitest/config';

/**
 * The docs' install lines on Node 20 and Node 22, from the packed tarball and the npm registry:
 * `npm run test:install` (after `npm run build`). Slow (real installs), so not part of `vitest run`.
 */
export default defineConfig({
  test: {
    include: ['test/install/**/*.install.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 120_000,
    restoreMocks: true,
  },
});
