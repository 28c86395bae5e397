#!/usr/bin/env node
/**
 * Browser benchmarks: serves bench/browser/ with Vite, opens each page in headless Chromium
 * (playwright-core, Debian's /usr/bin/chromium or CHROMIUM_PATH), waits for `window.benchResult`
 * and prints it as a table. `npm run bench:browser`.
 */

import { chromium } from 'playwright-core';
import { createServer } from 'vite';

const root = import.meta.dirname;
const pages = ['persistence.html'];
const server = await createServer({ root, logLevel: 'warn', server: { host: '127.0.0.1', port: 0 }, configFile: false });
await server.listen();
const baseUrl = server.resolvedUrls.local[0];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const page of pages) {
    const tab = await browser.newPage();
    tab.on('pageerror', (error) => console.error(`${page}: ${error}`));
    await tab.goto(new URL(page, baseUrl).href);
    await tab.waitForFunction(() => 'benchResult' in window, undefined, { timeout: 300_000 });
    const result = await tab.evaluate(() => window.benchResult);
    if (result.error) throw new Error(`${page}: ${result.error}`);
    console.log(`\n${page} (${(await browser.version())}), median ms:`);
    const columns = Object.keys(result);
    const rows = Object.keys(result[columns[0]]);
    console.log(`| what | ${columns.join(' | ')} |\n|---|${columns.map(() => '---').join('|')}|`);
    for (const row of rows) console.log(`| ${row} | ${columns.map((column) => result[column][row].toFixed(1)).join(' | ')} |`);
    await tab.close();
  }
} finally {
  await browser.close();
  await server.close();
}

