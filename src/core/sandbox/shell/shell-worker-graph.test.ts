import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The worker's modules must not reach the module that starts the worker: an app's bundler then
 * meets a worker whose code starts itself. Vite and webpack cope; Turbopack (Next.js 16) never
 * finishes the build. Walks static and dynamic imports, type-only ones excluded (they ship no code).
 */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const [, typeOnly, specifier] of code.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+'(\.[^']+)'/gm)) {
      if (typeOnly === undefined) queue.push(resolve(dirname(file), `${specifier!}.ts`));
    }
    for (const [, specifier] of code.matchAll(/\bimport\('(\.[^']+)'\)/g)) queue.push(resolve(dirname(file), `${specifier!}.ts`));
  }
  return seen;
}

describe("the shell worker's modules", () => {
  it('do not reach the code that starts the worker, nor the bundle of agent tools', () => {
    const modules = [...reachable(resolve(import.meta.dirname, 'shell-worker.ts'))].map((file) => file.slice(resolve(import.meta.dirname, '..').length + 1)).sort();
    expect(modules).toContain('shell/shell-runtime.ts');
    expect(modules).toContain('build-sandbox.ts');
    expect(modules.filter((module) => /shell-worker-client|sandbox-shell|create-sandbox|tools\//.test(module))).toEqual([]);
  });

  it('are found by this walk when they are there (the check works): the shell entry reaches them', () => {
    const modules = reachable(resolve(import.meta.dirname, 'index.ts'));
    expect([...modules].some((file) => file.endsWith('shell-worker-client.ts'))).toBe(true);
    expect([...modules].some((file) => file.endsWith('shell-runtime.ts'))).toBe(true);
  });

  it('are not reached from the sandbox entry, which must build without just-bash installed', () => {
    const modules = [...reachable(resolve(import.meta.dirname, '../index.ts'))];
    expect(modules.filter((file) => file.includes('/shell/') || file.includes('/ai-sdk/'))).toEqual([]);
  });
});
