import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The published shape of the package: every subpath export points at built files that exist,
 * with declarations, and the JavaScript entries load and export what the README documents.
 * Runs against `dist/` (npm test builds first).
 */
const root = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; import: string }>;
  sideEffects: string[];
  peerDependencies: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
const built = existsSync(resolve(root, 'dist/core.js'));

describe('package exports', () => {
  it('is built (npm test runs `npm run build` first)', () => {
    expect(built, 'dist/ is missing: run `npm run build`').toBe(true);
  });

  it('lists the documented subpaths', () => {
    expect(Object.keys(manifest.exports).sort()).toEqual(['.', './components', './providers', './react', './sandbox', './server', './sessions', './styles.css', './testing']);
    expect(manifest.sideEffects).toEqual(['**/*.css']);
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual(['@modelcontextprotocol/sdk', '@tanstack/react-query', 'ai', 'react', 'react-dom']);
    // Server-side only (`ai` behind the model proxy, the MCP SDK when MCP servers are configured),
    // and types only in the sandbox's AI SDK adapter: a browser-only app installs neither.
    expect(manifest.peerDependenciesMeta).toEqual({ '@modelcontextprotocol/sdk': { optional: true }, ai: { optional: true } });
  });

  it.each(Object.entries(manifest.exports))('%s points at existing files with declarations', (_subpath, target) => {
    if (typeof target === 'string') {
      expect(existsSync(resolve(root, target)), target).toBe(true);
      return;
    }
    expect(existsSync(resolve(root, target.import)), target.import).toBe(true);
    expect(existsSync(resolve(root, target.types)), target.types).toBe(true);
  });

  it.each([
    ['.', ['createAgent', 'defineTool', 'demoModel', 'reduce', 'createInitialState', 'AgentCommandError', 'InvalidModelError']],
    ['./sandbox', ['createSandbox', 'SandboxError', 'indexedDbSandboxStorage', 'persistSandbox', 'exportArchive', 'importArchive']],
    ['./react', ['AgentProvider', 'useAgent', 'useAgentSelector', 'useMessage', 'useMessageIds', 'useToolCall']],
    ['./components', ['AgentChat', 'Composer', 'MessageList', 'ThreadViewport', 'Markdown', 'ErrorNotice']],
    ['./providers', ['openAICompatible', 'anthropic', 'remoteModel', 'ApiCallError']],
    ['./sessions', ['indexedDbSessionStorage', 'memorySessionStorage', 'readSessionFile', 'writeSessionFile', 'PersistenceError']],
    ['./server', ['createAgentHandler', 'toNodeHandler', 'connectMcpServers']],
    ['./testing', ['scriptedModel', 'hangingModel', 'text', 'toolCall', 'streamError', 'failingCall', 'stateFromEvents']],
  ])('%s loads and exports its API', async (subpath, names) => {
    const target = manifest.exports[subpath] as { import: string };
    const module = (await import(pathToFileURL(resolve(root, target.import)).href)) as Record<string, unknown>;
    for (const name of names) expect(module[name], `${subpath} exports ${name}`).toBeDefined();
  });

  it("ships the shell's worker where the code that starts it points, in the form an app's bundler emits", () => {
    const chunks = resolve(root, 'dist/chunks');
    const starters = readdirSync(chunks)
      .filter((name) => name.endsWith('.js'))
      .flatMap((name) => [...readFileSync(resolve(chunks, name), 'utf8').matchAll(/new Worker\(new URL\("([^"]+)", import\.meta\.url\), \{ type: "module" \}\)/g)].map((match) => resolve(chunks, match[1]!)));
    expect(starters).toEqual([resolve(root, 'dist/shell-worker.js')]);
    expect(readFileSync(starters[0]!, 'utf8')).toMatch(/^import .* from "\.\/chunks\/shell-runtime-[\w-]+\.js";$/m);
  });

  it('ships the stylesheet inside one cascade layer', () => {
    const css = readFileSync(resolve(root, 'dist/styles.css'), 'utf8');
    expect(css).toContain('@layer react-agent-kit');
  });
});
