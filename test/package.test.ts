/**
 * What the published package carries besides its code: the license (and those of the code it bundles), and its own package.json as an
 * export (bundlers and tools read `react-agent-kit/package.json` for the version).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { license: string; exports: Record<string, unknown> };

// npm pack --dry-run takes seconds on a loaded machine: the tests that run it get 30 s.
describe('the package', () => {
  it('ships the MIT license it declares, and exports its package.json', () => {
    expect(manifest.license).toBe('MIT');
    expect(readFileSync(resolve(root, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    expect(manifest.exports['./package.json']).toBe('./package.json');
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' })) as [{ files: { path: string }[] }];
    const paths = packed.files.map((file) => file.path);
    expect(paths).toContain('LICENSE');
    expect(paths).toContain('package.json');
  }, 30_000);

  it('says where it comes from: repository, homepage and bugs name one repository', () => {
    const { repository, homepage, bugs } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { repository: { type: string; url: string }; homepage: string; bugs: { url: string } };
    expect(repository.type).toBe('git');
    const web = /^git\+(https:\/\/github\.com\/[\w.-]+\/[\w.-]+)\.git$/.exec(repository.url)?.[1];
    expect(web, 'repository.url is git+https://github.com/<owner>/<name>.git').toBeDefined();
    expect(homepage).toBe(`${web}#readme`);
    expect(bugs.url).toBe(`${web}/issues`);
  });
});

/** Every module a built file imports (static, re-exported or dynamic), from its syntax tree, not its text: comments and strings hold import-like lines. */
function moduleSpecifiers(code: string): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as { type?: string; source?: { type?: string; value?: unknown } };
    if (/^(Import|ExportNamed|ExportAll)Declaration$|^ImportExpression$/.test(record.type ?? '') && typeof record.source?.value === 'string') found.push(record.source.value);
    for (const value of Object.values(record)) visit(value);
  };
  visit(parseAst(code));
  return found.filter((specifier) => !specifier.startsWith('.'));
}

describe('code of other packages in dist/', () => {
  it('ships with each package\'s license: dist/THIRD-PARTY-NOTICES.md names every package the build copied in', () => {
    const notices = readFileSync(resolve(root, 'dist/THIRD-PARTY-NOTICES.md'), 'utf8');
    const named = [...notices.matchAll(/^## (\S+) /gm)].map((match) => match[1]);
    // The bundled modules, as the built chunks' own imports show them: none of these may be missing.
    for (const bundled of ['diff', 'refractor', 'hastscript', 'parse-entities']) expect(named).toContain(bundled);
    expect(notices).toMatch(/Copyright \(c\) Lea Verou/); // Prism's grammars, through refractor's license
    expect(notices).toMatch(/BSD 3-Clause|Redistribution and use in source and binary forms/); // diff's license text itself
    const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const name of named) expect(Object.keys(manifest.dependencies), `${name} is bundled, so it is not installed`).not.toContain(name);
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' })) as [{ files: { path: string }[] }];
    expect(packed.files.map((file) => file.path)).toContain('dist/THIRD-PARTY-NOTICES.md');
  }, 30_000);

  it('imports at run time only its declared dependencies and peers (nothing bundled is left as an import)', () => {
    const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; peerDependencies: Record<string, string> };
    const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)]);
    const files = execFileSync('find', [resolve(root, 'dist'), '-name', '*.js'], { encoding: 'utf8' }).trim().split('\n');
    const imported = new Set<string>();
    for (const file of files) {
      for (const specifier of moduleSpecifiers(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('node:')) continue;
        imported.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
      }
    }
    expect([...imported].filter((name) => !declared.has(name))).toEqual([]);
  });
});

describe('the README, as the package shows it', () => {
  it('links only to places that exist outside the package: no relative links to repository files', () => {
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
    const relative = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]!).filter((target) => !/^(https?:|#|mailto:)/.test(target));
    expect(relative).toEqual([]);
  });
});
