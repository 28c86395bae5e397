#!/usr/bin/env node
/**
 * What `npm test` needs besides `npm install`, set up before it runs (`pretest`), so that
 * `npm install && npm test` works on a fresh machine:
 * - the fixtures with their own lockfiles (React 18.3 for the React 18 run, the TypeScript versions
 *   for the types matrix, Node 22 for the install lines' test): `npm ci --prefix <fixture>` when their
 *   node_modules is missing;
 * - Debian's Chromium (end-to-end tests) and PostgreSQL (the Postgres session store's tests):
 *   installed with apt-get when run as root, as `.ci/run` does; otherwise the run stops at once
 *   with the one command that installs them, instead of a wall of failing tests.
 * `RAK_SKIP_SYSTEM_CHECK=1` skips the system check (for running a subset on a machine without them).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const fixtures = ['test/fixtures/react-18', 'test/fixtures/typescript-versions', 'test/fixtures/node-22'];
export const fontPackages = ['fonts-dejavu-core', 'fonts-liberation'];

/**
 * What to do, from what the machine has: fixtures to install, Debian packages to install, or the
 * sentence to stop with.
 */
export function planTestSetup({ missingFixtures, hasChromium, hasPostgres, missingFonts, isRoot, hasAptGet }) {
  const packages = [...(hasChromium ? [] : ['chromium']), ...(hasPostgres ? [] : ['postgresql']), ...missingFonts];
  const plan = { fixtures: missingFixtures, packages: [], stop: undefined };
  if (packages.length === 0) return plan;
  if (isRoot && hasAptGet) return { ...plan, packages };
  const command = `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  const what = [!hasChromium && 'Chromium (the end-to-end tests drive /usr/bin/chromium)', !hasPostgres && "PostgreSQL (the Postgres session store's tests start a throwaway server)", missingFonts.length > 0 && 'fonts for the screenshots'].filter(Boolean);
  return { ...plan, stop: `npm test needs ${what.join(', ')}. Install with:\n\n  ${command}\n\nthen run npm test again (or RAK_SKIP_SYSTEM_CHECK=1 to run without them).` };
}

function hasPostgresBinaries() {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'initdb'))) return true;
  if (!existsSync('/usr/lib/postgresql')) return false;
  return readdirSync('/usr/lib/postgresql').some((version) => existsSync(join('/usr/lib/postgresql', version, 'bin', 'initdb')));
}

function isInstalled(debianPackage) {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Status}', debianPackage], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).includes('install ok installed');
  } catch {
    return false;
  }
}

function run(command, args) {
  console.log(`test setup: ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: root, stdio: 'inherit' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const skipSystem = process.env.RAK_SKIP_SYSTEM_CHECK === '1';
  const hasDpkg = existsSync('/usr/bin/dpkg-query');
  const plan = planTestSetup({
    missingFixtures: fixtures.filter((fixture) => !existsSync(join(root, fixture, 'node_modules'))),
    hasChromium: skipSystem || existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    hasPostgres: skipSystem || hasPostgresBinaries(),
    missingFonts: skipSystem || !hasDpkg ? [] : fontPackages.filter((name) => !isInstalled(name)),
    isRoot: process.getuid?.() === 0,
    hasAptGet: existsSync('/usr/bin/apt-get'),
  });
  for (const fixture of plan.fixtures) run('npm', ['ci', '--prefix', fixture, '--no-audit', '--no-fund']);
  if (plan.stop) {
    console.error(`\n${plan.stop}\n`);
    process.exit(1);
  }
  if (plan.packages.length > 0) {
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', '--no-install-recommends', ...plan.packages]);
  }
}
