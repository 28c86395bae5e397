#!/usr/bin/env node
/**
 * Render benchmark: `<AgentChat>` against a floor (a bare page: no framework, no markdown), AI SDK
 * `useChat` with a plain list, `useChat` with streamdown (as AI Elements renders markdown) and
 * assistant-ui's primitives with its markdown, in headless Chromium. Every variant gets the same
 * earlier messages and the same token stream at the same pace (bench/render/pages). Each measurement is a fresh page; the runs interleave
 * the variants (A B C D, A B C D, ...) and the tables give medians and the kit's ratio to each.
 *
 *   npm run bench:render                      all variants and scenarios, 3 runs
 *   npm run bench:render -- --quick           one run of each (a smoke test)
 *   npm run bench:render -- --variants kit,usechat-plain --scenarios stream-0,first-10k --runs 5
 *   npm run bench:render -- --json results.json   also write every measurement
 *   npm run bench:render -- --screenshots shots   a screenshot of each page after its first run
 *   npm run bench:render -- --bytes-only          only build the pages and print their up-front bytes
 *   npm run bench:render -- --profile profiles    a CPU profile of each measurement (pages built unminified,
 *                                                 so functions keep their names; the bytes are then not an app's)
 *
 * Options: --runs N (3), --pace MS between tokens (5), --timeout S per measurement (200),
 * --setup-timeout S to load a page and mount its earlier messages (300),
 * --time-domain threadTicks|timeTicks (threadTicks: main-thread CPU time, steadier on a shared
 * machine; timeTicks: wall time of the main thread's tasks), --list (variants and scenarios).
 * The pages are built with Vite (production React) into a temporary folder and served on a free
 * port; Chromium is /usr/bin/chromium or CHROMIUM_PATH. Each page is a build of its own, with React
 * (react, react-dom, scheduler) in a chunk of its own and the harness (harness-core, content, token
 * source) in another; a page's up-front bytes are the gzip (level 9) sizes of the other JS chunks in
 * the static import closure of its entry chunk, and its lazy chunks (reachable only through a
 * dynamic `import()`) are listed apart (bench/render/page-bytes.mjs). Kit-only scenarios (`only`)
 * run on pages of their own (`page`): opening a saved session, loading a saved sandbox.
 */
import { createServer } from 'node:http';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { pageBytes, sharedChunks } from './page-bytes.mjs';
import { kitAliases } from '../kit-aliases.mjs';

const here = import.meta.dirname;
const repository = resolve(here, '../..');
const pagesDir = join(here, 'pages');

const variants = [
  { id: 'kit', label: 'kit (`<AgentChat>`)' },
  { id: 'floor', label: 'floor (bare page)' },
  { id: 'usechat-plain', label: 'useChat, plain list' },
  { id: 'usechat-streamdown', label: 'useChat + streamdown' },
  { id: 'assistant-ui', label: 'assistant-ui primitives + markdown' },
];

const scenarios = [
  { id: 'stream-0', label: '1,000 tokens, empty thread', mode: 'stream', seed: 0, tokens: 1000 },
  { id: 'stream-1k', label: '1,000 tokens, 1,000 earlier messages', mode: 'stream', seed: 1000, tokens: 1000 },
  { id: 'stream-10k', label: '1,000 tokens, 10,000 earlier messages', mode: 'stream', seed: 10000, tokens: 1000 },
  { id: 'stream-10k-100', label: '100 tokens, 10,000 earlier messages', mode: 'stream', seed: 10000, tokens: 100 },
  { id: 'burst-10k', label: 'burst of 10,000 words, empty thread', mode: 'stream', seed: 0, tokens: 10000, burst: true },
  { id: 'burst-20k', label: 'burst of 20,000 words, empty thread', mode: 'stream', seed: 0, tokens: 20000, burst: true },
  { id: 'burst-40k', label: 'burst of 40,000 words, empty thread', mode: 'stream', seed: 0, tokens: 40000, burst: true },
  { id: 'first-10k', label: 'first render of 10,000 messages', mode: 'first-render', seed: 10000, tokens: 0 },
  // The kit alone, each on a page of its own (`page`): what an app does on load with saved data.
  { id: 'open-session-10k', label: 'open a saved 10,000-message session (kit)', mode: 'measured', seed: 10000, tokens: 0, page: 'kit-session', only: ['kit'] },
  { id: 'load-sandbox-10k', label: 'load a saved 10,000-file sandbox (kit)', mode: 'measured', seed: 10000, tokens: 0, page: 'kit-sandbox', only: ['kit'] },
  // The same after one file changed: its save was per file, so a load reads each file's record.
  { id: 'load-sandbox-10k-edited', label: 'load a saved 10,000-file sandbox, one file changed since (kit)', mode: 'measured', seed: 10000, tokens: 0, page: 'kit-sandbox', query: { edited: '1' }, only: ['kit'] },
];

/** Whether `scenario` runs for `variant` (the kit-only scenarios run for the kit alone). */
const runsFor = (scenario, variant) => scenario.only === undefined || scenario.only.includes(variant.id);
/** The page (an HTML file of bench/render/pages) that runs `scenario` for `variant`. */
const pageOf = (scenario, variant) => scenario.page ?? variant.id;

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    variants: { type: 'string' },
    scenarios: { type: 'string' },
    pace: { type: 'string', default: '5' },
    timeout: { type: 'string', default: '200' },
    'setup-timeout': { type: 'string', default: '300' },
    'time-domain': { type: 'string', default: 'threadTicks' },
    json: { type: 'string' },
    screenshots: { type: 'string' },
    list: { type: 'boolean', default: false },
    'bytes-only': { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});

if (options.list) {
  console.log('variants:', variants.map((variant) => variant.id).join(', '));
  for (const scenario of scenarios) console.log(`scenario ${scenario.id}: ${scenario.label}`);
  process.exit(0);
}

function pickIds(list, given, what) {
  if (given === undefined) return list;
  const ids = given.split(',').map((id) => id.trim()).filter(Boolean);
  const unknown = ids.filter((id) => !list.some((item) => item.id === id));
  if (unknown.length > 0) throw new Error(`Unknown ${what}: ${unknown.join(', ')} (known: ${list.map((item) => item.id).join(', ')})`);
  return list.filter((item) => ids.includes(item.id));
}

const chosenVariants = pickIds(variants, options.variants, 'variant');
const chosenScenarios = pickIds(scenarios, options.scenarios, 'scenario');
const runs = options.quick ? 1 : Number(options.runs ?? 3);
const paceMs = Number(options.pace);
const timeoutMs = Number(options.timeout) * 1000;
const setupTimeoutMs = Number(options['setup-timeout']) * 1000;
const timeDomain = options['time-domain'];
if (!['threadTicks', 'timeTicks'].includes(timeDomain)) throw new Error('--time-domain is threadTicks or timeTicks');


/** The pages to build: the chosen variants' and those of the chosen kit-only scenarios. */
function pagesToBuild() {
  const pages = new Set(chosenVariants.map((variant) => variant.id));
  for (const scenario of chosenScenarios) for (const variant of chosenVariants) if (runsFor(scenario, variant)) pages.add(pageOf(scenario, variant));
  return [...pages];
}

/**
 * Builds each of `pages` on its own (production mode) into `outDir/<page>/`, the kit from its
 * sources as the playground does, so a page's chunks and bytes do not depend on which other pages
 * were chosen; returns each page's build output.
 */
async function buildPages(outDir, pages) {
  const outputs = {};
  for (const page of pages) outputs[page] = await buildPage(join(outDir, page), page);
  return outputs;
}

async function buildPage(outDir, page) {
  const result = await build({
    root: pagesDir,
    // Relative asset URLs: the page is served from its own folder.
    base: './',
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: kitAliases },
    build: {
      outDir,
      emptyOutDir: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000,
      // Profiles need the functions' names; everything else measures what an app ships.
      minify: options.profile === undefined,
      rolldownOptions: {
        input: { [page]: join(pagesDir, `${page}.html`) },
        output: { codeSplitting: { groups: Object.entries(sharedChunks).map(([name, test]) => ({ name, test })) } },
      },
    },
  });
  return (Array.isArray(result) ? result : [result]).flatMap((output) => output.output);
}

const kilobytes = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

/** The bytes section of the output: a row per measure, a column per variant, then the kit-only pages. */
function bytesSection(bytes) {
  const lines = ['\nJS up front, gzip -9 (static import closure of the page\'s entry chunk; React and the harness are chunks of their own, left out), and the lazy chunks (loaded by a dynamic `import()`):\n'];
  const columns = chosenVariants.filter((variant) => bytes[variant.id]);
  const kit = bytes.kit?.upFrontGzipBytes;
  lines.push(`| bytes | ${columns.map((variant) => variant.label).join(' | ')} |\n|---|${columns.map(() => '---').join('|')}|`);
  lines.push(`| JS up front, gzip | ${columns.map((variant) => `${kilobytes(bytes[variant.id].upFrontGzipBytes)}${variant.id !== 'kit' && kit !== undefined ? ` (${(kit / bytes[variant.id].upFrontGzipBytes).toFixed(2)}x)` : ''}`).join(' | ')} |`);
  lines.push(`| JS lazy, gzip | ${columns.map((variant) => kilobytes(bytes[variant.id].lazyGzipBytes)).join(' | ')} |`);
  lines.push(`| CSS up front, gzip | ${columns.map((variant) => kilobytes(bytes[variant.id].cssGzipBytes)).join(' | ')} |`);
  const others = Object.keys(bytes).filter((page) => !columns.some((variant) => variant.id === page));
  if (others.length > 0) {
    lines.push('\nThe kit-only scenarios\' pages:\n');
    for (const page of others) lines.push(`- ${page}: ${kilobytes(bytes[page].upFrontGzipBytes)} up front, ${kilobytes(bytes[page].lazyGzipBytes)} lazy`);
  }
  lines.push('\nLazy chunks, gzip:\n');
  for (const [page, measured] of Object.entries(bytes)) lines.push(`- ${page}: ${measured.lazy.length === 0 ? 'none' : measured.lazy.map((chunk) => `${chunk.label} ${kilobytes(chunk.gzipBytes)}`).join(', ')}`);
  // Each page is its own build, so each has its own React and harness chunks (the harness tree-shaken per page).
  const left = new Map();
  for (const measured of Object.values(bytes)) {
    for (const chunk of measured.sharedLeftOut) {
      const name = chunk.file.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '');
      left.set(name, [...(left.get(name) ?? []), chunk.gzipBytes]);
    }
  }
  const range = (sizes) => (Math.min(...sizes) === Math.max(...sizes) ? kilobytes(sizes[0]) : `${kilobytes(Math.min(...sizes)).replace(' kB', '')}-${kilobytes(Math.max(...sizes))}`);
  if (left.size > 0) lines.push(`\nLeft out of every page: ${[...left].map(([name, sizes]) => `${name} ${range(sizes)}`).join(', ')}.`);
  return lines.join('\n');
}

/** Issue 29's first-paint target, from the bytes: the kit's JS up front at or below useChat plain's. */
function firstPaintTarget(bytes) {
  const kit = bytes.kit?.upFrontGzipBytes;
  const plain = bytes['usechat-plain']?.upFrontGzipBytes;
  if (kit === undefined || plain === undefined) return undefined;
  return `- First-paint bytes (JS up front, gzip) <= useChat plain: ${kilobytes(kit)} vs ${kilobytes(plain)} (${(kit / plain).toFixed(2)}x): ${kit <= plain ? 'met' : 'NOT met'}`;
}

const contentTypes = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.wasm': 'application/wasm' };

/** Serves `root` on 127.0.0.1 and a free port. */
async function serve(root) {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname));
    const file = join(root, path);
    if (!file.startsWith(root)) return void response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  return { server, baseUrl: `http://127.0.0.1:${server.address().port}` };
}

function timeout(ms, what) {
  let timer;
  const promise = new Promise((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what} took over ${ms / 1000} s`), { timedOut: what.startsWith('setting up') ? `set-up > ${ms / 1000} s` : `> ${ms / 1000} s` })), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

async function withTimeout(work, ms, what) {
  const limit = timeout(ms, what);
  try {
    return await Promise.race([work, limit.promise]);
  } finally {
    limit.cancel();
  }
}

async function taskSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration').value;
}

/** One measurement on a fresh page: set up (not measured), then `benchRun` with CDP task time around it. */
async function measure(browser, baseUrl, variant, scenario, run) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(String(error)));
    const query = new URLSearchParams({ mode: scenario.mode, seed: String(scenario.seed), tokens: String(scenario.tokens), pace: String(scenario.burst ? 0 : paceMs), ...scenario.query });
    await page.goto(`${baseUrl}/${pageOf(scenario, variant)}/${pageOf(scenario, variant)}.html?${query}`);
    await withTimeout(
      page.waitForFunction(() => window.benchReady === true || window.benchError !== undefined, undefined, { timeout: 0, polling: 200 }),
      setupTimeoutMs,
      `setting up ${variant.id} ${scenario.id}`,
    );
    const setupError = await page.evaluate(() => window.benchError);
    if (setupError) throw new Error(`set-up failed: ${setupError}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain });
    await cdp.send('HeapProfiler.collectGarbage');
    if (options.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const before = await taskSeconds(cdp);
    const result = await withTimeout(page.evaluate(() => window.benchRun()), timeoutMs, `${variant.id} ${scenario.id}`);
    const after = await taskSeconds(cdp);
    if (options.profile) {
      const { profile } = await cdp.send('Profiler.stop');
      await mkdir(options.profile, { recursive: true });
      await writeFile(join(options.profile, `${scenario.id}-${variant.id}-${run}.cpuprofile`), JSON.stringify(profile));
    }
    if (errors.length > 0) throw new Error(errors.join('\n'));
    if (options.screenshots && run === 1) {
      await mkdir(options.screenshots, { recursive: true });
      await page.screenshot({ path: join(options.screenshots, `${scenario.id}-${variant.id}.png`) });
    }
    return { mainMs: (after - before) * 1000, ...result };
  } finally {
    await withTimeout(context.close(), 30_000, 'closing the page').catch(() => {});
  }
}

function median(values) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function packageVersion(name) {
  try {
    return JSON.parse(await readFile(join(repository, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return 'not installed';
  }
}

// ---------------------------------------------------------------------------------------------

const outDir = await mkdtemp(join(tmpdir(), 'rak-bench-render-'));
const startedAt = new Date();
const loadBefore = loadavg();
const pages = pagesToBuild();
console.log(`Building ${pages.length} pages…`);
const built = await buildPages(outDir, pages);
const bytes = Object.fromEntries(pages.map((page) => [page, pageBytes(built[page], page, repository)]));
if (options.profile) {
  // The profiles name the built files: keep them next to the profiles.
  await cp(outDir, join(options.profile, 'pages'), { recursive: true });
  console.log('Profiling: the pages are built unminified (kept in the profiles\' folder), so their bytes are not an app\'s.');
}

if (options['bytes-only']) {
  await rm(outDir, { recursive: true, force: true });
  const target = firstPaintTarget(bytes);
  console.log(`\nRender benchmark pages, ${startedAt.toISOString().slice(0, 10)}: bytes only (nothing run).`);
  console.log(bytesSection(bytes));
  if (target) console.log(`\nIssue 29's first-paint target:\n\n${target}`);
  if (options.json) await writeFile(options.json, `${JSON.stringify({ date: startedAt.toISOString(), bytes }, null, 2)}\n`);
  process.exit(0);
}

const { server, baseUrl } = await serve(outDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const chromiumVersion = browser.version();

/** results[scenario][variant] = { runs: [...], timedOut, error } */
const results = {};
try {
  for (let run = 1; run <= runs; run++) {
    for (const scenario of chosenScenarios) {
      for (const variant of chosenVariants) {
        if (!runsFor(scenario, variant)) continue;
        const entry = ((results[scenario.id] ??= {})[variant.id] ??= { runs: [] });
        if (entry.timedOut || entry.error) continue; // it would only time out (or fail) again
        const began = performance.now();
        try {
          const measured = await measure(browser, baseUrl, variant, scenario, run);
          entry.runs.push(measured);
          console.log(`run ${run}/${runs}  ${scenario.id.padEnd(15)} ${variant.id.padEnd(19)} main ${measured.mainMs.toFixed(0).padStart(7)} ms  wall ${measured.wallMs.toFixed(0).padStart(7)} ms  long tasks ${measured.longTaskCount} (max ${measured.longTaskMaxMs.toFixed(0)} ms)  elements ${measured.elements}`);
        } catch (error) {
          if (error.timedOut) entry.timedOut = error.timedOut;
          else entry.error = String(error.message ?? error).split('\n')[0];
          console.log(`run ${run}/${runs}  ${scenario.id.padEnd(15)} ${variant.id.padEnd(19)} ${error.timedOut ? `timed out (${error.timedOut})` : `failed: ${entry.error}`} (${((performance.now() - began) / 1000).toFixed(0)} s)`);
        }
      }
    }
  }
} finally {
  await browser.close().catch(() => {});
  server.close();
  await rm(outDir, { recursive: true, force: true });
}
const loadAfter = loadavg();

// ---------------------------------------------------------------------------------------------

const format = (value) => (Number.isInteger(value) ? value.toLocaleString('en-US') : value >= 100 ? Math.round(value).toLocaleString('en-US') : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const medianOf = (scenarioId, variantId, metric) => {
  const entry = results[scenarioId]?.[variantId];
  return entry && !entry.timedOut && !entry.error ? median(entry.runs.map((run) => run[metric])) : undefined;
};

function cell(scenario, variant, metric, withRatio) {
  const entry = results[scenario.id]?.[variant.id];
  if (entry === undefined) return '–';
  if (entry.timedOut) return `timed out (${entry.timedOut})`;
  if (entry.error) return 'failed';
  const value = median(entry.runs.map((run) => run[metric]));
  const kit = medianOf(scenario.id, 'kit', metric);
  const ratio = withRatio && variant.id !== 'kit' && kit !== undefined && value > 0 ? ` (${(kit / value).toFixed(2)}x)` : '';
  return `${format(value)}${ratio}`;
}

function table(title, metric, { withRatio = true, only } = {}) {
  const rows = chosenScenarios.filter((scenario) => only === undefined || only(scenario));
  if (rows.length === 0) return '';
  const header = `| ${title} | ${chosenVariants.map((variant) => variant.label).join(' | ')} |\n|---|${chosenVariants.map(() => '---').join('|')}|`;
  const body = rows.map((scenario) => `| ${scenario.label} | ${chosenVariants.map((variant) => (typeof metric === 'function' ? metric(scenario, variant) : cell(scenario, variant, metric, withRatio))).join(' | ')} |`);
  return [header, ...body].join('\n');
}

const longTaskCell = (scenario, variant) => {
  const entry = results[scenario.id]?.[variant.id];
  if (entry === undefined) return '–';
  if (entry.timedOut) return 'timed out';
  if (entry.error) return 'failed';
  return `${format(median(entry.runs.map((run) => run.longTaskCount)))} / ${format(median(entry.runs.map((run) => run.longTaskMaxMs)))} ms`;
};

const versions = {
  chromium: chromiumVersion,
  react: await packageVersion('react'),
  '@ai-sdk/react': await packageVersion('@ai-sdk/react'),
  ai: await packageVersion('ai'),
  streamdown: await packageVersion('streamdown'),
  '@assistant-ui/react': await packageVersion('@assistant-ui/react'),
  '@assistant-ui/react-markdown': await packageVersion('@assistant-ui/react-markdown'),
};

const output = [];
output.push(`\nRender benchmark, ${startedAt.toISOString().slice(0, 10)}: medians of ${runs} interleaved run(s); a token every ${paceMs} ms (bursts: all at once); Chromium headless, 1280x800.`);
output.push(`Versions: ${Object.entries(versions).filter(([, version]) => version).map(([name, version]) => `${name} ${version}`).join(', ')}.`);
output.push(`Machine: ${availableParallelism()} cores, load average ${loadBefore.map((load) => load.toFixed(2)).join(' ')} before, ${loadAfter.map((load) => load.toFixed(2)).join(' ')} after.`);
output.push(`\nMain-thread time, ms (CDP TaskDuration, ${timeDomain === 'threadTicks' ? 'CPU time' : 'wall time of tasks'}); in brackets the kit's time divided by that variant's (below 1: the kit does less work):\n`);
output.push(table('main thread, ms', 'mainMs'));
output.push('\nWall time, ms (from send, or from mounting, until the reply is on screen):\n');
output.push(table('wall, ms', 'wallMs'));
output.push('\nLong tasks (PerformanceObserver `longtask`, over 50 ms): count / longest:\n');
output.push(table('long tasks', longTaskCell));
output.push('\nElements in the document at the end:\n');
output.push(table('elements', 'elements', { withRatio: false }));
output.push(bytesSection(bytes));

// Per token against the floor: the kit's main-thread ms per streamed token over the bare page's.
const perTokenOf = (id, variantId) => {
  const value = medianOf(id, variantId, 'mainMs');
  return value === undefined ? undefined : value / scenarios.find((item) => item.id === id).tokens;
};
const floorRows = ['stream-0', 'stream-1k', 'stream-10k'].filter((id) => chosenScenarios.some((scenario) => scenario.id === id) && perTokenOf(id, 'kit') !== undefined && perTokenOf(id, 'floor') !== undefined);
if (floorRows.length > 0) {
  output.push('\nMain-thread ms per streamed token, the kit against the floor:\n');
  output.push('| ms per token | kit | floor | kit / floor |\n|---|---|---|---|');
  for (const id of floorRows) {
    const kit = perTokenOf(id, 'kit');
    const floor = perTokenOf(id, 'floor');
    output.push(`| ${scenarios.find((item) => item.id === id).label} | ${kit.toFixed(2)} | ${floor.toFixed(2)} | ${(kit / floor).toFixed(2)}x |`);
  }
}

// The targets of issue 13 that this benchmark can check.
const kitMain = (id) => medianOf(id, 'kit', 'mainMs');
const perToken = (id) => {
  const scenario = scenarios.find((item) => item.id === id);
  const value = kitMain(id);
  return value === undefined ? undefined : value / scenario.tokens;
};
const verdict = (ok) => (ok === undefined ? 'not measured' : ok ? 'met' : 'NOT met');
const targets = [];
const baseline = perToken('stream-0');
for (const id of ['stream-1k', 'stream-10k', 'stream-10k-100']) {
  const value = perToken(id);
  const timedOut = results[id]?.kit?.timedOut;
  if (baseline !== undefined && (value !== undefined || timedOut)) {
    targets.push(`- Per-token main-thread time, ${scenarios.find((item) => item.id === id).label} <= 1.3x the empty thread: ${timedOut ? 'timed out' : `${(value / baseline).toFixed(2)}x (${value.toFixed(2)} vs ${baseline.toFixed(2)} ms per token)`}: ${verdict(timedOut ? false : value / baseline <= 1.3)}`);
  }
}
for (const id of ['stream-0', 'stream-1k', 'stream-10k', 'stream-10k-100']) {
  const kit = kitMain(id);
  const anchor = medianOf(id, 'usechat-streamdown', 'mainMs');
  const kitTimedOut = results[id]?.kit?.timedOut;
  if ((kit !== undefined || kitTimedOut) && anchor !== undefined) {
    targets.push(`- Kit <= 0.5x useChat + streamdown, ${scenarios.find((item) => item.id === id).label}: ${kitTimedOut ? 'kit timed out' : `${(kit / anchor).toFixed(2)}x`}: ${verdict(kitTimedOut ? false : kit / anchor <= 0.5)}`);
  }
}
{
  const kit = kitMain('first-10k');
  const plain = medianOf('first-10k', 'usechat-plain', 'mainMs');
  if (kit !== undefined && plain !== undefined) targets.push(`- First render of 10,000 messages <= 0.2x useChat plain: ${(kit / plain).toFixed(2)}x: ${verdict(kit / plain <= 0.2)}`);
  for (const id of ['first-10k', 'stream-10k', 'stream-10k-100']) {
    const elements = medianOf(id, 'kit', 'elements');
    if (elements !== undefined) targets.push(`- Elements bounded (a few thousand), ${scenarios.find((item) => item.id === id).label}: ${format(elements)}: ${verdict(elements <= 5000)}`);
  }
  const streaming = results['stream-10k']?.kit;
  if (streaming !== undefined) {
    const longest = medianOf('stream-10k', 'kit', 'longTaskMaxMs');
    targets.push(`- No long task over 50 ms streaming 1,000 tokens into 10,000 messages: ${streaming.timedOut ? 'timed out' : `longest ${format(longest)} ms`}: ${verdict(streaming.timedOut ? false : longest <= 50)}`);
  }
  const burst = results['burst-40k']?.kit;
  if (burst !== undefined) {
    const longest = medianOf('burst-40k', 'kit', 'longTaskMaxMs');
    targets.push(`- A 40,000-word burst with no long task over 100 ms: ${burst.timedOut ? 'timed out' : `longest ${format(longest)} ms`}: ${verdict(burst.timedOut ? false : longest <= 100)}`);
  }
}
if (targets.length > 0) output.push(`\nIssue 13's targets (the kit):\n\n${targets.join('\n')}`);

// Issue 29's targets, ratios within this run.
const targets29 = [];
for (const id of ['stream-0', 'stream-1k', 'stream-10k']) {
  const kit = perTokenOf(id, 'kit');
  const floor = perTokenOf(id, 'floor');
  const label = scenarios.find((item) => item.id === id).label;
  if (results[id]?.kit?.timedOut && floor !== undefined) targets29.push(`- Kit <= 2x the floor per token, ${label}: kit timed out: NOT met`);
  else if (kit !== undefined && floor !== undefined) targets29.push(`- Kit <= 2x the floor per token, ${label}: ${(kit / floor).toFixed(2)}x (${kit.toFixed(2)} vs ${floor.toFixed(2)} ms per token): ${verdict(kit / floor <= 2)}`);
}
for (const id of ['stream-1k', 'stream-10k']) {
  const value = perToken(id);
  if (baseline !== undefined && value !== undefined) targets29.push(`- Per token, ${scenarios.find((item) => item.id === id).label} <= 1.3x the empty thread: ${(value / baseline).toFixed(2)}x: ${verdict(value / baseline <= 1.3)}`);
}
for (const id of ['stream-0', 'stream-1k', 'stream-10k']) {
  const kit = kitMain(id);
  const anchor = medianOf(id, 'usechat-streamdown', 'mainMs');
  if (kit !== undefined && anchor !== undefined) targets29.push(`- Kit <= 0.5x useChat + streamdown, ${scenarios.find((item) => item.id === id).label}: ${(kit / anchor).toFixed(2)}x: ${verdict(kit / anchor <= 0.5)}`);
}
{
  const kit = kitMain('first-10k');
  const plain = medianOf('first-10k', 'usechat-plain', 'mainMs');
  if (kit !== undefined && plain !== undefined) targets29.push(`- First render of 10,000 messages <= 0.2x useChat plain: ${(kit / plain).toFixed(2)}x: ${verdict(kit / plain <= 0.2)}`);
}
// No long task anywhere: every run of each of these scenarios without a task over 50 ms.
for (const id of ['stream-0', 'stream-1k', 'stream-10k', 'first-10k', 'open-session-10k', 'load-sandbox-10k', 'load-sandbox-10k-edited']) {
  const entry = results[id]?.kit;
  if (entry === undefined) continue;
  const label = scenarios.find((item) => item.id === id).label;
  if (entry.timedOut || entry.error) {
    targets29.push(`- No long task (over 50 ms), ${label}: ${entry.timedOut ? 'timed out' : 'failed'}: NOT met`);
    continue;
  }
  const counts = entry.runs.map((run) => run.longTaskCount);
  const longest = Math.max(...entry.runs.map((run) => run.longTaskMaxMs));
  targets29.push(`- No long task (over 50 ms), ${label}: ${counts.join(', ')} per run, longest ${format(longest)} ms: ${verdict(counts.every((count) => count === 0))}`);
}
{
  const target = firstPaintTarget(bytes);
  if (target) targets29.push(target);
}
if (targets29.length > 0) output.push(`\nIssue 29's targets (the kit; ratios within this run):\n\n${targets29.join('\n')}`);
const failures = Object.entries(results).flatMap(([scenarioId, byVariant]) => Object.entries(byVariant).filter(([, entry]) => entry.error).map(([variantId, entry]) => `- ${variantId} ${scenarioId}: ${entry.error}`));
if (failures.length > 0) output.push(`\nFailed:\n${failures.join('\n')}`);
console.log(output.join('\n'));

if (options.json) {
  await writeFile(options.json, `${JSON.stringify({ date: startedAt.toISOString(), runs, paceMs, timeDomain, versions, load: { before: loadBefore, after: loadAfter }, bytes, results }, null, 2)}\n`);
  console.log(`\nEvery measurement: ${options.json}`);
}
if (failures.length > 0) process.exitCode = 1;
