import { describe, expect, it } from 'vitest';
import { PersistenceError } from '../../persistence/persistence-error';
import type { FileRecord } from './file-record';
import { fileRecordFromJson, fileRecordToJson } from './file-record-json';

const roundTrip = (record: FileRecord) => fileRecordFromJson(JSON.parse(JSON.stringify(fileRecordToJson(record))), 'testing');

describe('file records as JSON', () => {
  it('carries text, directories and every byte value of a binary file through JSON', () => {
    const every = new Uint8Array(256).map((_, index) => index);
    const records: FileRecord[] = [
      { path: '/notes.md', kind: 'text', text: 'Grüße 👋\n', modified: 1 },
      { path: '/empty', kind: 'directory', modified: 2 },
      { path: '/all.bin', kind: 'binary', bytes: every, modified: 3 },
      { path: '/none.bin', kind: 'binary', bytes: new Uint8Array(0), modified: 4 },
    ];
    expect(records.map(roundTrip)).toEqual(records);
    expect(fileRecordToJson(records[2]!)).toEqual({ path: '/all.bin', kind: 'binary', base64: expect.any(String), modified: 3 });
    expect(fileRecordToJson({ path: '/a.bin', kind: 'binary', bytes: new Uint8Array([1, 2]), modified: 0 })).toEqual({ path: '/a.bin', kind: 'binary', base64: 'AQI=', modified: 0 });
  });

  it('encodes a large binary file (past one chunk of the encoder)', () => {
    const bytes = new Uint8Array(100_000).map((_, index) => (index * 7) % 256);
    const back = roundTrip({ path: '/big.bin', kind: 'binary', bytes, modified: 0 });
    expect(back.kind === 'binary' && back.bytes.length).toBe(bytes.length);
    expect(back.kind === 'binary' && back.bytes.every((byte, index) => byte === bytes[index])).toBe(true);
  });

  it('refuses what is not a record, with invalid-record naming the problem', () => {
    const refuse = (value: unknown) => {
      try {
        fileRecordFromJson(value, 'reading the request');
      } catch (error) {
        expect(error).toBeInstanceOf(PersistenceError);
        expect((error as PersistenceError).code).toBe('invalid-record');
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refuse({ path: '/a.bin', kind: 'binary', base64: 'not base64!', modified: 0 })).toMatch(/"\/a.bin" is a binary file without base64/);
    expect(refuse({ path: '/a.bin', kind: 'binary', bytes: [1, 2], modified: 0 })).toMatch(/without base64/);
    expect(refuse({ path: '', kind: 'text', text: 'a', modified: 0 })).toMatch(/reading the request: the path is empty/);
    expect(refuse({ path: '/a', kind: 'link', modified: 0 })).toMatch(/kind "link"/);
    expect(refuse(null)).toMatch(/not an object/);
  });

  it('keeps only the known fields', () => {
    expect(fileRecordFromJson({ path: '/a', kind: 'text', text: 'a', modified: 0, extra: 1 }, 'testing')).toEqual({ path: '/a', kind: 'text', text: 'a', modified: 0 });
  });
});
