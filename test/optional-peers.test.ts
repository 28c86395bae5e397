/**
 * The package as an app installs it without its optional peers (just-bash, ai, the MCP SDK, pg,
 * PGlite): every entry loads in Node, the bash tool and the Postgres and PGlite session stores say
 * which package is missing and how to install it,
 * and the type declarations compile with `skipLibCheck: false`. Runs against `dist/` (built by
 * `npm run build`, which `npm test` runs first), copied the way npm installs a package.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};
const optionalPeers = Object.keys(manifest.peerDependenciesMeta).filter((name) => manifest.peerDependenciesMeta[name]!.optional);

let app: string;

beforeAll(() => {
  if (!existsSync(join(root, 'dist/core.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
  app = mkdtempSync(join(tmpdir(), 'rak-optional-peers-'));
  const kit = join(app, 'node_modules/react-agent-kit');
  mkdirSync(kit, { recursive: true });
  cpSync(join(root, 'dist'), join(kit, 'dist'), { recursive: true });
  cpSync(join(root, 'package.json'), join(kit, 'package.json'));
  // What npm installs with the kit: its dependencies and its required peers (React, for the
  // React entries, and the React types an app has), never the optional peers.
  const installed = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies).filter((name) => !optionalPeers.includes(name)), '@types/react', 'csstype'];
  for (const name of installed) {
    mkdirSync(join(app, 'node_modules', name, '..'), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), join(app, 'node_modules', name), 'dir');
  }
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
});

afterAll(() => {
  if (app) rmSync(app, { recursive: true, force: true });
});

function node(script: string): string {
  writeFileSync(join(app, 'script.mjs'), script);
  return execFileSync(process.execPath, ['script.mjs'], { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('the package without its optional peers', () => {
  it('declares just-bash, ai, the MCP SDK, pg and PGlite as optional peers, and none of them is installed here', () => {
    expect(optionalPeers).toEqual(expect.arrayContaining(['just-bash', 'ai', '@modelcontextprotocol/sdk', 'pg', '@electric-sql/pglite']));
    for (const name of optionalPeers) expect(existsSync(join(app, 'node_modules', name))).toBe(false);
  });

  it('loads every browser entry in Node', () => {
    const output = node(`
      for (const entry of ['react-agent-kit', 'react-agent-kit/sandbox', 'react-agent-kit/shell', 'react-agent-kit/providers', 'react-agent-kit/sessions', 'react-agent-kit/react', 'react-agent-kit/components', 'react-agent-kit/testing']) {
        const module = await import(entry);
        console.log(entry, Object.keys(module).length > 0);
      }
    `);
    expect(output.trim().split('\n')).toEqual([
      'react-agent-kit true',
      'react-agent-kit/sandbox true',
      'react-agent-kit/shell true',
      'react-agent-kit/providers true',
      'react-agent-kit/sessions true',
      'react-agent-kit/react true',
      'react-agent-kit/components true',
      'react-agent-kit/testing true',
    ]);
  });

  it('the bash tool answers the model that the shell is not installed, and tells the developer the install command once', () => {
    const output = node(`
      import { createAgent } from 'react-agent-kit';
      import { createSandbox } from 'react-agent-kit/sandbox';
      import { bashTool } from 'react-agent-kit/shell';
      import { scriptedModel, toolCall, text } from 'react-agent-kit/testing';
      const errors = [];
      console.error = (...args) => errors.push(args.join(' '));
      const sandbox = createSandbox();
      const model = scriptedModel([toolCall('bash', { command: 'ls' }, 'call-1'), toolCall('bash', { command: 'pwd' }, 'call-2'), text('Done.')]);
      const agent = createAgent({ model, sandbox, tools: [bashTool(sandbox)], permissions: { allow: ['bash'] } });
      await agent.send('go');
      const results = agent.getState().toolCalls.map((call) => [call.state, call.output]);
      console.log(JSON.stringify({ results, errors }));
    `);
    const { results, errors } = JSON.parse(output) as { results: unknown[]; errors: string[] };
    const stderr = 'bash: the shell is not installed in this app. The bash tool needs the just-bash package, an optional peer dependency of react-agent-kit: npm install just-bash\n';
    expect(results).toEqual([
      ['output-available', { exitCode: 127, stdout: '', stderr }],
      ['output-available', { exitCode: 127, stdout: '', stderr }],
    ]);
    expect(errors).toEqual(['react-agent-kit: The bash tool needs the just-bash package, an optional peer dependency of react-agent-kit: npm install just-bash']);
  });

  it('the Postgres session store answers that pg is missing, with the install command', () => {
    const output = node(`
      import { postgresSessionStore } from 'react-agent-kit/server';
      const store = postgresSessionStore({ connectionString: 'postgres://127.0.0.1:1/app' });
      const error = await store.list('ada').then(() => undefined, (reason) => reason);
      console.log(JSON.stringify({ name: error?.name, code: error?.code, message: error?.message }));
    `);
    expect(JSON.parse(output)).toEqual({
      name: 'PersistenceError',
      code: 'unavailable',
      message: 'postgresSessionStore({ connectionString }) needs the pg package, an optional peer dependency of react-agent-kit: npm install pg',
    });
  });

  it('the PGlite session store answers that @electric-sql/pglite is missing, with the install command', () => {
    const output = node(`
      import { pgliteSessionStore } from 'react-agent-kit/server';
      const store = pgliteSessionStore();
      const error = await store.list('ada').then(() => undefined, (reason) => reason);
      await store.close();
      console.log(JSON.stringify({ name: error?.name, code: error?.code, message: error?.message }));
    `);
    expect(JSON.parse(output)).toEqual({
      name: 'PersistenceError',
      code: 'unavailable',
      message: 'pgliteSessionStore() needs the @electric-sql/pglite package, an optional peer dependency of react-agent-kit: npm install @electric-sql/pglite',
    });
  });

  it('its type declarations compile with skipLibCheck: false (every entry but /server and /shell, whose AI SDK parts need ai)', () => {
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, skipLibCheck: false, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [] },
        files: ['app.tsx'],
      }),
    );
    writeFileSync(
      join(app, 'app.tsx'),
      [
        "import { createAgent, demoModel } from 'react-agent-kit';",
        "import { createSandbox, sandboxTools } from 'react-agent-kit/sandbox';",
        "import { openAICompatible } from 'react-agent-kit/providers';",
        "import { memorySessionStorage } from 'react-agent-kit/sessions';",
        "import { useAgent } from 'react-agent-kit/react';",
        "import { AgentChat, Markdown } from 'react-agent-kit/components';",
        "import { scriptedModel } from 'react-agent-kit/testing';",
        'export const agent = createAgent({ model: demoModel(), tools: sandboxTools(createSandbox()), session: { id: "s", storage: memorySessionStorage() } });',
        "export const models = [openAICompatible({ baseURL: 'http://localhost:11434/v1', model: 'llama3' }), scriptedModel([])];",
        'export const views = [useAgent, AgentChat, Markdown];',
      ].join('\n'),
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', '.'], { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 60_000);
});
