/**
 * Vite aliases that resolve the kit's package names to its TypeScript sources, for the pages the
 * browser benchmarks build (bench/render, bench/tabs): they measure the code in the repository,
 * not the last build of it.
 */
import { resolve } from 'node:path';

const source = (path) => resolve(import.meta.dirname, '../src', path);

/** Every entry a benchmark page may import, and Node's zlib (which the shell's engine names) stubbed. */
export const kitAliases = [
  { find: /^react-agent-kit$/, replacement: source('core/index.ts') },
  { find: /^react-agent-kit\/components$/, replacement: source('components/index.ts') },
  { find: /^react-agent-kit\/react$/, replacement: source('react/index.ts') },
  { find: /^react-agent-kit\/sessions$/, replacement: source('core/sessions/index.ts') },
  { find: /^react-agent-kit\/sandbox$/, replacement: source('core/sandbox/index.ts') },
  { find: /^react-agent-kit\/testing$/, replacement: source('testing/index.ts') },
  { find: /^react-agent-kit\/styles\.css$/, replacement: source('components/styles.css') },
  { find: /^node:zlib$/, replacement: source('core/sandbox/shell/node-zlib-stub.ts') },
];
