#!/usr/bin/env node
/**
 * Bundle-size check: `npm run size` (= `node bench/size.mjs`).
 *
 * Bundles each browser entry the way an app's production build would (Vite 8 `build()`, rolldown,
 * oxc minifier with whitespace and comments removed, `process.env.NODE_ENV = "production"`), gzips
 * every emitted chunk (node:zlib, level 9) and compares against the budgets in
 * `bench/size-budgets.json`, the only place the budget numbers live. Exits 1 when an entry is over
 * budget, missing, or fails to build.
 *
 * What is counted (decided deliberately, keep this header in sync when changing it):
 *
 * (a) Budgeted, one build per entry: the entry's OWN code.
 *     - Every export of the entry is kept (library mode preserves the entry signature), so the
 *       number is the upper bound of what an app pays for that entry, not a tree-shaken best case.
 *     - External (not counted): `react`, `react-dom`, `zustand` (and their subpaths), because an app
 *       has them anyway or shares them, and the kit's OTHER public layers: any module under
 *       `src/<layer>/` where `src/<layer>/index.ts` exists and <layer> is not the entry's own layer.
 *       So `components` does not count `react` or `core` again, and `react` does not count `core`.
 *       Deep imports into another layer are externalized too and listed as a warning, because
 *       layers should import each other through the index only.
 *     - Counted: everything else the entry pulls in, including third-party packages such as `ai`
 *       or `@ai-sdk/*` (the design says core must not ship them; if it does, the budget says so).
 *     - `node:*` imports are externalized and reported as a warning (browser entries must not need them).
 *     - Lazy chunks are NOT counted against the budget. A chunk is lazy when it is not in the static
 *       import closure of the entry chunk (following `chunk.imports` only); that is, it is reachable
 *       only through a dynamic `import()`. They are listed separately, with their gzipped size.
 *     - An entry's `lazy` (in the budgets file) lists path prefixes of modules that must only load
 *       lazily (the code highlighter and its grammars): the check fails when one is up front.
 *     - CSS that an entry imports is reported, not budgeted.
 *
 * (b) Informational: "everything an app using <AgentChat> ships up front", upper bound: one build
 *     of core + react + components together (namespace re-exports, so nothing is tree-shaken away)
 *     with zustand bundled and only react / react-dom external. Lazy chunks listed separately.
 *     Plus the `scenarios` of the budgets file: small app entries that import the kit by its
 *     package name (`react-agent-kit`, `react-agent-kit/components`, ... mapped to `src/`), built
 *     the same way but tree-shaken like a real app. A scenario that fails to build is reported
 *     (its code probably uses a renamed export) but does not fail the check.
 *
 * (c) Informational: the stylesheet (`stylesheet` in the budgets file), minified by Vite, gzipped.
 *
 * Sizes: bytes of minified code, gzip -9, per chunk and summed; 1 kB = 1000 bytes (as Vite prints).
 *
 * Options:
 *   --root <dir>     measure `<dir>/src/...` instead of this repository (to try the script on a
 *                    scratch tree; bare imports then resolve from <dir>'s node_modules).
 *   --only <name>    measure only that entry (repeatable); skips (b) and (c).
 *   --json <file>    also write the numbers as JSON to <file>.
 *   --verbose        list the largest modules of every entry (they are always listed when over budget).
 *   --keep           keep the temporary output directory and print its path.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { gzipSync } from 'node:zlib';

const scriptDirectory = import.meta.dirname;
const repositoryRoot = path.resolve(scriptDirectory, '..');
const budgetsFile = path.join(scriptDirectory, 'size-budgets.json');

const { values: options } = parseArgs({
  options: {
    root: { type: 'string' },
    only: { type: 'string', multiple: true },
    json: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

const projectRoot = path.resolve(options.root ?? repositoryRoot);
const sourceDirectory = path.join(projectRoot, 'src');
const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8'));
const kilobyte = 1000;
// just-bash (the sandbox shell, a lazy chunk) imports node:zlib for gzip; browser builds alias it
// to this stub, as the playground does, so the chunk is measured as an app ships it.
const zlibStub = path.join(sourceDirectory, 'core/sandbox/shell/node-zlib-stub.ts');
const gzipLevel = 9;

/** Packages an app has anyway (peer dependencies) or shares between entries: never counted in (a). */
const sharedPackagePattern = /^(react|react-dom|zustand)($|\/)/;
/** Only React is external for (b): zustand is counted there because the app ships it with the kit. */
const peerPackagePattern = /^(react|react-dom)($|\/)/;

// Imported lazily so that `--help`-style mistakes and a missing budgets file fail fast, and so the
// error is readable when dependencies are not installed.
const { build } = await import('vite');
const { default: reactPlugin } = await import('@vitejs/plugin-react');

/** Public layers of the kit: every `src/<layer>/index.ts` (or .tsx). */
function findKitLayers() {
  const layers = new Map();
  for (const layer of ['core', 'react', 'components', 'server', 'testing', 'ai-sdk', 'ag-ui']) {
    for (const file of ['index.ts', 'index.tsx']) {
      const candidate = path.join(sourceDirectory, layer, file);
      if (existsSync(candidate)) layers.set(layer, candidate);
    }
  }
  return layers;
}

/** Public entries that live inside a layer's folder, by their source file under src/. */
const nestedEntries = new Map([
  ['core/sandbox/index.ts', 'react-agent-kit/sandbox'],
  ['core/sandbox/shell/index.ts', 'react-agent-kit/shell'],
  ['core/providers/index.ts', 'react-agent-kit/providers'],
  ['core/sessions/index.ts', 'react-agent-kit/sessions'],
  ['components/locales/index.ts', 'react-agent-kit/locales'],
  // Not a package export: the door of core that the kit's own layers (server, testing, ag-ui) build
  // on. The library build shares its modules with core's chunks, so an entry does not count them.
  ['core/internal.ts', 'react-agent-kit/internal'],
]);

function publicSpecifier(layer) {
  return layer === 'core' ? 'react-agent-kit' : `react-agent-kit/${layer}`;
}

function layerOf(file) {
  const relative = path.relative(sourceDirectory, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep)[0];
}

function stripQuery(id) {
  return id.split('?')[0];
}

/**
 * Marks imports that resolve into another public layer as external, recording what was seen.
 * Runs before Vite's resolver so the layer's modules are never loaded.
 */
function kitLayerExternalsPlugin(ownLayer, kitLayers, record) {
  return {
    name: 'size:kit-layer-externals',
    enforce: 'pre',
    async resolveId(source, importer, resolveOptions) {
      if (!importer || source.startsWith('\0') || sharedPackagePattern.test(source) || source.startsWith('node:')) return null;
      const resolved = await this.resolve(source, importer, { ...resolveOptions, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      const file = stripQuery(resolved.id);
      const layer = layerOf(file);
      if (!layer || layer === ownLayer || !kitLayers.has(layer)) return resolved;
      // A layer's index, or a public entry inside it (react-agent-kit/sessions is src/core/sessions).
      const nested = nestedEntries.get(path.relative(sourceDirectory, file).split(path.sep).join('/'));
      const isIndex = kitLayers.get(layer) === file || nested !== undefined;
      const specifier = nested ?? (isIndex ? publicSpecifier(layer) : `react-agent-kit/src/${path.relative(sourceDirectory, file).split(path.sep).join('/')}`);
      record.kitImports.add(specifier);
      if (!isIndex) record.warnings.add(`deep import into another layer: ${path.relative(projectRoot, stripQuery(importer))} -> ${path.relative(projectRoot, file)} (import it through src/${layer}/index.ts)`);
      return { id: specifier, external: true };
    },
  };
}

/** Resolves `react-agent-kit` and `react-agent-kit/<layer>` to the sources, as an app's bundler would to dist/. */
function kitPackagePlugin(kitLayers) {
  return {
    name: 'size:kit-package',
    enforce: 'pre',
    resolveId(source) {
      const match = /^react-agent-kit(?:\/(.+))?$/.exec(source);
      if (!match) return null;
      const layer = match[1] ?? 'core';
      if (layer === 'styles.css') return path.join(sourceDirectory, 'components', 'styles.css');
      // The sandbox, the providers and the sessions are subpath entries inside core, not layers of their own.
      if (layer === 'sandbox' || layer === 'providers') return path.join(sourceDirectory, 'core', layer, 'index.ts');
      if (layer === 'shell') return path.join(sourceDirectory, 'core', 'sandbox', 'shell', 'index.ts');
      if (layer === 'sessions') return path.join(sourceDirectory, 'core', 'sessions', 'index.ts');
      return kitLayers.get(layer) ?? null;
    },
  };
}

/** Serves the synthetic entries of (b) and (c) from memory, importing real files by absolute path. */
function virtualEntryPlugin(modules) {
  return {
    name: 'size:virtual-entries',
    enforce: 'pre',
    resolveId(source) {
      return Object.hasOwn(modules, source) ? `\0${source}` : null;
    },
    load(id) {
      return id.startsWith('\0') && Object.hasOwn(modules, id.slice(1)) ? modules[id.slice(1)] : null;
    },
  };
}

/**
 * One Vite library build of `input` (a file path or a virtual id) into `outDirectory`.
 * Returns the rolldown output entries (chunks and assets).
 */
async function bundle({ name, input, outDirectory, isExternal, plugins, record, appLike = false }) {
  const result = await build({
    configFile: false,
    envDir: false,
    root: projectRoot,
    mode: 'production',
    logLevel: 'warn',
    clearScreen: false,
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    resolve: existsSync(zlibStub) ? { alias: [{ find: /^node:zlib$/, replacement: zlibStub }] } : {},
    plugins: [...plugins, reactPlugin()],
    build: {
      outDir: outDirectory,
      emptyOutDir: true,
      write: true,
      copyPublicDir: false,
      sourcemap: false,
      reportCompressedSize: false,
      minify: true,
      cssMinify: true,
      lib: { entry: { [name]: input }, formats: ['es'] },
      rolldownOptions: {
        input: { [name]: input },
        // An app's entry is not a library: its chunk may carry more exports than it declares, so
        // modules that lazy chunks share with it stay in it (as in an app's own Vite build) rather
        // than in small shared chunks of their own, each gzipped apart.
        ...(appLike ? { preserveEntrySignatures: 'allow-extension' } : {}),
        external: (id) => {
          if (id.startsWith('node:') && !(id === 'node:zlib' && existsSync(zlibStub))) {
            record.warnings.add(`imports ${id} (externalized; a browser entry should not need Node built-ins)`);
            return true;
          }
          return isExternal(id);
        },
        output: {
          // Library mode keeps whitespace and /*#__PURE__*/ comments for the consumer's bundler;
          // an app's final bundle has neither, so measure it fully minified.
          minify: true,
          comments: false,
        },
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  if (!outputs.every((output) => output && Array.isArray(output.output))) throw new Error('unexpected result from vite build()');
  return outputs.flatMap((output) => output.output);
}

function gzipSize(content) {
  return gzipSync(typeof content === 'string' ? Buffer.from(content) : content, { level: gzipLevel }).length;
}

/** Splits a build's output into up-front chunks (static closure of the entries), lazy chunks and CSS. */
function classify(output) {
  const chunks = output.filter((item) => item.type === 'chunk');
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const upFront = new Set();
  const pending = chunks.filter((chunk) => chunk.isEntry);
  while (pending.length > 0) {
    const chunk = pending.pop();
    if (upFront.has(chunk)) continue;
    upFront.add(chunk);
    for (const imported of chunk.imports) {
      const next = byFileName.get(imported);
      if (next) pending.push(next);
    }
  }
  const describe = (chunk) => ({
    fileName: chunk.fileName,
    minifiedBytes: Buffer.byteLength(chunk.code),
    gzipBytes: gzipSize(chunk.code),
    modules: Object.entries(chunk.modules)
      .map(([id, info]) => ({ id: displayId(id), renderedLength: info.renderedLength }))
      .sort((left, right) => right.renderedLength - left.renderedLength),
    externalImports: chunk.imports.filter((imported) => !byFileName.has(imported)),
  });
  const css = output
    .filter((item) => item.type === 'asset' && item.fileName.endsWith('.css'))
    // Vite appends a `/*$vite$:1*/` marker to library CSS; it is not part of what a browser downloads.
    .map((asset) => {
      const source = Buffer.from(asset.source).toString('utf8').replace(/\/\*\$vite\$:\d+\*\/\s*$/, '');
      return { fileName: asset.fileName, minifiedBytes: Buffer.byteLength(source), gzipBytes: gzipSize(source) };
    });
  return {
    upFront: chunks.filter((chunk) => upFront.has(chunk)).map(describe),
    lazy: chunks.filter((chunk) => !upFront.has(chunk)).map(describe),
    css,
  };
}

function displayId(id) {
  const clean = stripQuery(id).replace(/^\0/, '');
  const nodeModules = clean.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (nodeModules !== -1) return clean.slice(nodeModules + 1);
  return path.isAbsolute(clean) ? path.relative(projectRoot, clean) : clean;
}

function sum(items, key) {
  return items.reduce((total, item) => total + item[key], 0);
}

function errorMessage(error) {
  return stripVTControlCharacters(error instanceof Error ? error.message : String(error)).trim();
}

function formatKb(bytes) {
  return `${(bytes / kilobyte).toFixed(2)} kB`;
}

const temporaryRoot = mkdtempSync(path.join(tmpdir(), 'react-agent-kit-size-'));
const kitLayers = findKitLayers();
const results = { unit: 'bytes, minified, gzip level 9; 1 kB = 1000 bytes', entries: {}, app: null, stylesheet: null };
let failed = false;

const selected = Object.entries(budgets.entries).filter(([name]) => !options.only || options.only.includes(name));
if (options.only && selected.length !== options.only.length) {
  console.error(`unknown entry in --only; known: ${Object.keys(budgets.entries).join(', ')}`);
  process.exit(1);
}

// (a) each entry alone.
for (const [name, { entry, budgetKb, lazy: lazyPrefixes }] of selected) {
  const file = path.resolve(projectRoot, entry);
  const budgetBytes = budgetKb * kilobyte;
  const record = { name, entry, budgetBytes, status: 'ok', kitImports: new Set(), warnings: new Set() };
  results.entries[name] = record;
  if (!existsSync(file)) {
    record.status = 'missing';
    record.error = `${entry} does not exist`;
    failed = true;
    continue;
  }
  const ownLayer = layerOf(file);
  try {
    const output = await bundle({
      name,
      input: file,
      outDirectory: path.join(temporaryRoot, name),
      isExternal: (id) => sharedPackagePattern.test(id),
      plugins: [kitLayerExternalsPlugin(ownLayer, kitLayers, record)],
      record,
    });
    Object.assign(record, classify(output));
    record.gzipBytes = sum(record.upFront, 'gzipBytes');
    record.minifiedBytes = sum(record.upFront, 'minifiedBytes');
    // Modules that must load lazily (`lazy` in the budgets file: path prefixes): one up front fails the check.
    record.notLazy = record.upFront.flatMap((chunk) => chunk.modules.map((module) => module.id)).filter((id) => (lazyPrefixes ?? []).some((prefix) => id.startsWith(prefix)));
    if (record.notLazy.length > 0) {
      record.status = 'not lazy';
      record.error = `loaded up front, must be lazy: ${record.notLazy.join(', ')}`;
      failed = true;
    } else if (record.gzipBytes > budgetBytes) {
      record.status = 'over budget';
      failed = true;
    }
  } catch (error) {
    record.status = 'build failed';
    record.error = errorMessage(error);
    failed = true;
  }
}

// (b) everything an app using <AgentChat> ships up front.
const appLayers = ['core', 'react', 'components'].filter((layer) => budgets.entries[layer]);
const appFiles = appLayers.map((layer) => path.resolve(projectRoot, budgets.entries[layer].entry));
if (!options.only && appFiles.every((file) => existsSync(file))) {
  const record = { layers: appLayers, warnings: new Set() };
  results.app = record;
  const source = [
    ...appFiles.map((file, index) => `import * as layer${index} from ${JSON.stringify(file)};`),
    `export { ${appLayers.map((layer, index) => `layer${index} as ${layer}`).join(', ')} };`,
  ].join('\n');
  try {
    const output = await bundle({
      name: 'app',
      input: 'size:app-entry',
      outDirectory: path.join(temporaryRoot, 'app'),
      isExternal: (id) => peerPackagePattern.test(id),
      plugins: [virtualEntryPlugin({ 'size:app-entry': source })],
      record,
    });
    Object.assign(record, classify(output));
    record.gzipBytes = sum(record.upFront, 'gzipBytes');
    record.minifiedBytes = sum(record.upFront, 'minifiedBytes');
  } catch (error) {
    record.error = errorMessage(error);
    failed = true;
  }
}

// (b) scenarios: typical apps, tree-shaken.
results.scenarios = {};
if (!options.only && results.app && !results.app.error) {
  for (const [label, scenario] of Object.entries(budgets.scenarios ?? {})) {
    const { source, budgetKb, lazy: lazyPrefixes, atMost } = typeof scenario === 'string' ? { source: scenario } : scenario;
    const record = { warnings: new Set(), status: 'ok', ...(budgetKb !== undefined ? { budgetBytes: budgetKb * kilobyte } : {}), ...(atMost !== undefined ? { atMost } : {}) };
    results.scenarios[label] = record;
    try {
      const output = await bundle({
        name: 'scenario',
        input: 'size:scenario-entry',
        outDirectory: path.join(temporaryRoot, 'scenario'),
        isExternal: (id) => peerPackagePattern.test(id),
        plugins: [virtualEntryPlugin({ 'size:scenario-entry': source }), kitPackagePlugin(kitLayers)],
        record,
        appLike: true,
      });
      Object.assign(record, classify(output));
      record.gzipBytes = sum(record.upFront, 'gzipBytes');
      record.minifiedBytes = sum(record.upFront, 'minifiedBytes');
      record.notLazy = record.upFront.flatMap((chunk) => chunk.modules.map((module) => module.id)).filter((id) => (lazyPrefixes ?? []).some((prefix) => id.startsWith(prefix)));
      if (record.notLazy.length > 0) {
        record.status = 'not lazy';
        record.error = `loaded up front, must be lazy: ${record.notLazy.join(', ')}`;
      } else if (record.budgetBytes !== undefined && record.gzipBytes > record.budgetBytes) {
        record.status = 'over budget';
      }
    } catch (error) {
      record.status = 'build failed';
      record.error = errorMessage(error).split('\n').slice(0, 3).join(' ');
    }
    // Only budgeted scenarios can fail the check; the others are there to compare with.
    const budgeted = record.budgetBytes !== undefined || lazyPrefixes !== undefined || atMost !== undefined;
    if (budgeted && record.status !== 'ok') failed = true;
  }
  // A scenario that must stay at or below another (the quick start against a useChat app).
  for (const record of Object.values(results.scenarios)) {
    if (record.atMost === undefined || record.status !== 'ok') continue;
    const other = results.scenarios[record.atMost];
    if (!other || other.gzipBytes === undefined) {
      record.status = 'no comparison';
      record.error = `cannot compare with "${record.atMost}": it is not a scenario that built`;
      failed = true;
    } else if (record.gzipBytes > other.gzipBytes) {
      record.status = 'larger than its reference';
      record.error = `${formatKb(record.gzipBytes)} up front, more than "${record.atMost}" (${formatKb(other.gzipBytes)})`;
      failed = true;
    }
  }
}

// (c) the stylesheet.
if (!options.only && budgets.stylesheet) {
  const file = path.resolve(projectRoot, budgets.stylesheet);
  const record = { file: budgets.stylesheet, warnings: new Set() };
  results.stylesheet = record;
  if (!existsSync(file)) {
    record.error = 'missing';
  } else {
    try {
      const output = await bundle({
        name: 'styles',
        input: 'size:styles-entry',
        outDirectory: path.join(temporaryRoot, 'styles'),
        isExternal: () => false,
        plugins: [virtualEntryPlugin({ 'size:styles-entry': `import ${JSON.stringify(file)};` })],
        record,
      });
      const { css } = classify(output);
      record.minifiedBytes = sum(css, 'minifiedBytes');
      record.gzipBytes = sum(css, 'gzipBytes');
    } catch (error) {
      record.error = errorMessage(error);
      failed = true;
    }
  }
}

// Report.
const rows = [['entry', 'up-front gzip', 'minified', 'budget', 'used', 'lazy gzip', 'css gzip', 'status']];
for (const record of Object.values(results.entries)) {
  const hasSizes = record.gzipBytes !== undefined;
  rows.push([
    record.name,
    hasSizes ? formatKb(record.gzipBytes) : '-',
    hasSizes ? formatKb(record.minifiedBytes) : '-',
    formatKb(record.budgetBytes),
    hasSizes ? `${Math.round((record.gzipBytes / record.budgetBytes) * 100)}%` : '-',
    hasSizes ? (record.lazy.length ? `${formatKb(sum(record.lazy, 'gzipBytes'))} (${record.lazy.length})` : '-') : '-',
    hasSizes && record.css.length ? formatKb(sum(record.css, 'gzipBytes')) : '-',
    record.status === 'ok' ? 'ok' : record.status.toUpperCase(),
  ]);
}
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
const printRow = (row) => console.log(row.map((cell, column) => (column === 0 || column === row.length - 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ').trimEnd());

console.log(`\nreact-agent-kit bundle size (${results.unit})`);
console.log('(a) each entry alone: own code; react, react-dom, zustand and the other kit layers external; lazy chunks not budgeted\n');
printRow(rows[0]);
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
rows.slice(1).forEach(printRow);

for (const record of Object.values(results.entries)) {
  const details = [];
  if (record.error) details.push(`error: ${record.error}`);
  if (record.kitImports.size) details.push(`kit layers external: ${[...record.kitImports].join(', ')}`);
  const shared = [...new Set((record.upFront ?? []).flatMap((chunk) => chunk.externalImports))].filter((id) => !id.startsWith('react-agent-kit'));
  if (shared.length) details.push(`packages external: ${shared.join(', ')}`);
  for (const chunk of record.lazy ?? []) details.push(`lazy ${chunk.fileName}: ${formatKb(chunk.gzipBytes)} (${chunk.modules.slice(0, 3).map((module) => module.id).join(', ')}${chunk.modules.length > 3 ? ', ...' : ''})`);
  for (const warning of record.warnings) details.push(`WARNING ${warning}`);
  if (record.upFront && (options.verbose || record.status !== 'ok')) {
    const modules = record.upFront.flatMap((chunk) => chunk.modules).sort((left, right) => right.renderedLength - left.renderedLength);
    details.push(`largest modules (bytes before minification): ${modules.slice(0, 10).map((module) => `${module.id} ${module.renderedLength}`).join(', ')}`);
  }
  if (details.length) console.log(`\n${record.name}:\n  ${details.join('\n  ')}`);
}

console.log('\nwhole apps (scenarios with a budget or a reference are enforced; the others informational):');
if (results.app) {
  const app = results.app;
  if (app.error) console.log(`  (b) app total: build failed: ${app.error}`);
  else {
    const lazy = app.lazy.length ? `, lazy ${formatKb(sum(app.lazy, 'gzipBytes'))} in ${app.lazy.length} chunk(s)` : '';
    console.log(`  (b) app using <AgentChat>, upper bound (every export of ${app.layers.join(' + ')}, + zustand; react, react-dom external): ${formatKb(app.gzipBytes)} up front (${formatKb(app.minifiedBytes)} minified)${lazy}`);
    for (const warning of app.warnings) console.log(`      WARNING ${warning}`);
    if (options.verbose) {
      const modules = app.upFront.flatMap((chunk) => chunk.modules).sort((left, right) => right.renderedLength - left.renderedLength);
      console.log(`      largest modules: ${modules.slice(0, 10).map((module) => `${module.id} ${module.renderedLength}`).join(', ')}`);
    }
  }
} else if (!options.only) {
  console.log('  (b) app total: skipped (an entry is missing)');
}
for (const [label, scenario] of Object.entries(results.scenarios)) {
  const budgeted = scenario.budgetBytes !== undefined || scenario.atMost !== undefined;
  if (scenario.gzipBytes === undefined) {
    console.log(`      scenario "${label}": could not build${budgeted ? ' (FAILED)' : ' (not counted as a failure)'}: ${scenario.error}`);
    continue;
  }
  const lazy = scenario.lazy.length ? `, lazy ${formatKb(sum(scenario.lazy, 'gzipBytes'))}` : '';
  const budget = scenario.budgetBytes !== undefined ? `, budget ${formatKb(scenario.budgetBytes)}` : '';
  const reference = scenario.atMost !== undefined ? `, at most "${scenario.atMost}"` : '';
  const status = budgeted || scenario.status !== 'ok' ? ` ${scenario.status === 'ok' ? 'ok' : scenario.status.toUpperCase()}` : '';
  console.log(`      scenario "${label}", tree-shaken: ${formatKb(scenario.gzipBytes)} up front (${formatKb(scenario.minifiedBytes)} minified)${lazy}${budget}${reference}${status}`);
  if (scenario.error) console.log(`        ${scenario.error}`);
  if (options.verbose) for (const chunk of scenario.lazy) console.log(`        lazy ${chunk.fileName}: ${formatKb(chunk.gzipBytes)} (${chunk.modules.slice(0, 4).map((module) => module.id).join(', ')}${chunk.modules.length > 4 ? ', ...' : ''})`);
  for (const warning of scenario.warnings) console.log(`        WARNING ${warning}`);
}
if (results.stylesheet) {
  const stylesheet = results.stylesheet;
  console.log(`  (c) ${stylesheet.file}: ${stylesheet.error ? stylesheet.error : `${formatKb(stylesheet.gzipBytes)} (${formatKb(stylesheet.minifiedBytes)} minified)`}`);
}

if (options.json) {
  const serializable = JSON.parse(JSON.stringify(results, (key, value) => (value instanceof Set ? [...value] : key === 'modules' ? value.slice(0, 20) : value)));
  writeFileSync(path.resolve(options.json), `${JSON.stringify(serializable, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), path.resolve(options.json))}`);
}

if (options.keep) console.log(`\noutput kept in ${temporaryRoot}`);
else rmSync(temporaryRoot, { recursive: true, force: true });

console.log(failed ? '\nsize check FAILED' : '\nsize check passed');
process.exit(failed ? 1 : 0);
