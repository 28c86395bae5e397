import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The docs' "Every export" page (docs/reference/exports.md) names every value each public entry
 * exports, and nothing else: a name added to or removed from an entry without the docs following
 * is a failure (the docs and the code must not drift).
 */
const root = resolve(import.meta.dirname, '..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, string | { types: string }> };

/** Each public entry (`react-agent-kit`, `react-agent-kit/sandbox`, ...) with its source file, from package.json. */
const entries = Object.entries(packageJson.exports).flatMap(([subpath, target]) => {
  if (typeof target === 'string') return [];
  const source = target.types.replace('./dist/types/', 'src/').replace(/\.d\.ts$/, '.ts');
  return [{ name: subpath === '.' ? 'react-agent-kit' : `react-agent-kit/${subpath.slice(2)}`, source: join(root, source) }];
});

/**
 * The values an entry file exports, read from its syntax: with `verbatimModuleSyntax` (see
 * tsconfig.json) a re-export without `type` is a value, so no type checker is needed.
 */
function valueExports(file: string): string[] {
  const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const names: string[] = [];
  for (const statement of sourceFile.statements) {
    if (ts.isExportDeclaration(statement)) {
      // `export *` would hide what an entry exports from readers and from this check: entries name theirs.
      if (!statement.exportClause) throw new Error(`${file}: export * in a public entry; name the exports`);
      if (statement.isTypeOnly || !ts.isNamedExports(statement.exportClause)) continue;
      for (const element of statement.exportClause.elements) if (!element.isTypeOnly) names.push(element.name.text);
    } else if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) {
      if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) names.push(statement.name!.text);
      if (ts.isVariableStatement(statement)) for (const declaration of statement.declarationList.declarations) names.push((declaration.name as ts.Identifier).text);
    }
  }
  return names.sort();
}

/** The exports page: `## \`entry\`` headings, each followed by backticked names. */
function documentedExports(page: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const block of page.split(/^## /m).slice(1)) {
    const [heading, ...body] = block.split('\n');
    const entry = /^`([^`]+)`/.exec(heading ?? '')?.[1];
    if (!entry) continue;
    result.set(entry, [...body.join('\n').matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((match) => match[1]!).sort());
  }
  return result;
}

describe('the exports page', () => {
  it('lists exactly the values each public entry exports', () => {
    const documented = documentedExports(readFileSync(join(root, 'docs/reference/exports.md'), 'utf8'));
    const differences: string[] = [];
    for (const entry of entries) {
      const exported = valueExports(entry.source);
      const listed = documented.get(entry.name) ?? [];
      const missing = exported.filter((name) => !listed.includes(name));
      const stale = listed.filter((name) => !exported.includes(name));
      if (missing.length) differences.push(`${entry.name}: exported but not in docs/reference/exports.md: ${missing.join(', ')}`);
      if (stale.length) differences.push(`${entry.name}: in docs/reference/exports.md but not exported: ${stale.join(', ')}`);
    }
    expect(differences).toEqual([]);
  });
});
