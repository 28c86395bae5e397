import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without declarations
import { fixtures, planTestSetup } from '../build/test-setup.mjs';

type Plan = { fixtures: string[]; packages: string[]; stop: string | undefined };
interface Machine { missingFixtures: string[]; hasChromium: boolean; hasPostgres: boolean; missingFonts: string[]; isRoot: boolean; hasAptGet: boolean }
const machine: Machine = { missingFixtures: [], hasChromium: true, hasPostgres: true, missingFonts: [], isRoot: false, hasAptGet: true };
const plan = (overrides: Partial<Machine>) => planTestSetup({ ...machine, ...overrides }) as Plan;

describe('npm test set-up', () => {
  it('installs missing fixtures and does nothing else on a ready machine', () => {
    expect(plan({ missingFixtures: ['test/fixtures/react-18'] })).toEqual({ fixtures: ['test/fixtures/react-18'], packages: [], stop: undefined });
    expect(plan({})).toEqual({ fixtures: [], packages: [], stop: undefined });
  });

  it('as root with apt-get, installs what is missing, as .ci/run does', () => {
    expect(plan({ hasChromium: false, hasPostgres: false, missingFonts: ['fonts-liberation'], isRoot: true })).toEqual({ fixtures: [], packages: ['chromium', 'postgresql', 'fonts-liberation'], stop: undefined });
  });

  it('otherwise stops at once with the one command that installs them', () => {
    const { stop, packages } = plan({ hasPostgres: false });
    expect(packages).toEqual([]);
    expect(stop).toContain('sudo apt-get update && sudo apt-get install -y --no-install-recommends postgresql');
    expect(stop).toMatch(/^npm test needs PostgreSQL/);
    expect(plan({ hasChromium: false, isRoot: true, hasAptGet: false }).stop).toContain('install -y --no-install-recommends chromium');
  });

  it('knows every fixture with its own lockfile (React 18.3, the TypeScript versions, Node 22)', () => {
    const root = resolve(import.meta.dirname, '..');
    const locked = readdirSync(join(root, 'test/fixtures')).filter((name) => existsSync(join(root, 'test/fixtures', name, 'package-lock.json'))).map((name) => `test/fixtures/${name}`);
    expect([...(fixtures as string[])].sort()).toEqual(locked.sort());
  });
});
