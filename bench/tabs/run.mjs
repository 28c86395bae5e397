#!/usr/bin/env node
/**
 * Tabs benchmark (issue 31): what a following tab pays per streamed token, against the tab that
 * runs the conversation. Two pages of one Chromium context open the same conversation (IndexedDB,
 * `session.tabs`); the leading one sends, its model streams 1,000 words at a 5 ms pace, and each
 * main-thread time of the page in front over the stream is read with CDP (`TaskDuration`, CPU
 * time), with its long tasks (PerformanceObserver): the leading tab in front, the following tab in
 * front, and a single tab alone (`tabs: false`), interleaved. Each measurement is a fresh browser
 * context; medians of the runs.
 *
 *   npm run bench:tabs                   3 runs
 *   npm run bench:tabs -- --runs 5 --tokens 2000 --pace 5
 *
 * The page is built with Vite (production React) from bench/tabs/page, the kit from its sources.
 */
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { kitAliases } from '../kit-aliases.mjs';

const here = import.meta.dirname;
const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '3' }, tokens: { type: 'string', default: '1000' }, pace: { type: 'string', default: '5' } } });
const runs = Number(options.runs);
const tokens = Number(options.tokens);
const pace = Number(options.pace);

const outDir = await mkdtemp(join(tmpdir(), 'rak-bench-tabs-'));
await build({
  root: join(here, 'page'),
  base: './',
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  resolve: { alias: kitAliases },
  build: { outDir, emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 10_000 },
});

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer(async (request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).replace(/^\/+/, '') || 'index.html';
  try {
    const body = await readFile(join(outDir, path));
    response.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404);
    response.end();
  }
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${server.address().port}/index.html?tokens=${tokens}&pace=${pace}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function openPage(context, url) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.goto(url);
  const leader = await page.evaluate(() => window.bench.ready());
  return { page, cdp, leader };
}

const taskMs = async (cdp) => (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration').value * 1000;
const last = `word${tokens - 1} `;

/** One stream, measured in every page given; the first sends. */
async function stream(pages) {
  const before = await Promise.all(pages.map(({ cdp }) => taskMs(cdp)));
  await Promise.all(pages.map(({ page }) => page.evaluate(() => window.bench.longTasks())));
  await pages[0].page.evaluate(() => window.bench.send('Go'));
  for (const { page } of pages) {
    await page.waitForFunction((end) => window.bench.lastText().endsWith(end) && window.bench.status() === 'idle', last, { timeout: 120_000, polling: 50 });
  }
  const after = await Promise.all(pages.map(({ cdp }) => taskMs(cdp)));
  const longTasks = await Promise.all(pages.map(({ page }) => page.evaluate(() => window.bench.longTasks())));
  return pages.map((_, index) => ({ ms: after[index] - before[index], longTasks: longTasks[index] }));
}

// Only a visible page renders every frame: each variant measures the page in front, the other
// tab (if any) behind it, as a person looks at one tab at a time.
const variants = [
  ['alone', 'one tab alone (`tabs: false`)'],
  ['leader', 'leading tab, in front (a follower behind)'],
  ['follower', 'following tab, in front (the leader behind)'],
];
const samples = Object.fromEntries(variants.map(([name]) => [name, []]));
const long = Object.fromEntries(variants.map(([name]) => [name, []]));
for (let run = 0; run < runs; run++) {
  for (const [name] of variants) {
    const context = await browser.newContext();
    const pages = name === 'alone' ? [await openPage(context, `${base}&tabs=off`)] : [await openPage(context, base), await openPage(context, base)];
    if (pages.length === 2 && (!pages[0].leader || pages[1].leader)) throw new Error('the first page should lead and the second follow');
    const measured = name === 'follower' ? 1 : 0;
    await pages[measured].page.bringToFront();
    const results = await stream(pages);
    samples[name].push(results[measured].ms);
    long[name].push(...results[measured].longTasks);
    await context.close();
  }
}
await browser.close();
server.close();
await rm(outDir, { recursive: true, force: true });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const leaderMs = median(samples.leader);
console.log(`${tokens} tokens at ${pace} ms, main-thread CPU time of the page in front (CDP TaskDuration), medians of ${runs} interleaved runs:\n`);
console.log('| page in front | ms | against the leading tab | long tasks (> 50 ms), all runs |');
console.log('|---|---|---|---|');
for (const [name, label] of variants) {
  const ms = median(samples[name]);
  const tasks = long[name];
  console.log(`| ${label} | ${ms.toFixed(0)} | ${(ms / leaderMs).toFixed(2)}x | ${tasks.length}${tasks.length ? ` (${tasks.map((task) => task.toFixed(0)).join(', ')} ms)` : ''} |`);
}
