import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installBlocks, installedVersions, peerMismatches, satisfies, withTarball } from './install-lines';

const root = resolve(import.meta.dirname, '../..');

describe('the install lines of the docs', () => {
  it('are the sh blocks with npm install, each with the use its label names', () => {
    const page = ['**Browser only**', '', '```sh', 'npm i react-agent-kit react react-dom', '```', '', '```ts', 'npm install x', '```', '**With the AI SDK\'s `useChat`**:', '```bash', '# a comment', 'npm install react-agent-kit ai@7 @ai-sdk/react@4', 'npm run dev', '```'].join('\n');
    expect(installBlocks(page)).toEqual([
      { label: 'Browser only', use: 'browser', line: 4, commands: ['npm i react-agent-kit react react-dom'] },
      { label: 'With the AI SDK\'s `useChat`', use: 'ai-sdk', line: 12, commands: ['npm install react-agent-kit ai@7 @ai-sdk/react@4', 'npm run dev'] },
    ]);
    expect(() => installBlocks('**With Svelte**\n```sh\nnpm i react-agent-kit\n```')).toThrow(/names no use with a probe/);
  });

  it('the install page has one block per use, every line naming the AI SDK with its major', () => {
    const blocks = installBlocks(readFileSync(resolve(root, 'docs/getting-started/install.md'), 'utf8'));
    expect(blocks.map((block) => block.use).sort()).toEqual(['ag-ui', 'ai-sdk', 'backend', 'browser', 'sessions']);
    for (const command of blocks.flatMap((block) => block.commands)) expect(command).not.toMatch(/(^|\s)(ai|@ai-sdk\/[\w-]+)(\s|$)/);
  });

  it('the README\'s install lines are the page\'s, so the test of the page covers them', () => {
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
    const inReadme = [...readme.matchAll(/`(npm (?:i|install) [^`]+)`/g)].map((match) => match[1]!).filter((command) => command.includes('react-agent-kit '));
    const onPage = installBlocks(readFileSync(resolve(root, 'docs/getting-started/install.md'), 'utf8')).flatMap((block) => block.commands);
    expect(inReadme.length).toBeGreaterThanOrEqual(4);
    expect(inReadme.filter((command) => !onPage.includes(command))).toEqual([]);
  });

  it('put the tarball where the package name stands, not in its subpaths', () => {
    expect(withTarball('npm install react-agent-kit react && npm install -D react-agent-kit/x', '/t/kit.tgz')).toBe('npm install /t/kit.tgz react && npm install -D react-agent-kit/x');
  });
});

describe('versions against the kit\'s peer ranges', () => {
  it('satisfies reads ^ ranges with alternatives, 0.x as its minor', () => {
    expect(satisfies('7.0.173', '^7.0.0')).toBe(true);
    expect(satisfies('6.0.325', '^7.0.0')).toBe(false);
    expect(satisfies('18.3.1', '^18.2.0 || ^19.0.0')).toBe(true);
    expect(satisfies('18.1.0', '^18.2.0 || ^19.0.0')).toBe(false);
    expect(satisfies('0.5.17', '^0.5.0')).toBe(true);
    expect(satisfies('0.6.0', '^0.5.0')).toBe(false);
  });

  it('finds a nested older copy: @ai-sdk/react 3 with its own ai 6 next to ai 7', () => {
    const tree = { dependencies: { ai: { version: '7.0.173' }, '@ai-sdk/react': { version: '3.0.328', dependencies: { ai: { version: '6.0.325' } } } } };
    expect(peerMismatches(tree, { ai: '^7.0.0' })).toEqual(['ai@6.0.325 at @ai-sdk/react > ai (the kit needs ^7.0.0)']);
    expect(installedVersions(tree, ['ai', '@ai-sdk/react'])).toEqual({ ai: ['6.0.325', '7.0.173'], '@ai-sdk/react': ['3.0.328'] });
  });
});
