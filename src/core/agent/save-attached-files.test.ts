import { describe, expect, it } from 'vitest';
import { createSandbox } from '../sandbox/index';
import type { Sandbox } from '../sandbox/sandbox-types';
import type { FilePart } from '../store/state';
import { saveAttachedFiles } from './save-attached-files';

/** The sandbox, counting how often a name is looked up. */
function countingSandbox(sandbox: Sandbox): { sandbox: Sandbox; lookups: () => number } {
  let lookups = 0;
  const counted = new Proxy(sandbox, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (key !== 'exists' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        lookups++;
        return (value as (...rest: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { sandbox: counted, lookups: () => lookups };
}

const note = (filename: string, index: number): FilePart => ({ type: 'file', id: `part-${index}`, mediaType: 'text/plain', filename, data: btoa(`note ${index}`) });

describe('saveAttachedFiles', () => {
  it('saves 3,000 files of one name under free names, looking each name up a constant number of times (linear, not quadratic)', () => {
    const { sandbox, lookups } = countingSandbox(createSandbox());
    const files = Array.from({ length: 3_000 }, (_, index) => note('notes.txt', index));
    const saved = saveAttachedFiles(sandbox, '/uploads', files);
    expect(saved.map((part) => part.path)).toEqual(['/uploads/notes.txt', ...Array.from({ length: 2_999 }, (_, index) => `/uploads/notes-${index + 2}.txt`)]);
    expect(sandbox.readFile('/uploads/notes-3000.txt')).toBe('note 2999');
    // Before: the search for a free name started at "-2" for every file, 4.5 million lookups.
    expect(lookups()).toBeLessThanOrEqual(2 * files.length);
  });

  it('skips names taken before the save and names the save itself made, per name', () => {
    const sandbox = createSandbox({ files: { 'uploads/a.txt': 'old', 'uploads/a-3.txt': 'old' } });
    const saved = saveAttachedFiles(sandbox, '/uploads', [note('a.txt', 0), note('b.txt', 1), note('a.txt', 2), note('a-2.txt', 3), note('b.txt', 4), note('a.txt', 5)]);
    expect(saved.map((part) => part.path)).toEqual(['/uploads/a-2.txt', '/uploads/b.txt', '/uploads/a-4.txt', '/uploads/a-2-2.txt', '/uploads/b-2.txt', '/uploads/a-5.txt']);
  });
});
