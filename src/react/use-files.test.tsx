// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox, SandboxEntry } from '../core/index';
import { createSandbox } from '../core/sandbox/index';
import { SandboxProvider } from './sandbox-context';
import { useFile, type FileState } from './use-file';
import { useFiles } from './use-files';

afterEach(cleanup);

function probeFiles(sandbox: Sandbox, directories: string[]) {
  const renders: Record<string, number> = {};
  const latest: Record<string, readonly SandboxEntry[]> = {};
  function Probe({ directory }: { directory: string }) {
    renders[directory] = (renders[directory] ?? 0) + 1;
    latest[directory] = useFiles(directory);
    return null;
  }
  render(
    <SandboxProvider sandbox={sandbox}>
      {directories.map((directory) => (
        <Probe key={directory} directory={directory} />
      ))}
    </SandboxProvider>,
  );
  return { renders, latest, names: (directory: string) => latest[directory]!.map((entry) => entry.name) };
}

describe('useFiles', () => {
  it('lists a directory and follows writes, deletes, moves and restores', () => {
    const sandbox = createSandbox({ files: { '/src/a.ts': 'a', '/README.md': '# Hi' } });
    const before = sandbox.checkpoint();
    const { names, latest } = probeFiles(sandbox, ['/', '/src']);
    expect(names('/')).toEqual(['README.md', 'src']);
    expect(latest['/']![1]).toMatchObject({ kind: 'directory', path: '/src', size: 1 });

    act(() => sandbox.writeFile('/src/b.ts', 'b'));
    expect(names('/src')).toEqual(['a.ts', 'b.ts']);
    act(() => sandbox.move('/src/a.ts', '/lib/a.ts'));
    expect(names('/src')).toEqual(['b.ts']);
    expect(names('/')).toEqual(['README.md', 'lib', 'src']);
    act(() => sandbox.delete('/src', { recursive: true }));
    expect(latest['/src']).toEqual([]);
    act(() => sandbox.restore(before));
    expect(names('/src')).toEqual(['a.ts']);
    expect(names('/')).toEqual(['README.md', 'src']);
  });

  it('re-renders only the directory a change happened in, and keeps unchanged entries', () => {
    const sandbox = createSandbox({ files: { '/src/a.ts': 'a', '/src/b.ts': 'b', '/docs/guide.md': 'guide' } });
    const { renders, latest } = probeFiles(sandbox, ['/', '/src', '/docs']);
    expect(renders).toEqual({ '/': 1, '/src': 1, '/docs': 1 });
    const docs = latest['/docs'];
    const [, unchangedB] = latest['/src']!;

    act(() => sandbox.writeFile('/src/a.ts', 'a, longer'));
    expect(renders['/docs']).toBe(1);
    expect(latest['/docs']).toBe(docs);
    expect(renders['/src']).toBe(2);
    expect(latest['/src']![0]!.size).toBe(9);
    expect(latest['/src']![1]).toBe(unchangedB);

    // A change that leaves the listing equal (same content, same size, same clock tick) renders nothing.
    const frozen = createSandbox({ files: { '/x/a.txt': 'a', '/y/b.txt': 'b' }, now: () => 5 });
    cleanup();
    const probe = probeFiles(frozen, ['/x', '/y']);
    act(() => frozen.writeFile('/y/b.txt', 'c'));
    expect(probe.renders).toEqual({ '/x': 1, '/y': 1 });
  });

  it('lists nothing without a sandbox, and for a missing directory', () => {
    const { latest } = probeFiles(undefined as unknown as Sandbox, ['/']);
    expect(latest['/']).toEqual([]);
    cleanup();
    const probe = probeFiles(createSandbox(), ['/nowhere']);
    expect(probe.latest['/nowhere']).toEqual([]);
  });
});

describe('useFile', () => {
  function probeFile(sandbox: Sandbox, path: string) {
    const renders = { count: 0 };
    let latest: FileState | undefined;
    function Probe() {
      renders.count += 1;
      latest = useFile(path);
      return null;
    }
    render(
      <SandboxProvider sandbox={sandbox}>
        <Probe />
      </SandboxProvider>,
    );
    return { renders, file: () => latest! };
  }

  it('reads a text file and re-renders only when it changes', () => {
    const sandbox = createSandbox({ files: { '/notes.md': 'one\n', '/other.md': 'x' } });
    const { renders, file } = probeFile(sandbox, '/notes.md');
    expect(file()).toMatchObject({ status: 'ready', content: 'one\n', binary: false, size: 4 });
    act(() => sandbox.writeFile('/other.md', 'y'));
    act(() => sandbox.writeFile('/elsewhere/deep.md', 'z'));
    expect(renders.count).toBe(1);
    act(() => sandbox.writeFile('/notes.md', 'one\ntwo\n'));
    expect(renders.count).toBe(2);
    expect(file().content).toBe('one\ntwo\n');
    act(() => sandbox.delete('/notes.md'));
    expect(file()).toMatchObject({ status: 'missing', content: undefined });
  });

  it('reports binary files by size, directories and bad paths as errors', () => {
    const sandbox = createSandbox({ files: { '/logo.png': new Uint8Array([137, 80, 78, 71]), '/src/a.ts': '' } });
    expect(probeFile(sandbox, '/logo.png').file()).toMatchObject({ status: 'ready', binary: true, size: 4, content: undefined });
    expect(probeFile(sandbox, '/src').file()).toMatchObject({ status: 'error', error: expect.stringContaining('directory') });
    expect(probeFile(sandbox, '../etc/passwd').file().status).toBe('error');
    expect(probeFile(sandbox, '/src/a.ts/x').file().status).toBe('missing');
  });

  it('follows a move of its parent directory', () => {
    const sandbox = createSandbox({ files: { '/src/a.ts': 'a' } });
    const { file } = probeFile(sandbox, '/src/a.ts');
    act(() => sandbox.move('/src', '/lib'));
    expect(file().status).toBe('missing');
    act(() => sandbox.move('/lib', '/src'));
    expect(file().status).toBe('ready');
  });
});
