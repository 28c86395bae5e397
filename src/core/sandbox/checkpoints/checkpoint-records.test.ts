import { describe, expect, it } from 'vitest';
import type { SandboxCheckpointRecord } from '../../sessions/session-types';
import { createSandbox } from '../create-sandbox';
import { isSandboxError } from '../tree/sandbox-errors';
import type { Sandbox } from '../sandbox-types';

/** A clock that ticks on every call, so every write has its own `modified` time. */
function ticking(start = 1_000): () => number {
  let time = start;
  return () => time++;
}

/** A history with every kind of change between checkpoints; returns the sandbox and its ids. */
function history(): { sandbox: Sandbox; ids: string[] } {
  const sandbox = createSandbox({ now: ticking(), files: { 'src/a.ts': 'a\n', 'src/b.ts': 'b\n', 'README.md': '# Hi\n' } });
  const ids = [sandbox.checkpoint()];
  sandbox.writeFile('/src/a.ts', 'a changed\n');
  sandbox.writeFile('/src/new/deep/c.ts', 'c\n');
  sandbox.writeFile('/logo.png', new Uint8Array([137, 80, 78, 71]));
  sandbox.mkdir('/build/out');
  ids.push(sandbox.checkpoint());
  sandbox.delete('/src/b.ts');
  sandbox.move('/src/new', '/lib');
  sandbox.writeFile('/logo.png', new Uint8Array([1, 2, 3]));
  sandbox.writeFile('/README.md', '# Hi\n'); // same content, a new modified time
  sandbox.mkdir('/empty');
  ids.push(sandbox.checkpoint());
  sandbox.delete('/build', { recursive: true });
  sandbox.writeFile('/build', 'now a file\n'); // a directory became a file
  sandbox.delete('/empty');
  sandbox.mkdir('/empty'); // re-created empty directory: only its time differs
  sandbox.writeFile('/lib/deep/c.ts', 'c2\n');
  sandbox.mkdir('/stays-empty');
  ids.push(sandbox.checkpoint());
  // Differences only in `modified` times, which a restore must bring back too.
  sandbox.writeFile('/src/a.ts', 'a changed\n');
  sandbox.delete('/stays-empty');
  sandbox.mkdir('/stays-empty');
  sandbox.delete('/logo.png');
  sandbox.delete('/build');
  sandbox.mkdir('/build'); // a file became an empty directory
  sandbox.writeFile('/empty/inside.txt', 'x'); // an empty directory gained a file
  sandbox.move('/README.md', '/docs/README.md');
  return { sandbox, ids };
}

function imported(original: Sandbox, records: readonly SandboxCheckpointRecord[] = original.exportCheckpoints()): Sandbox {
  const copy = createSandbox({ now: ticking(50_000) });
  copy.load(original.toRecords());
  copy.importCheckpoints(records);
  return copy;
}

function refusal(action: () => void): { code: string; message: string } {
  try {
    action();
  } catch (error) {
    if (isSandboxError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('exportCheckpoints / importCheckpoints', () => {
  it('round trip: every checkpoint restores to the same records, with the same ids, times and totals', () => {
    const { sandbox: original, ids } = history();
    const exported = original.exportCheckpoints();
    expect(exported.map((record) => record.id)).toEqual(ids);
    const copy = imported(original, exported);
    expect(copy.checkpoints()).toEqual(original.checkpoints());
    // Compared before any restore: both current trees are the one the records are relative to.
    for (const id of ids) {
      expect(copy.changesSince(id)).toEqual(original.changesSince(id));
      for (const toId of ids) expect(copy.changesSince(id, toId)).toEqual(original.changesSince(id, toId));
      for (const path of ['/src/a.ts', '/logo.png', '/lib/deep/c.ts', '/README.md', '/docs/README.md']) {
        const diff = (sandbox: Sandbox) => {
          try {
            return sandbox.diffFile(path, id);
          } catch (error) {
            return isSandboxError(error) ? error.code : 'unexpected';
          }
        };
        expect(diff(copy)).toBe(diff(original));
      }
    }
    for (const id of [...ids].reverse()) {
      original.restore(id);
      copy.restore(id);
      expect(copy.toRecords()).toEqual(original.toRecords());
      expect(copy.usage()).toEqual(original.usage());
    }
  });

  it('a checkpoint taken after an import gets a fresh id, also after the highest imported one was deleted', () => {
    const { sandbox: original } = history();
    original.deleteCheckpoint('checkpoint-2');
    const copy = imported(original);
    expect(copy.checkpoints().map((info) => info.id)).toEqual(['checkpoint-1', 'checkpoint-3', 'checkpoint-4']);
    expect(copy.checkpoint()).toBe('checkpoint-5');
    // An id this sandbox handed out before the import is not reused either.
    const busy = createSandbox();
    for (let count = 0; count < 9; count++) busy.checkpoint();
    busy.importCheckpoints([{ id: 'checkpoint-2', createdAt: 1, version: 0, changes: { written: [], deleted: [] } }]);
    expect(busy.checkpoint()).toBe('checkpoint-10');
  });

  it('changes neither the tree, nor the version, nor subscribers', () => {
    const { sandbox: original } = history();
    const copy = createSandbox();
    copy.load(original.toRecords());
    const events: unknown[] = [];
    copy.subscribe((event) => events.push(event));
    const before = { records: copy.toRecords(), version: copy.version };
    copy.importCheckpoints(original.exportCheckpoints());
    expect({ records: copy.toRecords(), version: copy.version }).toEqual(before);
    expect(events).toEqual([]);
  });

  it('writes after an import never reach an imported checkpoint through a shared directory', () => {
    const original = createSandbox({ now: () => 1, files: { 'dir/a.txt': 'a', 'other.txt': 'o' } });
    const id = original.checkpoint();
    original.delete('/other.txt');
    const exported = original.exportCheckpoints();
    // Written without a checkpoint, so the current edit session owns `/dir` and could change it in place.
    const copy = createSandbox({ now: () => 1, files: { 'dir/a.txt': 'a' } });
    copy.importCheckpoints(exported);
    copy.writeFile('/dir/later.txt', 'later');
    copy.restore(id);
    expect(copy.toRecords().map((record) => record.path)).toEqual(['/dir/a.txt', '/other.txt']);
  });

  it('copies binary content both ways', () => {
    const sandbox = createSandbox({ files: { 'bin.dat': new Uint8Array([1, 2, 3]) } });
    const id = sandbox.checkpoint();
    sandbox.delete('/bin.dat');
    const records = sandbox.exportCheckpoints();
    const written = records[0]!.changes.written[0]!;
    if (written.kind !== 'binary') throw new Error('expected a binary record');
    written.bytes[0] = 99;
    sandbox.restore(id);
    expect([...sandbox.readBytes('/bin.dat')]).toEqual([1, 2, 3]);
    sandbox.delete('/bin.dat');
    sandbox.importCheckpoints(records);
    written.bytes[1] = 99;
    sandbox.restore(id);
    expect([...sandbox.readBytes('/bin.dat')]).toEqual([99, 2, 3]);
  });

  it('an old binary version in several checkpoints is one copy in the export', () => {
    const sandbox = createSandbox({ files: { 'image.png': new Uint8Array(1_000).fill(7) } });
    sandbox.checkpoint();
    sandbox.checkpoint();
    sandbox.writeFile('/image.png', new Uint8Array([1]));
    const [first, second] = sandbox.exportCheckpoints().map((record) => record.changes.written[0]);
    expect(first).toMatchObject({ path: '/image.png', kind: 'binary' });
    expect((first as { bytes: Uint8Array }).bytes).toBe((second as { bytes: Uint8Array }).bytes);
  });

  it('a checkpoint that differs by one file from a 1,000-file tree is one written record', () => {
    const files = Object.fromEntries(Array.from({ length: 1_000 }, (_, index) => [`dir-${index % 10}/file-${index}.txt`, `content ${index}\n`]));
    const sandbox = createSandbox({ files });
    sandbox.checkpoint();
    sandbox.writeFile('/dir-3/file-3.txt', 'changed\n');
    const [record] = sandbox.exportCheckpoints();
    expect(record!.changes.written.map((written) => written.path)).toEqual(['/dir-3/file-3.txt']);
    expect(record!.changes.deleted).toEqual([]);
  });

  it('imports checkpoints over the current quotas, and restoring one keeps the quotas for later writes', () => {
    const roomy = createSandbox({ files: { 'a.txt': '1234', 'b.txt': '5678' } });
    const id = roomy.checkpoint();
    roomy.delete('/b.txt');
    const tight = createSandbox({ limits: { maxFiles: 1, maxTotalBytes: 4 } });
    tight.load(roomy.toRecords());
    tight.importCheckpoints(roomy.exportCheckpoints());
    expect(tight.checkpoints()[0]).toMatchObject({ id, files: 2, bytes: 8 });
    tight.restore(id);
    expect(tight.usage()).toEqual({ files: 2, bytes: 8 });
    expect(refusal(() => tight.writeFile('/c.txt', 'c')).code).toBe('quota-files');
    tight.delete('/b.txt');
    expect(tight.readFile('/a.txt')).toBe('1234');
  });
});

describe('recordChangesSince (the same exact comparison)', () => {
  it('reports a rewrite with the same content, so storage keeps the new time', () => {
    const sandbox = createSandbox({ now: ticking(), files: { 'a.txt': 'same' } });
    const mark = sandbox.mark();
    sandbox.writeFile('/a.txt', 'same');
    expect(sandbox.recordChangesSince(mark)).toEqual({ written: sandbox.toRecords(), deleted: [] });
  });
});

describe('importCheckpoints refuses hostile or malformed records, all or nothing', () => {
  const good = (changes: object, id = 'checkpoint-7') => ({ id, createdAt: 1, version: 2, changes }) as SandboxCheckpointRecord;
  const text = (path: string) => ({ path, kind: 'text', text: 'x', modified: 1 });
  const cases: [string, unknown, RegExp][] = [
    ['a path escaping the root', [good({ written: [text('../x')], deleted: [] })], /record 0 \("checkpoint-7"\).*climbs above the sandbox root/],
    ['a deleted path escaping the root', [good({ written: [], deleted: ['a/../../x'] })], /climbs above/],
    ['a NUL byte', [good({ written: [text('a\u0000b')], deleted: [] })], /NUL/],
    ['a record that is not an object', [good({ written: [], deleted: [] }, 'checkpoint-1'), 'checkpoint-2'], /record 1 cannot be imported: it is not an object/],
    ['an unknown kind', [good({ written: [{ path: 'a', kind: 'symlink', modified: 1 }], deleted: [] })], /kind "symlink"/],
    ['a bad content type', [good({ written: [{ path: 'a', kind: 'binary', bytes: [1, 2], modified: 1 }], deleted: [] })], /without Uint8Array/],
    ['changes without lists', [good({ written: {} })], /"written" list and a "deleted" list/],
    ['an id of another form', [good({ written: [], deleted: [] }, 'mine')], /not of the form "checkpoint-N"/],
    ['an id too large to count on', [good({ written: [], deleted: [] }, 'checkpoint-99999999999999999999')], /not of the form/],
    ['the same id twice', [good({ written: [], deleted: [] }), good({ written: [], deleted: [] })], /same id/],
    ['a path written twice', [good({ written: [text('a'), text('/a')], deleted: [] })], /writes "\/a" twice/],
    ['the root as an entry', [good({ written: [], deleted: ['/'] })], /names the root/],
    ['a delete of a path the tree does not have', [good({ written: [], deleted: ['/missing.txt'] })], /not a file or an empty directory of the current tree/],
    ['a delete of a directory with entries', [good({ written: [], deleted: ['/src'] })], /not a file or an empty directory/],
    ['a file inside a file', [good({ written: [text('/keep.txt/inner')], deleted: [] })], /is a file, not a directory/],
    ['a file over a directory with entries', [good({ written: [text('/src')], deleted: [] })], /directory with entries/],
    ['a list that is not a list', 'checkpoint-1', /Expected a list of checkpoint records/],
    // eslint-disable-next-line no-sparse-arrays -- a hole is exactly what is tested
    ['a hole in a sparse list', [good({ written: [], deleted: [] }), , good({ written: [], deleted: [] }, 'checkpoint-8')], /record 1 cannot be imported: it is not an object/],
    ['a finite time missing', [{ id: 'checkpoint-1', createdAt: Number.NaN, version: 0, changes: { written: [], deleted: [] } }], /createdAt/],
  ];
  for (const [name, records, message] of cases) {
    it(`refuses ${name} and keeps the previous checkpoints`, () => {
      const sandbox = createSandbox({ files: { 'keep.txt': 'kept', 'src/a.ts': 'a' } });
      const id = sandbox.checkpoint();
      sandbox.writeFile('/keep.txt', 'changed');
      const before = sandbox.checkpoints();
      const { code, message: actual } = refusal(() => sandbox.importCheckpoints(records as SandboxCheckpointRecord[]));
      expect(code).toBe('invalid-records');
      expect(actual).toMatch(message);
      expect(sandbox.checkpoints()).toEqual(before);
      sandbox.restore(id);
      expect(sandbox.readFile('/keep.txt')).toBe('kept');
      expect(sandbox.checkpoint()).toBe('checkpoint-2');
    });
  }

  it('applies a path both written and deleted as deleted (the StorageChanges rule)', () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'a' } });
    sandbox.importCheckpoints([good({ written: [text('/a.txt')], deleted: ['/a.txt'] })]);
    sandbox.restore('checkpoint-7');
    expect(sandbox.toRecords()).toEqual([]);
  });
});
