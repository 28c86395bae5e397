/**
 * The sandbox filesystem with 10,000 files of about 1 KB in nested folders (10 × 10 × 100).
 * Run: `npx vitest bench --run -c vitest.bench.config.ts bench/sandbox.bench.ts`.
 * Targets (issue 4): grep across all files under 100 ms; checkpoint cost independent of tree size.
 */
import { bench, describe } from 'vitest';
import { createSandbox, loadRegexEngine, type Sandbox } from '../src/core/sandbox/index';

// `regex: true` runs on the linear-time engine, which loads on first use.
await loadRegexEngine();

const line = 'export const value = compute(input, options); // a typical line of code\n';

/** `count` files of about 1 KB: /pkg-N/mod-M/file-K.ts; every 100th file contains "needle". */
function filesOf(count: number): Array<[string, string]> {
  return Array.from({ length: count }, (_, index) => {
    const path = `/pkg-${index % 10}/mod-${Math.floor(index / 10) % 10}/file-${Math.floor(index / 100)}.ts`;
    const body = line.repeat(14) + (index % 100 === 0 ? '// needle here\n' : '// nothing here\n');
    return [path, body];
  });
}

function sandboxOf(files: Array<[string, string]>): Sandbox {
  const sandbox = createSandbox();
  for (const [path, content] of files) sandbox.writeFile(path, content);
  return sandbox;
}

const files10k = filesOf(10_000);
const files1k = filesOf(1_000);
const full = sandboxOf(files10k);

describe('sandbox: 10,000 files of ~1 KB', () => {
  bench('write all (create + 10,000 writes)', () => {
    sandboxOf(files10k);
  });
  bench('read all', () => {
    for (const [path] of files10k) full.readFile(path);
  });
  bench('glob **/*.ts', () => {
    full.glob('**/*.ts');
  });
  bench('glob pkg-3/**/file-1?.ts', () => {
    full.glob('pkg-3/**/file-1?.ts');
  });
  bench('grep literal across all (100 matches)', () => {
    full.grep('needle');
  });
  bench('grep regex, ignoreCase, across all', () => {
    full.grep('need+le\\s+HERE', { regex: true, ignoreCase: true });
  });
  bench('grep common word, capped at 1,000 matches', () => {
    full.grep('compute');
  });
  const records = full.toRecords();
  const target = createSandbox();
  bench('toRecords (what a whole-tree save stores)', () => {
    full.toRecords();
  });
  bench('load(records) (a cold load from storage)', () => {
    target.load(records);
  });
  const archive = full.exportArchive();
  bench('exportArchive (one JSON file)', () => {
    full.exportArchive();
  });
  bench('importArchive', () => {
    target.importArchive(archive);
  });
});

for (const [label, files] of [['1,000', files1k], ['10,000', files10k]] as const) {
  describe(`checkpoints: tree of ${label} files`, () => {
    const sandbox = sandboxOf(files);
    const base = sandbox.checkpoint();
    const changed = files.slice(0, 10).map(([path]) => path);
    let round = 0;
    bench('change 10 files, then checkpoint', () => {
      round++;
      for (const path of changed) sandbox.writeFile(path, `changed ${round}\n`);
      sandbox.checkpoint();
    });
    bench('checkpoint alone', () => {
      sandbox.checkpoint();
    });
    bench('restore (roll back)', () => {
      sandbox.restore(base);
    });
    bench('changesSince with 10 changed files', () => {
      for (const path of changed) sandbox.writeFile(path, 'x\n');
      sandbox.changesSince(base);
    });
  });
}
