import { describe, expect, it } from 'vitest';
import { exportArchive, importArchive } from './archive';
import { base64ToBytes, bytesToBase64 } from '../../persistence/base64';
import type { FileRecord } from './file-record';
import { PersistenceError } from '../../persistence/persistence-error';

function refusal(data: string | Uint8Array): PersistenceError {
  try {
    importArchive(data);
  } catch (error) {
    expect(error).toBeInstanceOf(PersistenceError);
    return error as PersistenceError;
  }
  throw new Error('expected importArchive to refuse');
}

const archive = (files: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ format: 'react-agent-kit.sandbox', version: 1, files, ...extra });

describe('exportArchive / importArchive', () => {
  it('round-trips text (with unicode) and binary files, as text and as bytes', () => {
    const big = new Uint8Array(100_000).map((_, index) => (index * 7) % 256);
    const files: FileRecord[] = [
      { path: 'docs/café.md', kind: 'text', text: '# Café ☕\nline 2', modified: 10 },
      { path: 'empty.bin', kind: 'binary', bytes: new Uint8Array(), modified: 0 },
      { path: 'big.bin', kind: 'binary', bytes: big, modified: 11 },
    ];
    const json = exportArchive(files);
    expect(JSON.parse(json)).toMatchObject({ format: 'react-agent-kit.sandbox', version: 1 });
    for (const imported of [importArchive(json), importArchive(new TextEncoder().encode(json))]) {
      expect(imported.slice(0, 2)).toEqual(files.slice(0, 2));
      const copy = imported[2];
      expect(copy?.kind === 'binary' && Buffer.from(copy.bytes).equals(Buffer.from(big))).toBe(true);
    }
  });

  it('base64 matches the standard encoding across chunk boundaries', () => {
    for (const length of [0, 1, 2, 3, 24_575, 24_576, 24_577, 50_000]) {
      const bytes = new Uint8Array(length).map((_, index) => (index * 31 + 5) % 256);
      const encoded = bytesToBase64(bytes);
      expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
      expect(Buffer.from(base64ToBytes(encoded) ?? []).equals(Buffer.from(bytes))).toBe(true);
    }
    expect(base64ToBytes('abc')).toBeUndefined();
    expect(base64ToBytes('ab!=')).toBeUndefined();
  });

  it('refuses what is not our archive', () => {
    expect(refusal('not json').code).toBe('invalid-archive');
    expect(refusal(new Uint8Array([0xff, 0xfe])).message).toContain('UTF-8');
    expect(refusal('{"format":"something-else","version":1,"files":[]}').message).toContain('not a react-agent-kit sandbox archive');
    expect(refusal('[]').code).toBe('invalid-archive');
    expect(refusal(archive([], { version: 0 })).message).toContain('version 0');
    expect(refusal(archive({})).message).toContain('"files" is not a list');
  });

  it('refuses a future version as future-format', () => {
    const error = refusal(archive([], { version: 2 }));
    expect(error.code).toBe('future-format');
    expect(error.message).toContain('version 2');
  });

  it('names the bad entry', () => {
    const ok = { path: 'a', kind: 'text', text: 'a', modified: 1 };
    expect(refusal(archive([ok, { path: 'b', kind: 'text', modified: 1 }])).message).toContain('entry 1');
    expect(refusal(archive([{ path: 'b', kind: 'binary', base64: '%%', modified: 1 }])).message).toContain('base64');
    expect(refusal(archive([{ path: 'b', kind: 'folder', modified: 1 }])).message).toContain('"folder"');
    expect(refusal(archive([ok, { ...ok, modified: 'yesterday' }])).message).toContain('modified');
    expect(refusal(archive([ok, ok])).message).toContain('repeats the path "a"');
    expect(refusal(archive([null])).code).toBe('invalid-archive');
  });
});
