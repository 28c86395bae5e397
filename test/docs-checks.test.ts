import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without declarations
import { checkLinks } from '../docs/check-links.mjs';

/**
 * The docs' checks fail on what they exist to catch: a sample that no longer compiles against the
 * package (docs/check-samples.mjs, which compiles against dist: `npm run build` first), and a link
 * to a page or heading that is not there (docs/check-links.mjs, over the built site).
 */
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const temporary: string[] = [];

afterEach(() => {
  for (const path of temporary.splice(0)) rmSync(path, { recursive: true, force: true });
});

describe('the sample check', () => {
  it('fails on a sample that uses an option the package does not have, naming the page and line', async () => {
    const page = join(root, 'docs', `sample-check-probe-${process.pid}.md`);
    temporary.push(page);
    writeFileSync(page, [
      '# Probe',
      '',
      '```ts',
      "import { createAgent, demoModel } from 'react-agent-kit';",
      'createAgent({ model: demoModel(), maxStepz: 3 });',
      '```',
      '',
    ].join('\n'));
    const failure = await run(process.execPath, ['docs/check-samples.mjs', page], { cwd: root }).then(() => undefined, (error: { code: number; stderr: string }) => error);
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(new RegExp(`docs/sample-check-probe-${process.pid}\\.md:5: error TS2353: .*'maxStepz'`));
  }, 60_000);
});

describe('the link check', () => {
  it('fails on a link to a missing page or a missing heading, and passes the ones that resolve', () => {
    const dist = mkdtempSync(join(tmpdir(), 'rak-links-'));
    temporary.push(dist);
    mkdirSync(join(dist, 'guides'));
    writeFileSync(join(dist, 'index.html'), '<a href="/guides/sessions#resume">ok</a> <a href="/guides/sessions#gone">gone</a> <a href="/guides/nowhere">nowhere</a> <a href="https://example.com">out</a>');
    writeFileSync(join(dist, 'guides', 'sessions.html'), '<h2 id="resume">Resume</h2><a href="#resume">here</a> <a href="./sessions#resume">same</a>');
    const { broken, external } = checkLinks(dist) as { broken: string[]; external: Map<string, number> };
    expect(broken).toEqual(['index.html: /guides/sessions#gone (no #gone on guides/sessions.html)', 'index.html: /guides/nowhere (no such page)']);
    expect([...external.keys()]).toEqual(['https://example.com']);
  });
});
