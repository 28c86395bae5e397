/**
 * What the published package carries besides its code: the license, and its own package.json as an
 * export (bundlers and tools read `react-agent-kit/package.json` for the version).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { license: string; exports: Record<string, unknown> };

describe('the package', () => {
  it('ships the MIT license it declares, and exports its package.json', () => {
    expect(manifest.license).toBe('MIT');
    expect(readFileSync(resolve(root, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    expect(manifest.exports['./package.json']).toBe('./package.json');
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' })) as [{ files: { path: string }[] }];
    const paths = packed.files.map((file) => file.path);
    expect(paths).toContain('LICENSE');
    expect(paths).toContain('package.json');
  });
});

describe('the README, as the package shows it', () => {
  it('links only to places that exist outside the package: no relative links to repository files', () => {
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
    const relative = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]!).filter((target) => !/^(https?:|#|mailto:)/.test(target));
    expect(relative).toEqual([]);
  });
});
