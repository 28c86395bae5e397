import { defineConfig } from 'vitest/config';

/** Benchmarks: `npm run bench`. Numbers are for comparing rows of one run; see bench/README.md. */
export default defineConfig({
  test: {
    include: [],
    benchmark: { include: ['bench/**/*.bench.ts'] },
  },
});
