import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The React tests on React 18.3 (`npx vitest run -c vitest.react18.config.ts`): the components'
 * and hooks' jsdom tests with `react`, `react-dom` and their subpaths (`client`, `jsx-runtime`,
 * `jsx-dev-runtime`, `test-utils`) taken from test/fixtures/react-18 (its own package, installed
 * with `npm ci --prefix test/fixtures/react-18`), so the kit is checked on both majors it supports.
 *
 * Packages that import React themselves run through Vite (`deps.inline`), so they see the same
 * aliased React as the kit; left to Node they would load React 19 from the root node_modules and
 * the page would have two Reacts. A console error or warning fails a test, as on React 19.
 */
const react18 = resolve(import.meta.dirname, 'test/fixtures/react-18/node_modules');
// Testing Library's CommonJS build would `require` React past the alias: its ES module build instead.
const testingLibrary = dirname(createRequire(import.meta.url).resolve('@testing-library/react/package.json'));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^(react|react-dom)(\/.*)?$/, replacement: `${react18}/$1$2` },
      { find: /^@testing-library\/react$/, replacement: `${testingLibrary}/dist/@testing-library/react.esm.js` },
    ],
  },
  test: {
    include: ['src/components/**/*.test.tsx', 'src/react/**/*.test.tsx', 'test/**/*.test.tsx'],
    // These two assert renders in the middle of one `act(async () => agent.send(...))`; React 18's
    // act holds every update until its end, React 19's does not. Outside act (an app) both
    // React versions render the intermediate states (the e2e test on React 18 sees the reply grow).
    exclude: ['src/react/use-agent-selector.test.tsx', 'src/react/use-sandbox-changes.test.tsx', 'test/e2e/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['test/setup/expect-react-18.ts', 'test/setup/fail-on-console.ts'],
    restoreMocks: true,
    server: { deps: { inline: [/@testing-library\/react/, /\/zustand\//, /\/virtua\//] } },
  },
});
