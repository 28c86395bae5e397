import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build, createServer, preview, type InlineConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './setup/browser';
import { createHostApp, ensureBuilt, packKit, readmeQuickStart, temporaryDirectory, typeCheckApp, type PackedKit } from './setup/host-app';

/**
 * The first hour (issue 15, items 1 and 6): a new user creates the default Vite React-TS app,
 * installs the packed kit, and pastes the README's quick start as src/App.tsx. The app must
 * type-check with the template's `tsc -b`, stream a reply, look like the kit (not like the
 * template's global CSS: centred text, a beige `code` box), and log nothing in development,
 * on React 19 and on React 18.3.
 */

/** The quick start, plus an approval on its tool, so the approval dialog can be opened (the default policy runs tools unasked). */
function withApproval(app: string): string {
  const marker = "  description: 'Current weather for a city.',\n";
  if (!app.includes(marker)) throw new Error('the README quick start no longer defines get_weather as this test expects');
  return app.replace(marker, `${marker}  needsApproval: true,\n`);
}

let temporary: ReturnType<typeof temporaryDirectory>;
let kit: PackedKit;
let browser: Browser;

beforeAll(async () => {
  temporary = temporaryDirectory();
  await ensureBuilt();
  kit = await packKit(temporary.path);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  temporary?.remove();
});

/** Inline Vite options for an app: quiet, its own port, one React (as an install would have). */
function viteOptions(root: string): InlineConfig {
  return {
    root,
    configFile: resolve(root, 'vite.config.ts'),
    logLevel: 'warn',
    clearScreen: false,
    // The app's node_modules are symlinks into the repository's; an install would have one React.
    resolve: { dedupe: ['react', 'react-dom'] },
  };
}

async function startDevServer(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await createServer({ ...viteOptions(root), server: { host: '127.0.0.1', port: 0, strictPort: true, open: false } });
  await server.listen();
  const url = server.resolvedUrls!.local[0]!;
  // Vite optimizes dependencies on the first load and may reload the page once; not during the test.
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.close();
  return { url, close: () => server.close() };
}

async function buildAndPreview(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  await build({ ...viteOptions(root), logLevel: 'error', build: { outDir: resolve(root, 'dist') } });
  const server = await preview({ ...viteOptions(root), preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false } });
  return { url: server.resolvedUrls!.local[0]!, close: () => server.close() };
}

interface OpenedApp {
  page: Page;
  /** Every console message and page error, as `[type] text`. */
  messages: string[];
  close: () => Promise<void>;
}

async function openApp(url: string): Promise<OpenedApp> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light', reducedMotion: 'reduce', serviceWorkers: 'block' });
  const page = await context.newPage();
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`[${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`[pageerror] ${error.message}`));
  await page.goto(url, { waitUntil: 'load' });
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  return { page, messages, close: () => context.close() };
}

/** What the platform prints in development, not the app: React's DevTools tip, Vite's client. */
const platformNoise = [/^\[info\] (%c)?Download the React DevTools/, /^\[debug\] \[vite\] (connecting|connected)/];

function appOutput(messages: string[]): string[] {
  return messages.filter((message) => !platformNoise.some((pattern) => pattern.test(message)));
}

const lastReply = (page: Page) => page.locator('.rak-message[data-role="assistant"]').last();

/** Sends a message and samples the reply's length until it is done: the lengths seen, in order. */
async function send(page: Page, text: string): Promise<number[]> {
  const replies = await page.locator('.rak-message[data-role="assistant"]').count();
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.rak-message[data-role="assistant"]').count()).toBeGreaterThan(replies);
  const lengths: number[] = [];
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { length, status } = await lastReply(page).evaluate((element) => ({ length: element.textContent?.length ?? 0, status: element.getAttribute('data-status') }));
    if (lengths.at(-1) !== length) lengths.push(length);
    if (status !== 'streaming' && status !== 'pending' && (await page.locator('.rak-composer-stop').count()) === 0) break;
    if ((await page.getByRole('alertdialog').count()) > 0) break;
    await page.waitForTimeout(40);
  }
  return lengths;
}

/** The kit's parts whose look is checked, and the properties a starter's globals tend to change. */
const checkedParts = [
  '.rak-root',
  '.rak-message[data-role="user"] .rak-message-body',
  '.rak-message[data-role="assistant"] .rak-md p',
  '.rak-md h1',
  '.rak-md h2',
  '.rak-md ol',
  '.rak-md li',
  '.rak-md table',
  '.rak-md th',
  '.rak-md a',
  '.rak-md p code',
  '.rak-md-code',
  '.rak-md-code-header',
  '.rak-md-code-copy',
  '.rak-md-code pre',
  '.rak-md-code pre code',
  '.rak-message-action',
  '.rak-composer',
  '.rak-composer-input',
  '.rak-composer-send',
  '.rak-tool-chip',
  '.rak-tool-chip-name',
  '.rak-tool-chip-toggle',
];
const checkedProperties = [
  'text-align', 'color', 'background-color', 'font-family', 'font-size', 'font-weight', 'line-height', 'letter-spacing',
  'padding-top', 'padding-left', 'margin-top', 'margin-bottom', 'border-top-width', 'border-top-style', 'border-top-left-radius',
  'display', 'list-style-type', 'text-decoration-line', 'box-sizing', 'color-scheme', 'text-transform',
];

type Look = Record<string, Record<string, string> | null>;

function readLook(page: Page): Promise<Look> {
  return page.evaluate(
    ([parts, properties]) =>
      Object.fromEntries(
        parts.map((selector) => {
          const element = document.querySelector(selector);
          if (!element) return [selector, null];
          const style = getComputedStyle(element);
          const look = Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)]));
          // A border of no width looks the same in any style (the preflight's `border: 0 solid`).
          if (look['border-top-width'] === '0px') look['border-top-style'] = 'none';
          return [selector, look];
        }),
      ),
    [checkedParts, checkedProperties] as const,
  );
}

/** The differences between two looks, as "selector property: expected -> actual". */
function differences(expected: Look, actual: Look): string[] {
  const found: string[] = [];
  for (const [selector, properties] of Object.entries(expected)) {
    if (!properties) continue;
    for (const [property, value] of Object.entries(properties)) {
      const other = actual[selector]?.[property];
      if (other !== value) found.push(`${selector} ${property}: ${value} -> ${other}`);
    }
  }
  return found;
}

/** Rules typical of other starters' global CSS (create-next-app, Create React App, Tailwind's preflight), in short. */
const otherStarters: Record<string, string> = {
  'vite-app-css': '', // filled from the template's App.css below
  'next-globals': `:root { --background: #ffffff; --foreground: #171717; }
    body { background: var(--background); color: var(--foreground); font-family: Arial, Helvetica, sans-serif; }
    * { box-sizing: border-box; padding: 0; margin: 0; }
    a { color: inherit; text-decoration: none; }
    html { color-scheme: dark; }`,
  'cra-index': `body { margin: 0; font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', sans-serif; -webkit-font-smoothing: antialiased; }
    code { font-family: source-code-pro, Menlo, Monaco, Consolas, 'Courier New', monospace; }
    .App { text-align: center; }`,
  'preflight-like': `*, ::before, ::after { box-sizing: content-box; margin: 0; padding: 0; border: 0 solid; }
    html { line-height: 1.5; font-family: ui-sans-serif, system-ui, sans-serif; }
    h1, h2, h3, h4, h5, h6 { font-size: inherit; font-weight: inherit; }
    ol, ul, menu { list-style: none; }
    a { color: inherit; text-decoration: inherit; }
    code, kbd, samp, pre { font-family: ui-monospace, monospace; font-size: 1em; }
    button, input, textarea { font: inherit; color: inherit; background-color: transparent; border-radius: 0; }
    table { text-indent: 0; border-color: inherit; border-collapse: collapse; }
    button:hover { background: #eee; } a:hover { color: red; }`,
  'heavy-handed': `#root { text-align: center; letter-spacing: 2px; text-transform: uppercase; font-weight: 700; }
    button { border-radius: 8px; border: 1px solid transparent; padding: 0.6em 1.2em; font-size: 1em; font-weight: 500; background-color: #1a1a1a; }
    h1 { font-size: 3.2em; line-height: 1.1; } code { background: beige; padding: 4px 8px; display: inline-flex; }`,
};

describe('the README quick start in the default Vite React-TS template', () => {
  it("type-checks with the template's tsc -b", async () => {
    const root = createHostApp(temporary.path, { kit, app: readmeQuickStart(), react: 'react-19', typeCheck: true });
    const { ok, output } = await typeCheckApp(root);
    expect(output).toBe('');
    expect(ok).toBe(true);
  });

  it('React 19, production build: streams a reply that looks like the kit, not like the template', async () => {
    const root = createHostApp(temporary.path, { kit, app: readmeQuickStart(), react: 'react-19' });
    const server = await buildAndPreview(root);
    const { page, messages, close } = await openApp(server.url);
    try {
      const lengths = await send(page, 'Show me some markdown');
      // Streamed: the reply was seen growing, not only finished.
      expect(lengths.length).toBeGreaterThanOrEqual(3);
      await expect.poll(() => page.locator('.rak-md-code pre code').count()).toBeGreaterThan(0);
      // Highlighted: the highlighter and the grammar, bundled in the kit's files, load as lazy chunks of the app's build.
      await expect.poll(() => page.locator('.rak-md-code pre code .rak-tok-keyword').count()).toBeGreaterThan(0);
      await screenshot(page, 'vite-template-react-19');

      const look = await readLook(page);
      const reply = look['.rak-message[data-role="assistant"] .rak-md p']!;
      expect(['start', 'left']).toContain(reply['text-align']);
      const block = look['.rak-md-code']!;
      const code = look['.rak-md-code pre code']!;
      // The kit's dark block, and inside it no box of its own (the template's `code` is beige with padding).
      expect(block['background-color']).toBe('rgb(15, 17, 23)');
      expect(code['background-color']).toBe('rgba(0, 0, 0, 0)');
      expect(code['color']).toBe('rgb(230, 232, 238)');
      expect(code['padding-left']).toBe('0px');
      expect(code['display']).not.toBe('inline-flex');
      expect(look['.rak-md h1']!['font-size']).toBe('22.5px');
      expect(look['.rak-md a']!['color']).toBe('rgb(79, 70, 229)');
      expect(look['.rak-composer-send']!['background-color']).toBe('rgb(79, 70, 229)');
      expect(look['.rak-root']!['letter-spacing']).toBe('normal');
      expect(appOutput(messages)).toEqual([]);
    } finally {
      await close();
      await server.close();
    }
  });

  it('React 19, development: the same look with and without any starter globals, and no console output', async () => {
    const root = createHostApp(temporary.path, { kit, app: withApproval(readmeQuickStart()), react: 'react-19' });
    const server = await startDevServer(root);
    const { page, messages, close } = await openApp(server.url);
    try {
      await send(page, 'Show me some markdown');
      await expect.poll(() => page.locator('.rak-md-code pre code').count()).toBeGreaterThan(0);
      await approveWeather(page);

      // The kit alone: the template's index.css switched off (Vite dev serves each stylesheet as its own <style>).
      const withTemplate = await readLook(page);
      const hostStyles = page.locator('style[data-vite-dev-id$="/src/index.css"]');
      expect(await hostStyles.count()).toBe(1);
      await hostStyles.evaluate((element: HTMLStyleElement) => (element.disabled = true));
      const kitAlone = await readLook(page);
      expect(Object.entries(kitAlone).filter(([, value]) => value === null).map(([selector]) => selector)).toEqual([]);
      await hostStyles.evaluate((element: HTMLStyleElement) => (element.disabled = false));
      expect(differences(kitAlone, withTemplate)).toEqual([]);

      // Other starters' globals (one at a time, on top of the template's).
      otherStarters['vite-app-css'] = readFileSync(resolve(root, 'src/App.css'), 'utf8');
      for (const [name, css] of Object.entries(otherStarters)) {
        const tag = await page.addStyleTag({ content: css });
        expect({ name, differences: differences(kitAlone, await readLook(page)) }).toEqual({ name, differences: [] });
        await tag.evaluate((element) => (element as HTMLStyleElement).remove());
      }
      expect(appOutput(messages)).toEqual([]);
    } finally {
      await close();
      await server.close();
    }
  });

  it('React 18.3, development: no console output through an exchange and an approval; the chat behind the dialog is inert', async () => {
    const root = createHostApp(temporary.path, { kit, app: withApproval(readmeQuickStart()), react: 'react-18' });
    const server = await startDevServer(root);
    const { page, messages, close } = await openApp(server.url);
    try {
      expect(await page.evaluate(() => document.querySelector('[data-testid="agent-chat"]') !== null)).toBe(true);
      const lengths = await send(page, 'Show me some markdown');
      expect(lengths.length).toBeGreaterThanOrEqual(3);
      await expect.poll(() => page.locator('.rak-md-code pre code').count()).toBeGreaterThan(0);
      await approveWeather(page, 'vite-template-react-18-approval');
      await screenshot(page, 'vite-template-react-18');
      expect(appOutput(messages)).toEqual([]);
    } finally {
      await close();
      await server.close();
    }
  });
});

/** Asks for the weather; the approval dialog opens over an inert chat, and Approve lets the tool run. */
async function approveWeather(page: Page, screenshotName?: string): Promise<void> {
  await send(page, "What's the weather in Tokyo?");
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  expect(await page.locator('.rak-chat-layer').evaluate((element) => element.hasAttribute('inert'))).toBe(true);
  // Inert: the composer behind the dialog cannot take focus.
  await page.locator('.rak-composer-input').evaluate((element: HTMLElement) => element.focus());
  expect(await page.evaluate(() => document.activeElement?.classList.contains('rak-composer-input') ?? false)).toBe(false);
  if (screenshotName) await screenshot(page, screenshotName);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await page.locator('.rak-chat-layer').evaluate((element) => element.hasAttribute('inert'))).toBe(false);
  await expect.poll(() => lastReply(page).getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
  await expect.poll(() => page.locator('.rak-tool-chip[data-state="output-available"]').count()).toBeGreaterThan(0);
}
