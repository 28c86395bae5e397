import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type LaunchOptions, type Page } from 'playwright-core';
import { inject, onTestFinished } from 'vitest';
import './provided-context';

/** System Chromium (Debian package); `npx playwright install` is not available. Override with `CHROMIUM_PATH`. */
export const chromiumExecutablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a quiet, headless, container-friendly Chromium with no background traffic. */
export const chromiumArguments = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Every host name except the dev server's resolves to nothing, so the playground is proven to work
 * offline and a test can never reach the internet by accident. Pass `allowExternalNetwork: true`
 * to lift it (tests against a real provider).
 */
const offlineArgument = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost';

/** Browser noise that says nothing about the app: Chromium asks for /favicon.ico on its own. */
const defaultIgnoredConsoleErrors = [/Failed to load resource: .*404.*\/favicon\.ico\b/];

/** Where screenshots and failure logs go (git-ignored). */
export const testResultsDirectory = resolve(import.meta.dirname, '../../../test-results');

export interface LaunchBrowserOptions extends LaunchOptions {
  /** Allow requests to hosts other than 127.0.0.1 / localhost. Default: false. */
  allowExternalNetwork?: boolean;
}

/**
 * Launches headless system Chromium with a fresh temporary profile.
 *
 * @example
 * const browser = await launchBrowser();
 * const page = await browser.newPage();
 */
export async function launchBrowser(options: LaunchBrowserOptions = {}): Promise<Browser> {
  const { allowExternalNetwork = false, args = [], ...launchOptions } = options;
  return chromium.launch({
    executablePath: chromiumExecutablePath,
    headless: true,
    ...launchOptions,
    args: [...chromiumArguments, ...(allowExternalNetwork ? [] : [offlineArgument]), ...args],
  });
}

export interface OpenPlaygroundOptions extends LaunchBrowserOptions {
  /** Reuse this browser (a new context is still created); it is not closed by `close()`. */
  browser?: Browser;
  /** Console errors matching one of these are not recorded as errors. */
  ignoreConsoleErrors?: RegExp[];
  /** Viewport; default 1280 x 800. */
  viewport?: { width: number; height: number };
  /**
   * Where the playground keeps conversations when the page has not chosen yet: `'browser'`
   * (default: IndexedDB, so each context starts with none, as every test expects) or `'server'`
   * (the dev server's, shared by every context and every test of the run).
   */
  conversations?: 'browser' | 'server';
  /** Runs on the new context before the page loads, e.g. `context.addInitScript(...)` to stand in for a browser API. */
  beforeLoad?: (context: BrowserContext) => Promise<void>;
}

export interface PlaygroundSession {
  page: Page;
  context: BrowserContext;
  browser: Browser;
  /** Console messages of type `error`, uncaught page errors and failed requests, in order. */
  errors: string[];
  /** Every console message, for failure logs. */
  consoleLog: string[];
  /** Closes the page's context, and the browser when this session launched it. Idempotent. */
  close: () => Promise<void>;
}

/**
 * Opens the playground (`path` is relative to the dev server's base URL) in a fresh browser
 * context (empty storage, IndexedDB included), and records console errors in `errors`.
 *
 * Called inside a test, the session closes itself when the test ends and, when the test failed,
 * first saves `test-results/<test name>.png` and `<test name>.log` (console). Do not close it
 * yourself in a `finally` if you want that failure screenshot. Called elsewhere (e.g. `beforeAll`),
 * close it yourself.
 *
 * @example
 * const { page, errors } = await openPlayground();
 * await expect.poll(() => page.getByTestId('agent-chat').isVisible()).toBe(true);
 * expect(errors).toEqual([]);
 */
export async function openPlayground(path = '', options: OpenPlaygroundOptions = {}): Promise<PlaygroundSession> {
  const { browser: sharedBrowser, ignoreConsoleErrors = [], viewport = { width: 1280, height: 800 }, conversations = 'browser', beforeLoad, ...launchOptions } = options;
  const baseUrl = inject('baseUrl');
  const browser = sharedBrowser ?? (await launchBrowser(launchOptions));
  const ownsBrowser = !sharedBrowser;
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    deviceScaleFactor: 1,
    colorScheme: 'light',
    reducedMotion: 'reduce',
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: 'block',
  });
  // The playground's own key (playground/conversation-place.ts); a choice made in the page stays.
  await context.addInitScript((place) => {
    // Init scripts run in every frame; a sandboxed one (the preview, an MCP App) has no storage to read.
    if (window !== window.top) return;
    if (localStorage.getItem('rak-playground-conversations') === null) localStorage.setItem('rak-playground-conversations', place);
  }, conversations);
  await beforeLoad?.(context);
  const page = await context.newPage();
  const errors: string[] = [];
  const consoleLog: string[] = [];

  const ignored = [...defaultIgnoredConsoleErrors, ...ignoreConsoleErrors];
  const recordError = (text: string) => {
    if (!ignored.some((pattern) => pattern.test(text))) errors.push(text);
  };
  page.on('console', (message: ConsoleMessage) => {
    const location = message.location();
    const where = location.url ? ` (${location.url}:${location.lineNumber})` : '';
    consoleLog.push(`[${message.type()}] ${message.text()}${where}`);
    if (message.type() === 'error') recordError(`console.error: ${message.text()}${where}`);
  });
  page.on('pageerror', (error) => {
    consoleLog.push(`[pageerror] ${error.stack ?? error.message}`);
    recordError(`uncaught: ${error.message}`);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    const failure = `${request.method()} ${request.url()}: ${reason}`;
    consoleLog.push(`[requestfailed] ${failure}`);
    // ERR_ABORTED is the page cancelling its own request (stop button, AbortController), not a failure.
    if (!reason.includes('ERR_ABORTED')) recordError(`request failed: ${failure}`);
  });

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await context.close().catch(() => {});
    if (ownsBrowser) await browser.close().catch(() => {});
  };

  try {
    onTestFinished(async ({ task }) => {
      if (task.result?.state === 'fail' && !closed && !page.isClosed()) {
        const fileName = task.file.name.replace(/^.*\//, '').replace(/\.e2e\.test\.ts$/, '');
        const name = `${fileName}-${task.name}-failed`;
        await screenshot(page, name).catch(() => {});
        await writeResult(`${safeFileName(name)}.log`, [...consoleLog, '', 'errors:', ...errors].join('\n')).catch(() => {});
      }
      await close();
    });
  } catch {
    // Not inside a test (beforeAll, helpers): the caller closes the session.
  }

  try {
    await page.goto(path.replace(/^\//, ''), { waitUntil: 'load' });
  } catch (error) {
    await close();
    throw error;
  }
  return { page, context, browser, errors, consoleLog, close };
}

/**
 * Saves a full-page PNG to `test-results/<name>.png` and returns its path.
 *
 * @example
 * await screenshot(page, 'chat-after-approval');
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(testResultsDirectory, { recursive: true });
  const file = resolve(testResultsDirectory, `${safeFileName(name)}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

async function writeResult(fileName: string, content: string): Promise<void> {
  await mkdir(testResultsDirectory, { recursive: true });
  await writeFile(resolve(testResultsDirectory, fileName), content);
}

function safeFileName(name: string): string {
  return name.replace(/[^a-zA-Z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120) || 'screenshot';
}
