import { describe, expect, it } from 'vitest';
import { createSandbox } from '../create-sandbox';
import { isSandboxError } from '../tree/sandbox-errors';
import type { SandboxEvent } from '../sandbox-types';
import { unifiedDiff } from '../tree/file-diff';

describe('checkpoints', () => {
  it('restore brings back the files as they were, and later checkpoints stay available', () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one', 'keep/k': 'k' } });
    const first = sandbox.checkpoint();
    sandbox.writeFile('a.txt', 'two');
    sandbox.writeFile('b.txt', 'new');
    sandbox.delete('keep', { recursive: true });
    const second = sandbox.checkpoint();
    sandbox.restore(first);
    expect(sandbox.readFile('a.txt')).toBe('one');
    expect(sandbox.exists('b.txt')).toBe(false);
    expect(sandbox.readFile('keep/k')).toBe('k');
    expect(sandbox.usage()).toEqual({ files: 2, bytes: 4 });
    sandbox.restore(second);
    expect(sandbox.readFile('b.txt')).toBe('new');
    expect(sandbox.usage()).toEqual({ files: 2, bytes: 6 });
  });

  it('writes after a restore do not change the checkpoint', () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one' } });
    const id = sandbox.checkpoint();
    sandbox.restore(id);
    sandbox.writeFile('a.txt', 'changed');
    sandbox.restore(id);
    expect(sandbox.readFile('a.txt')).toBe('one');
  });

  it('restoring emits a restore event and bumps the version', () => {
    const sandbox = createSandbox();
    const id = sandbox.checkpoint();
    const events: SandboxEvent[] = [];
    sandbox.subscribe((event) => events.push(event));
    sandbox.restore(id);
    expect(events).toEqual([{ type: 'restore', path: '/', version: 1 }]);
  });

  it('lists and deletes checkpoints; unknown ids are refused', () => {
    let clock = 5;
    const sandbox = createSandbox({ files: { a: 'abc' }, now: () => clock });
    const id = sandbox.checkpoint();
    clock = 6;
    sandbox.writeFile('b', '');
    const other = sandbox.checkpoint();
    expect(sandbox.checkpoints()).toEqual([
      { id, version: 0, createdAt: 5, files: 1, bytes: 3 },
      { id: other, version: 1, createdAt: 6, files: 2, bytes: 3 },
    ]);
    sandbox.deleteCheckpoint(id);
    expect(sandbox.checkpoints().map((info) => info.id)).toEqual([other]);
    for (const action of [() => sandbox.restore(id), () => sandbox.deleteCheckpoint(id), () => sandbox.changesSince('nope')]) {
      try {
        action();
        expect.unreachable();
      } catch (error) {
        expect(isSandboxError(error, 'unknown-checkpoint')).toBe(true);
      }
    }
    expect(sandbox.checkpoint()).not.toBe(id); // ids are never reused
  });
});

describe('changesSince', () => {
  it('lists added, modified and deleted files', () => {
    const sandbox = createSandbox({ files: { 'src/a.ts': 'a', 'src/b.ts': 'b', 'src/same.ts': 's', 'old/x': 'x', 'f': 'file' } });
    const id = sandbox.checkpoint();
    sandbox.writeFile('src/a.ts', 'A');
    sandbox.writeFile('src/same.ts', 's'); // rewritten with the same content: not a change
    sandbox.writeFile('src/new/c.ts', 'c');
    sandbox.delete('old', { recursive: true });
    sandbox.delete('f');
    sandbox.writeFile('f/inner', 'now a directory');
    expect(sandbox.changesSince(id)).toEqual({
      added: ['/f/inner', '/src/new/c.ts'],
      modified: ['/src/a.ts'],
      deleted: ['/f', '/old/x'],
    });
  });

  it('compares two checkpoints, and a move shows as delete plus add', () => {
    const sandbox = createSandbox({ files: { a: '1' } });
    const before = sandbox.checkpoint();
    sandbox.move('a', 'b');
    const after = sandbox.checkpoint();
    sandbox.writeFile('c', '');
    expect(sandbox.changesSince(before, after)).toEqual({ added: ['/b'], modified: [], deleted: ['/a'] });
    expect(sandbox.changesSince(after, after)).toEqual({ added: [], modified: [], deleted: [] });
  });
});

describe('diffFile', () => {
  it('diffs a file against a checkpoint as a unified diff', () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\ntwo\nthree\n' } });
    const id = sandbox.checkpoint();
    sandbox.writeFile('a.txt', 'one\nTWO\nthree\n');
    expect(sandbox.diffFile('a.txt', id)).toBe('--- /a.txt\n+++ /a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n');
    expect(sandbox.diffFile('a.txt', id, sandbox.checkpoint())).toContain('+TWO');
    expect(sandbox.diffFile('a.txt', sandbox.checkpoint())).toBe('');
  });

  it('shows added and deleted files against /dev/null, binary as one line', () => {
    const sandbox = createSandbox({ files: { gone: 'bye\n', 'img.png': new Uint8Array([1]) } });
    const id = sandbox.checkpoint();
    sandbox.delete('gone');
    sandbox.writeFile('new.txt', 'hi\n');
    sandbox.writeFile('img.png', new Uint8Array([2]));
    expect(sandbox.diffFile('new.txt', id)).toBe('--- /dev/null\n+++ /new.txt\n@@ -0,0 +1,1 @@\n+hi\n');
    expect(sandbox.diffFile('gone', id)).toContain('-bye');
    expect(sandbox.diffFile('img.png', id)).toBe('Binary files /img.png and /img.png differ\n');
    expect(() => sandbox.diffFile('never', id)).toThrow(/neither/);
  });

  it('falls back to a whole-file replacement when the bound is exceeded', () => {
    const before = Array.from({ length: 2000 }, (_, index) => `line ${index}`).join('\n') + '\n';
    const after = Array.from({ length: 2000 }, (_, index) => `other ${index}`).join('\n') + '\n';
    const started = performance.now();
    const patch = unifiedDiff('/big.txt', before, after, { maxEditLength: 100 });
    expect(performance.now() - started).toBeLessThan(500);
    expect(patch.startsWith('--- /big.txt\n+++ /big.txt\n@@ -1,2000 +1,2000 @@\n-line 0\n')).toBe(true);
    expect(patch.split('\n').filter((line) => line.startsWith('+other')).length).toBe(2000);
  });
});

describe('records, load and archives', () => {
  it('round-trips text, binary, empty directories and times through an archive', () => {
    let clock = 42;
    const sandbox = createSandbox({ files: { 'a/b.txt': 'héllo', 'bin/x': new Uint8Array([0, 255, 7]) }, now: () => clock });
    sandbox.mkdir('empty/dir');
    clock = 99;
    const archive = sandbox.exportArchive();
    expect(JSON.parse(archive)).toMatchObject({ format: 'react-agent-kit.sandbox', version: 1 });
    const copy = createSandbox();
    copy.importArchive(archive);
    expect(copy.readFile('a/b.txt')).toBe('héllo');
    expect([...copy.readBytes('bin/x')]).toEqual([0, 255, 7]);
    expect(copy.list('empty')).toMatchObject([{ name: 'dir', kind: 'directory' }]);
    expect(copy.stat('a/b.txt').modified).toBe(42);
    expect(copy.toRecords()).toEqual(sandbox.toRecords());
  });

  it('load replaces the whole tree in one restore event and keeps checkpoints', () => {
    const sandbox = createSandbox({ files: { 'old.txt': 'old' } });
    const before = sandbox.checkpoint();
    const events: string[] = [];
    sandbox.subscribe((event) => events.push(`${event.type} ${event.path}`));
    sandbox.load([{ path: '/new.txt', kind: 'text', text: 'new', modified: 1 }]);
    expect(events).toEqual(['restore /']);
    expect(sandbox.exists('old.txt')).toBe(false);
    expect(sandbox.readFile('new.txt')).toBe('new');
    expect(sandbox.changesSince(before)).toEqual({ added: ['/new.txt'], modified: [], deleted: ['/old.txt'] });
    sandbox.restore(before);
    expect(sandbox.readFile('old.txt')).toBe('old');
  });

  it('refuses malformed records and applies path rules and limits to them, changing nothing', () => {
    const sandbox = createSandbox({ files: { 'keep.txt': 'kept' } });
    const refused = (records: unknown, limits = {}) => {
      const target = Object.keys(limits).length ? createSandbox({ limits }) : sandbox;
      try {
        target.load(records as never);
        return 'loaded';
      } catch (error) {
        return isSandboxError(error) ? error.code : 'other';
      }
    };
    const file = (path: string, text = '') => ({ path, kind: 'text', text, modified: 0 });
    expect(refused(null)).toBe('invalid-records');
    expect(refused([{ path: '/a', kind: 'text', modified: 0 }])).toBe('invalid-records');
    expect(refused([file('/a'), file('a')])).toBe('invalid-records');
    expect(refused([file('/ok'), file('../a')])).toBe('path-escapes-root');
    expect(refused([file('/a', 'xx')], { maxFileBytes: 1 })).toBe('file-too-large');
    expect(sandbox.toRecords()).toMatchObject([{ path: '/keep.txt', text: 'kept' }]);
  });

  it('recordChangesSince lists what storage must write and delete, empty folders included', () => {
    const sandbox = createSandbox({ files: { 'a/x.txt': 'x', 'f': 'file' } });
    const start = sandbox.mark();
    sandbox.delete('a/x.txt'); // a/ is now empty: stored as a directory record
    sandbox.delete('f');
    sandbox.mkdir('f'); // the same path, now an empty folder: written, not deleted
    sandbox.writeFile('new/deep/y.txt', 'y');
    expect(sandbox.recordChangesSince(start)).toEqual({
      written: [
        { path: '/a', kind: 'directory', modified: expect.any(Number) },
        { path: '/f', kind: 'directory', modified: expect.any(Number) },
        { path: '/new/deep/y.txt', kind: 'text', text: 'y', modified: expect.any(Number) },
      ],
      deleted: ['/a/x.txt'],
    });
    const middle = sandbox.mark();
    sandbox.writeFile('a/z.txt', 'z'); // a/ holds a file again: its directory record goes
    expect(sandbox.recordChangesSince(middle)).toEqual({ written: [expect.objectContaining({ path: '/a/z.txt' })], deleted: ['/a'] });
    expect(sandbox.recordChangesSince(middle, middle)).toEqual({ written: [], deleted: [] });
    expect(() => sandbox.recordChangesSince({ version: 0 })).toThrow('not made by this sandbox');
  });

  it('previews a change as a diff without making it', () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\n' } });
    expect(sandbox.previewChange('a.txt', 'two\n')).toBe('--- /a.txt\n+++ /a.txt\n@@ -1,1 +1,1 @@\n-one\n+two\n');
    expect(sandbox.previewChange('new.txt', 'x\n')).toContain('--- /dev/null\n+++ /new.txt');
    expect(sandbox.previewChange('a.txt', undefined)).toContain('+++ /dev/null');
    expect(sandbox.previewChange('a.txt', 'one\n')).toBe('');
    expect(sandbox.readFile('a.txt')).toBe('one\n');
    expect(sandbox.version).toBe(0);
  });
});
