/**
 * Which Node the repository declares, and for what: `engines` is the published package's (the kit runs
 * on Node 20.19 and later; npm run test:install proves it from the packed tarball on Node 20), and
 * `devEngines.runtime` is the development install's (the dev dependencies: ai 7, @ai-sdk/* 4,
 * @mastra/core, nanoid 6, @whatwg-node/*, posthog-node declare Node 22). npm checks every installed
 * package's `engines` against the running Node and prints EBADENGINE for each miss, so the declared
 * development Node must satisfy them all: then `npm install` on it prints no engine warning. On Node
 * 20 the toolchain works (CI runs it there) and npm prints those packages' EBADENGINE warnings.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const semver = createRequire(import.meta.url)('semver') as typeof import('semver');
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { engines: { node: string }; dependencies: Record<string, string>; devEngines?: { runtime?: { name: string; version: string; onFail?: string } } };
const lockfile = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { optional?: boolean; dev?: boolean; engines?: { node?: string } | string[] }> };

/** Installed packages (as npm checks them: optional ones are skipped) whose engines.node the version misses. */
function missedBy(version: string, only: (path: string, dev: boolean) => boolean = () => true): string[] {
  return Object.entries(lockfile.packages).flatMap(([path, entry]) => {
    const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (path === '' || entry.optional || !node || !only(path, entry.dev === true)) return [];
    return semver.satisfies(version, node) ? [] : [`${path.replace(/^.*node_modules\//, '')} (${node})`];
  });
}

describe('the Node the repository declares', () => {
  it('for development (devEngines.runtime), from its lowest version, satisfies the engines of every package npm installs: no EBADENGINE', () => {
    const declared = manifest.devEngines?.runtime?.version ?? manifest.engines.node;
    expect(missedBy(semver.minVersion(declared)!.version)).toEqual([]);
    // Not an error, and not a warning on every npm run and npx: the toolchain also runs on Node 20 (CI does).
    expect(manifest.devEngines?.runtime).toMatchObject({ name: 'node', onFail: 'ignore' });
  });

  it('for the published package (engines), satisfies the engines of its own dependencies', () => {
    const lowest = semver.minVersion(manifest.engines.node)!.version;
    expect(lowest).toBe('20.19.0');
    expect(missedBy(lowest, (_path, dev) => !dev)).toEqual([]);
  });
});
