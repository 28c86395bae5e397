import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import type { TestProject } from 'vitest/node';
import './provided-context';
import { launchBrowser } from './browser';

/**
 * Vitest global setup for the e2e suite: starts the playground's Vite dev server exactly as
 * `npm run dev` does (same config file), on a free port of 127.0.0.1, provides its URL as
 * `baseUrl`, and closes it when the run ends. Its conversations (the session routes' PGlite) go
 * to a fresh temporary directory, removed at the end, so a run starts with none and leaves none.
 *
 * Environment:
 * - `E2E_BASE_URL`: test an already running playground instead of starting one.
 * - `E2E_PLAYGROUND_CONFIG`: another Vite config file (default `playground/vite.config.ts`).
 * - `E2E_VITE_LOG_LEVEL`: the dev server's log level (default `warn`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseUrl', withTrailingSlash(external));
    return async () => {};
  }

  const repositoryRoot = resolve(import.meta.dirname, '../../..');
  // The playground's server tools include the MCP reference server's, so MCP runs end to end too.
  process.env.PLAYGROUND_MCP ??= '1';
  const sessionsDir = await mkdtemp(join(tmpdir(), 'rak-e2e-sessions-'));
  process.env.PLAYGROUND_SESSIONS_DIR = sessionsDir;
  const removeSessions = () => rm(sessionsDir, { recursive: true, force: true });
  const configFile = resolve(repositoryRoot, process.env.E2E_PLAYGROUND_CONFIG ?? 'playground/vite.config.ts');
  if (!existsSync(configFile)) {
    await removeSessions();
    throw new Error(`e2e: the playground's Vite config ${configFile} does not exist (set E2E_PLAYGROUND_CONFIG or E2E_BASE_URL to test another playground)`);
  }
  const server = await createServer({
    configFile,
    logLevel: (process.env.E2E_VITE_LOG_LEVEL as 'info' | 'warn' | 'error' | 'silent' | undefined) ?? 'warn',
    clearScreen: false,
    // Port 0: the system picks a free port, so a developer's `npm run dev` on 5173 does not clash.
    server: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  });
  try {
    await server.listen();
  } catch (error) {
    await server.close();
    await removeSessions();
    throw error;
  }
  const baseUrl = server.resolvedUrls?.local[0];
  if (!baseUrl) {
    await server.close();
    await removeSessions();
    throw new Error('the playground dev server did not report a local URL');
  }
  project.provide('baseUrl', withTrailingSlash(baseUrl));
  await warmUp(server, baseUrl);

  return async () => {
    // Closing the server closes the sessions' PGlite first (the playground's Vite plugin), then its directory goes.
    await server.close();
    await removeSessions();
  };
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * Loads the page once before the first test. Vite optimizes dependencies on the first page load
 * and may reload the page when it discovers a new one; that must not happen in the middle of a
 * test. Failing here is only a warning: the tests report the real problem with better context.
 */
async function warmUp(server: ViteDevServer, baseUrl: string): Promise<void> {
  const startedAt = Date.now();
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    browser = await launchBrowser();
    const page = await browser.newPage();
    await page.goto(baseUrl, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  } catch (error) {
    server.config.logger.warn(`e2e warm-up of ${baseUrl} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await browser?.close();
  }
  if (process.env.E2E_VITE_LOG_LEVEL === 'info') server.config.logger.info(`e2e warm-up took ${Date.now() - startedAt} ms`);
}
