import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of DESIGN.md, enforced: core reaches no React and no `ai` runtime code; each
 * layer imports only the layers below it, and the layers above core enter it only through
 * its index.
 */
const root = resolve(import.meta.dirname, '..');
const source = join(root, 'src');

type Layer = 'core' | 'react' | 'components' | 'server' | 'testing';
const allowed: Record<Layer, readonly Layer[]> = {
  core: ['core'],
  react: ['core', 'react'],
  components: ['core', 'react', 'components'],
  server: ['core', 'server'],
  testing: ['core', 'testing'],
};

interface ImportRecord {
  specifier: string;
  typeOnly: boolean;
}

function listSourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return listSourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Import and export declarations and dynamic imports, read with the TypeScript parser (not fooled by strings or comments). */
function importsOf(file: string): ImportRecord[] {
  const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const records: ImportRecord[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = Boolean(
        clause &&
          (clause.isTypeOnly ||
            (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly))),
      );
      records.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      records.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      records.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return records;
}

function layerOf(file: string, sourceDir = source): Layer | null {
  const top = relative(sourceDir, file).split(/[\\/]/)[0];
  return top === 'core' || top === 'react' || top === 'components' || top === 'server' || top === 'testing' ? top : null;
}

function resolveRelative(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next candidate
    }
  }
  return null;
}

function layerViolations(sourceDir: string): string[] {
  const violations: string[] = [];
  for (const file of listSourceFiles(sourceDir)) {
    const layer = layerOf(file, sourceDir);
    if (!layer) continue;
    for (const { specifier, typeOnly } of importsOf(file)) {
      if (/^react(-dom)?($|\/)/.test(specifier) && layer !== 'react' && layer !== 'components') {
        violations.push(`${relative(sourceDir, file)} imports ${specifier}: ${layer} may not use React`);
      }
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      if (!target) {
        violations.push(`${relative(sourceDir, file)} imports ${specifier}, which does not resolve`);
        continue;
      }
      const targetLayer = layerOf(target, sourceDir);
      if (!targetLayer) continue;
      const where = `${relative(sourceDir, file)} -> ${relative(sourceDir, target)}`;
      if (!allowed[layer].includes(targetLayer)) violations.push(`${where}: ${layer} may not import ${targetLayer}`);
      // The testing entry is dev-only tooling built on core internals (the scripted model engine,
      // which core's public index leaves out so apps do not ship it); every other layer enters
      // core and react through their index.
      const throughIndex = /[\\/]index\.tsx?$/.test(target) || (layer === 'testing' && targetLayer === 'core');
      if (layer !== targetLayer && (targetLayer === 'core' || targetLayer === 'react') && !throughIndex) {
        violations.push(`${where}: enter ${targetLayer} through its index`);
      }
      if (layer === 'components' && targetLayer === 'core' && !typeOnly) violations.push(`${where}: components take only types from core`);
    }
  }
  return violations;
}

const files = listSourceFiles(source);

describe('architecture', () => {
  it('finds the layers', () => {
    for (const layer of Object.keys(allowed)) expect(files.some((file) => layerOf(file) === layer), layer).toBe(true);
  });

  it('keeps each layer to the layers below it', () => {
    expect(layerViolations(source)).toEqual([]);
  });

  it('keeps core free of React, JSX and the ai runtime', () => {
    const violations: string[] = [];
    for (const file of files.filter((candidate) => layerOf(candidate) === 'core')) {
      if (file.endsWith('.tsx')) violations.push(`${relative(root, file)}: JSX file in core`);
      for (const { specifier, typeOnly } of importsOf(file)) {
        if (/^react(-dom)?($|\/)/.test(specifier)) violations.push(`${relative(root, file)} imports ${specifier}`);
        if (!typeOnly && /^(ai|@ai-sdk\/[^/]+)($|\/)/.test(specifier)) violations.push(`${relative(root, file)} imports runtime code from ${specifier}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('reaches only core files when walking the import graph from the core entry', () => {
    const seen = new Set<string>();
    const external = new Set<string>();
    const queue = [join(source, 'core/index.ts')];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const { specifier, typeOnly } of importsOf(file)) {
        // Type-only edges ship no code: follow what an app's bundle would contain.
        if (typeOnly) continue;
        if (specifier.startsWith('.')) {
          const target = resolveRelative(file, specifier);
          if (target) queue.push(target);
        } else external.add(specifier);
      }
    }
    expect([...seen].filter((file) => layerOf(file) !== 'core')).toEqual([]);
    expect([...external].sort()).toEqual(['zustand/vanilla']);
  });

  it('reports violations in a tree that breaks the rules (the checker works)', () => {
    const fake = join(mkdtempSync(join(tmpdir(), 'rak-architecture-')), 'src');
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(fake, path)), { recursive: true });
      writeFileSync(join(fake, path), text);
    };
    write('core/index.ts', "export const x = 1;\n");
    write('core/state.ts', "import { useState } from 'react';\nimport { y } from '../react/index';\n");
    write('react/index.ts', "export const y = 2;\n");
    write('components/view.tsx', "import { x } from '../core/state';\nimport type { T } from '../core/index';\n");
    expect(layerViolations(fake)).toEqual([
      'components/view.tsx -> core/state.ts: enter core through its index',
      'components/view.tsx -> core/state.ts: components take only types from core',
      'core/state.ts imports react: core may not use React',
      'core/state.ts -> react/index.ts: core may not import react',
    ]);
  });
});
