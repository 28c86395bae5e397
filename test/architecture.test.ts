import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of DESIGN.md, enforced: core reaches no React and no `ai` runtime code; each
 * layer imports only the layers below it, and the layers above core enter it only through
 * its index.
 */
const root = resolve(import.meta.dirname, '..');
const source = join(root, 'src');

type Layer = 'core' | 'react' | 'components' | 'server' | 'testing' | 'ai-sdk' | 'ag-ui';
const allowed: Record<Layer, readonly Layer[]> = {
  core: ['core'],
  react: ['core', 'react'],
  components: ['core', 'react', 'components'],
  server: ['core', 'server'],
  testing: ['core', 'testing'],
  'ai-sdk': ['core', 'ai-sdk'],
  'ag-ui': ['core', 'ag-ui'],
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
  return top === 'core' || top === 'react' || top === 'components' || top === 'server' || top === 'testing' || top === 'ai-sdk' || top === 'ag-ui' ? top : null;
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
      // The ai-sdk entry meets useChat, a React hook, with one of its own (useChatAgent).
      if (/^react(-dom)?($|\/)/.test(specifier) && layer !== 'react' && layer !== 'components' && layer !== 'ai-sdk') {
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
      // core/internal.ts holds what only the server half, the testing kit and the kit's other engines (ag-ui) build on.
      const throughInternal = /[\\/]core[\\/]internal\.ts$/.test(target) && (layer === 'server' || layer === 'testing' || layer === 'ag-ui');
      if (layer !== targetLayer && (targetLayer === 'core' || targetLayer === 'react') && !throughIndex && !throughInternal) {
        violations.push(`${where}: enter ${targetLayer} through its index`);
      }
      if (layer === 'components' && targetLayer === 'core' && !typeOnly) violations.push(`${where}: components take only types from core`);
    }
  }
  return violations;
}

/**
 * The stages of core in the order data flows through them, lowest first. A file in one folder
 * imports only its own folder and the folders before it; the entry files (the package's public
 * doors) assemble the surface and may reach any folder.
 */
const coreOrder = ['schema', 'store', 'model', 'providers', 'scripted', 'tools', 'people', 'persistence', 'sandbox', 'bridge', 'sessions', 'context', 'run', 'agent', 'agents', 'demo'] as const;
const coreEntries = ['index.ts', 'internal.ts', 'sandbox/index.ts', 'providers/index.ts', 'sessions/index.ts'];

function coreOrderViolations(sourceDir: string): string[] {
  const coreDir = join(sourceDir, 'core');
  const violations: string[] = [];
  const folderOf = (file: string) => relative(coreDir, file).split(/[\\/]/);
  for (const file of listSourceFiles(coreDir)) {
    const path = relative(coreDir, file).replaceAll('\\', '/');
    const [folder, ...rest] = folderOf(file);
    if (rest.length === 0) {
      if (!coreEntries.includes(path)) violations.push(`core/${path}: a file loose at the core root (put it in the folder of its stage)`);
      continue;
    }
    const rank = coreOrder.indexOf(folder as (typeof coreOrder)[number]);
    if (rank === -1) {
      violations.push(`core/${folder}: a folder outside the core order (add it to coreOrder where it belongs in the flow)`);
      continue;
    }
    if (coreEntries.includes(path)) continue;
    for (const { specifier } of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      if (!target || layerOf(target, sourceDir) !== 'core') continue;
      const [targetFolder, ...targetRest] = folderOf(target);
      const targetRank = targetRest.length === 0 ? Infinity : coreOrder.indexOf(targetFolder as (typeof coreOrder)[number]);
      if (targetRank > rank) violations.push(`core/${path} -> core/${relative(coreDir, target).replaceAll('\\', '/')}: ${folder} may not import ${targetRest.length === 0 ? 'the core entry' : targetFolder}, which comes after it`);
    }
  }
  return [...new Set(violations)];
}

/** Import cycles between files, type-only imports included: each as the files of one strongly connected component. */
function importCycles(sourceDir: string): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of listSourceFiles(sourceDir)) {
    const targets = importsOf(file)
      .filter(({ specifier }) => specifier.startsWith('.'))
      .map(({ specifier }) => resolveRelative(file, specifier))
      .filter((target): target is string => target !== null);
    graph.set(file, targets);
  }
  // Tarjan's algorithm, iterative so a deep chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(relative(sourceDir, member).replaceAll('\\', '/'));
        } while (member !== frame.node);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

/**
 * Where code outside `core/store/` reaches a store's `setState`: a call or a reference
 * (`x.setState`, `x['setState']`) or a destructuring (`{ setState } = x`). The agent's state is
 * written only by the store's own `dispatch`, through the reducer and the event log; tests too
 * put an agent into a state through events (`stateFromEvents`) or real runs. React's
 * `const [value, setValue] = useState()` is a different thing and is not matched.
 */
function storeWrites(rootDir: string, directories: readonly string[]): string[] {
  const writer = join(rootDir, 'src', 'core', 'store');
  const found: string[] = [];
  const scan = (directory: string): string[] =>
    readdirSync(directory).flatMap((name) => {
      const path = join(directory, name);
      if (name === 'node_modules') return [];
      if (statSync(path).isDirectory()) return scan(path);
      return /\.(ts|tsx|mts|js|jsx|mjs)$/.test(name) ? [path] : [];
    });
  for (const directory of directories) {
    for (const file of scan(join(rootDir, directory))) {
      if (file.startsWith(writer + sep)) continue;
      const text = readFileSync(file, 'utf8');
      if (!text.includes('setState')) continue;
      // The script kind (TS, TSX, JS) follows from the file name.
      const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        const reached =
          (ts.isPropertyAccessExpression(node) && node.name.text === 'setState') ||
          (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression) && node.argumentExpression.text === 'setState') ||
          (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent) && (node.propertyName ?? node.name).getText(sourceFile) === 'setState');
        if (reached) found.push(`${relative(rootDir, file).replaceAll('\\', '/')}:${sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1}: ${node.getText(sourceFile)}`);
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
    }
  }
  return found;
}

const files = listSourceFiles(source);

describe('architecture', () => {
  it('finds the layers', () => {
    for (const layer of Object.keys(allowed)) expect(files.some((file) => layerOf(file) === layer), layer).toBe(true);
  });

  // Walks every import of the tree: seconds on a loaded 2-core machine, so more than the default 5 s.
  it('keeps each layer to the layers below it', () => {
    expect(layerViolations(source)).toEqual([]);
  }, 30_000);

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

  it('keeps the core folders in the order of the flow', () => {
    expect(coreOrderViolations(source)).toEqual([]);
    const folders = readdirSync(join(source, 'core')).filter((name) => statSync(join(source, 'core', name)).isDirectory());
    expect(folders.filter((folder) => !coreOrder.includes(folder as (typeof coreOrder)[number]))).toEqual([]);
  });

  it('has no import cycles, counting type-only imports', () => {
    expect(importCycles(source)).toEqual([]);
  });

  it('reports a core folder that imports a later one, a loose root file and a cycle (the checker works)', () => {
    const fake = join(mkdtempSync(join(tmpdir(), 'rak-core-order-')), 'src');
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(fake, path)), { recursive: true });
      writeFileSync(join(fake, path), text);
    };
    write('core/index.ts', "export { run } from './run/run-loop';\n");
    write('core/helpers.ts', 'export const h = 1;\n');
    write('core/store/state.ts', "import type { Loop } from '../run/run-loop';\nexport type State = { loop?: Loop };\n");
    write('core/run/run-loop.ts', "import type { State } from '../store/state';\nexport type Loop = State;\nexport const run = 1;\n");
    write('core/widgets/widget.ts', 'export const w = 1;\n');
    expect(coreOrderViolations(fake)).toEqual([
      'core/helpers.ts: a file loose at the core root (put it in the folder of its stage)',
      'core/store/state.ts -> core/run/run-loop.ts: store may not import run, which comes after it',
      'core/widgets: a folder outside the core order (add it to coreOrder where it belongs in the flow)',
    ]);
    expect(importCycles(fake)).toEqual([['core/run/run-loop.ts', 'core/store/state.ts']]);
  });

  it('writes the agent state only in the store: no setState anywhere else, tests included', () => {
    expect(storeWrites(root, ['src', 'test', 'playground', 'bench'])).toEqual([]);
  });

  it('reports setState reached outside the store (the checker works)', () => {
    const fake = mkdtempSync(join(tmpdir(), 'rak-store-writes-'));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(fake, path)), { recursive: true });
      writeFileSync(join(fake, path), text);
    };
    write('src/core/store/store.ts', 'store.setState(next, true);\n');
    write('src/react/view.test.tsx', "agent.store.setState(reduce(agent.getState(), event), true);\nconst [count, setCount] = useState(0);\nrender(<button onClick={() => agent.store.setState(next)} />);\n");
    write('test/helper.ts', "const { setState } = agent.store as any;\n(agent.store as any)['setState'](next);\n");
    write('playground/app.ts', "// agent.store.setState is gone\nconst text = 'setState';\n");
    expect(storeWrites(fake, ['src', 'test', 'playground'])).toEqual([
      'src/react/view.test.tsx:1: agent.store.setState',
      'src/react/view.test.tsx:3: agent.store.setState',
      'test/helper.ts:1: setState',
      "test/helper.ts:2: (agent.store as any)['setState']",
    ]);
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
    write('core/internal.ts', "export const z = 3;\n");
    write('server/handler.ts', "import { z } from '../core/internal';\n");
    write('components/view.tsx', "import { x } from '../core/state';\nimport type { T } from '../core/index';\nimport type { Z } from '../core/internal';\n");
    expect(layerViolations(fake)).toEqual([
      'components/view.tsx -> core/state.ts: enter core through its index',
      'components/view.tsx -> core/state.ts: components take only types from core',
      'components/view.tsx -> core/internal.ts: enter core through its index',
      'core/state.ts imports react: core may not use React',
      'core/state.ts -> react/index.ts: core may not import react',
    ]);
  });
});
