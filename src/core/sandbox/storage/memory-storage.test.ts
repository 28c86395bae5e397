import { describe, expect, it } from 'vitest';
import type { FileRecord } from './file-record';
import { memorySandboxStorage } from './memory-storage';
import { PersistenceError } from '../../persistence/persistence-error';

const text = (path: string, content = path): FileRecord => ({ path, kind: 'text', text: content, modified: 1 });

describe('memorySandboxStorage', () => {
  it('loads null until saved, then round-trips changes', async () => {
    const storage = memorySandboxStorage();
    expect(await storage.load()).toBeNull();
    await storage.save({ written: [text('a'), text('b')], deleted: [] });
    await storage.save({ written: [text('a', 'new')], deleted: ['b'] });
    expect(await storage.load()).toEqual({ version: 1, files: [text('a', 'new')] });
  });

  it('copies binary content in and out', async () => {
    const storage = memorySandboxStorage();
    const bytes = new Uint8Array([1]);
    await storage.save({ written: [{ path: 'f', kind: 'binary', bytes, modified: 1 }], deleted: [] });
    bytes[0] = 2;
    const loaded = (await storage.load())?.files[0];
    expect(loaded?.kind === 'binary' && [...loaded.bytes]).toEqual([1]);
    if (loaded?.kind === 'binary') loaded.bytes[0] = 3;
    const again = (await storage.load())?.files[0];
    expect(again?.kind === 'binary' && [...again.bytes]).toEqual([1]);
  });

  it('a bad record fails the whole save and changes nothing', async () => {
    const storage = memorySandboxStorage();
    await storage.save({ written: [text('a')], deleted: [] });
    const bad = { path: '', kind: 'text', text: '', modified: 1 } as FileRecord;
    await expect(storage.save({ written: [text('b'), bad], deleted: ['a'] })).rejects.toMatchObject({
      code: 'invalid-record',
    });
    expect((await storage.load())?.files).toEqual([text('a')]);
  });

  it('saveAll replaces, clear forgets, close ends', async () => {
    const storage = memorySandboxStorage();
    await storage.save({ written: [text('a')], deleted: [] });
    await storage.saveAll([text('b')]);
    expect((await storage.load())?.files).toEqual([text('b')]);
    await storage.clear();
    expect(await storage.load()).toBeNull();
    await storage.close();
    await expect(storage.load()).rejects.toBeInstanceOf(PersistenceError);
  });
});
