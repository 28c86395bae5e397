import { describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox';
import { isSandboxError, type SandboxErrorCode } from './tree/sandbox-errors';
import type { SandboxEvent } from './sandbox-types';

function refusal(action: () => unknown): SandboxErrorCode | 'no-error' {
  try {
    action();
    return 'no-error';
  } catch (error) {
    if (!isSandboxError(error)) throw error;
    return error.code;
  }
}

describe('createSandbox: files and reading', () => {
  it('starts with the given files, text and binary', () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'hello', '/bin/x': new Uint8Array([0, 1, 2]) } });
    expect(sandbox.readFile('/a.txt')).toBe('hello');
    expect([...sandbox.readBytes('bin/x')]).toEqual([0, 1, 2]);
    expect(sandbox.usage()).toEqual({ files: 2, bytes: 8 });
    expect(sandbox.version).toBe(0);
  });

  it('reads a range of lines, 1-based', () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\ntwo\nthree\nfour\n' } });
    expect(sandbox.readFile('a.txt', { offset: 2, limit: 2 })).toBe('two\nthree');
    expect(sandbox.readFile('a.txt', { offset: 4 })).toBe('four\n');
    expect(sandbox.readFile('a.txt', { limit: 1 })).toBe('one');
    expect(sandbox.readFile('a.txt', { offset: 1 })).toBe('one\ntwo\nthree\nfour\n');
    expect(sandbox.readFile('a.txt', { offset: 99 })).toBe('');
  });

  it('encodes text as UTF-8 bytes and decodes binary as text', () => {
    const sandbox = createSandbox({ files: { 't.txt': 'é', 'b.bin': new Uint8Array([104, 105]) } });
    expect([...sandbox.readBytes('t.txt')]).toEqual([0xc3, 0xa9]);
    expect(sandbox.readFile('b.bin')).toBe('hi');
    expect(sandbox.stat('t.txt')).toMatchObject({ kind: 'file', size: 2, binary: false });
  });

  it('keeps binary content isolated from the caller’s arrays', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const sandbox = createSandbox();
    sandbox.writeFile('b', bytes);
    bytes[0] = 9;
    sandbox.readBytes('b')[1] = 9;
    expect([...sandbox.readBytes('b')]).toEqual([1, 2, 3]);
  });

  it('refuses reading what is missing or a directory', () => {
    const sandbox = createSandbox({ files: { 'src/a.ts': '' } });
    expect(refusal(() => sandbox.readFile('nope'))).toBe('not-found');
    expect(refusal(() => sandbox.readFile('src'))).toBe('is-a-directory');
    expect(refusal(() => sandbox.readFile('src/a.ts/x'))).toBe('not-a-directory');
    expect(refusal(() => sandbox.readBytes('/'))).toBe('is-a-directory');
  });

  it('treats composed and decomposed names as one file', () => {
    const sandbox = createSandbox();
    sandbox.writeFile('caf\u00e9.txt', 'one');
    sandbox.writeFile('cafe\u0301.txt', 'two');
    expect(sandbox.list().map((entry) => entry.name)).toEqual(['caf\u00e9.txt']);
    expect(sandbox.readFile('caf\u00e9.txt')).toBe('two');
  });
});

describe('createSandbox: writing, directories, delete, move', () => {
  it('writes with parents, and refuses to overwrite when asked not to', () => {
    const sandbox = createSandbox();
    sandbox.writeFile('a/b/c.txt', 'x');
    expect(sandbox.stat('a/b')).toMatchObject({ kind: 'directory', size: 1 });
    expect(refusal(() => sandbox.writeFile('a/b/c.txt', 'y', { overwrite: false }))).toBe('already-exists');
    sandbox.writeFile('a/b/c.txt', 'y');
    expect(sandbox.readFile('a/b/c.txt')).toBe('y');
    expect(refusal(() => sandbox.writeFile('a/b', 'x'))).toBe('is-a-directory');
    expect(refusal(() => sandbox.writeFile('/', 'x'))).toBe('is-a-directory');
    expect(refusal(() => sandbox.writeFile('a/b/c.txt/d', 'x'))).toBe('not-a-directory');
    expect(refusal(() => sandbox.writeFile('x', 42 as unknown as string))).toBe('invalid-content');
  });

  it('makes directories recursively; an existing one is fine, a file is not', () => {
    const sandbox = createSandbox({ files: { f: '' } });
    sandbox.mkdir('x/y/z');
    sandbox.mkdir('x/y');
    expect(sandbox.list('x/y')).toMatchObject([{ name: 'z', kind: 'directory', size: 0, path: '/x/y/z' }]);
    expect(refusal(() => sandbox.mkdir('f'))).toBe('already-exists');
    expect(refusal(() => sandbox.mkdir('f/g'))).toBe('not-a-directory');
  });

  it('lists sorted entries with kind, size and modified time', () => {
    let clock = 1000;
    const sandbox = createSandbox({ now: () => clock });
    sandbox.writeFile('b.txt', 'abc');
    clock = 2000;
    sandbox.writeFile('a/x', '');
    expect(sandbox.list('/')).toEqual([
      { name: 'a', path: '/a', kind: 'directory', size: 1, modified: 2000 },
      { name: 'b.txt', path: '/b.txt', kind: 'file', size: 3, modified: 1000, binary: false },
    ]);
    expect(refusal(() => sandbox.list('b.txt'))).toBe('not-a-directory');
    expect(refusal(() => sandbox.list('none'))).toBe('not-found');
    expect(sandbox.stat('/')).toMatchObject({ kind: 'directory', path: '/' });
  });

  it('reports existence without throwing for missing paths', () => {
    const sandbox = createSandbox({ files: { f: '' } });
    expect(sandbox.exists('f')).toBe(true);
    expect(sandbox.exists('g')).toBe(false);
    expect(sandbox.exists('f/g')).toBe(false);
    expect(refusal(() => sandbox.exists('../f'))).toBe('path-escapes-root');
  });

  it('deletes files, and directories only when recursive', () => {
    const sandbox = createSandbox({ files: { 'd/a': '12', 'd/b': '345', e: '' } });
    expect(refusal(() => sandbox.delete('d'))).toBe('directory-not-empty');
    sandbox.delete('d', { recursive: true });
    expect(sandbox.usage()).toEqual({ files: 1, bytes: 0 });
    sandbox.mkdir('empty');
    sandbox.delete('empty');
    expect(refusal(() => sandbox.delete('missing'))).toBe('not-found');
    expect(refusal(() => sandbox.delete('/', { recursive: true }))).toBe('path-is-root');
  });

  it('moves and renames files and directories', () => {
    const sandbox = createSandbox({ files: { 'a/x.ts': 'x', 'a/y/z.ts': 'z', b: 'b' } });
    sandbox.move('a', 'lib/a2');
    expect(sandbox.readFile('lib/a2/y/z.ts')).toBe('z');
    expect(sandbox.exists('a')).toBe(false);
    sandbox.move('b', 'c');
    expect(sandbox.readFile('c')).toBe('b');
    expect(sandbox.usage().files).toBe(3);
  });

  it('refuses moves into itself, onto existing paths, and from missing paths', () => {
    const sandbox = createSandbox({ files: { 'a/x': 'x', b: 'bb', c: 'c' } });
    expect(refusal(() => sandbox.move('a', 'a/inner'))).toBe('move-into-self');
    expect(refusal(() => sandbox.move('b', 'c'))).toBe('already-exists');
    expect(refusal(() => sandbox.move('b', 'a', { overwrite: true }))).toBe('already-exists');
    expect(refusal(() => sandbox.move('nope', 'd'))).toBe('not-found');
    expect(refusal(() => sandbox.move('/', 'd'))).toBe('path-is-root');
    expect(refusal(() => sandbox.move('b', 'c/d'))).toBe('not-a-directory');
    sandbox.move('b', 'c', { overwrite: true });
    expect(sandbox.usage()).toEqual({ files: 2, bytes: 3 });
    sandbox.move('a', 'a'); // a no-op, not an error
    expect(sandbox.readFile('a/x')).toBe('x');
  });
});

describe('createSandbox: limits are checked before anything is written', () => {
  it('file size, total bytes and file count', () => {
    const sandbox = createSandbox({ limits: { maxFileBytes: 4, maxTotalBytes: 6, maxFiles: 2 } });
    expect(refusal(() => sandbox.writeFile('a', 'abcde'))).toBe('file-too-large');
    expect(refusal(() => sandbox.writeFile('a', 'éé€'))).toBe('file-too-large'); // 3 characters, 7 bytes
    sandbox.writeFile('a', 'abcd');
    expect(refusal(() => sandbox.writeFile('b', 'abc'))).toBe('quota-bytes');
    sandbox.writeFile('b', 'ab');
    expect(refusal(() => sandbox.writeFile('c', ''))).toBe('quota-files');
    sandbox.writeFile('a', 'a'); // overwriting frees bytes and needs no new file slot
    expect(sandbox.usage()).toEqual({ files: 2, bytes: 3 });
  });

  it('path depth, for writes, mkdir and moved subtrees', () => {
    const sandbox = createSandbox({ limits: { maxDepth: 3 } });
    sandbox.writeFile('a/b/c', '');
    expect(refusal(() => sandbox.writeFile('a/b/c2/d', ''))).toBe('path-too-deep');
    expect(refusal(() => sandbox.mkdir('a/b/c2/d'))).toBe('path-too-deep');
    expect(refusal(() => sandbox.move('a/b', 'x/y/b'))).toBe('path-too-deep');
    expect(sandbox.list('a/b').map((entry) => entry.name)).toEqual(['c']);
  });

  it('a refused write leaves no parent directories behind and no event', () => {
    const sandbox = createSandbox({ limits: { maxFileBytes: 1 } });
    const events: SandboxEvent[] = [];
    sandbox.subscribe((event) => events.push(event));
    expect(refusal(() => sandbox.writeFile('new/dir/file', 'too big'))).toBe('file-too-large');
    expect(sandbox.list()).toEqual([]);
    expect(events).toEqual([]);
    expect(sandbox.version).toBe(0);
  });

  it('rejects nonsense limits when created', () => {
    expect(() => createSandbox({ limits: { maxFiles: -1 } })).toThrow(RangeError);
  });
});

describe('createSandbox: change events', () => {
  it('reports each change after it happened, with an increasing version', () => {
    const sandbox = createSandbox();
    const events: SandboxEvent[] = [];
    const stop = sandbox.subscribe((event) => {
      events.push(event);
      expect(sandbox.version).toBe(event.version);
    });
    sandbox.writeFile('a', '1');
    sandbox.mkdir('d');
    sandbox.mkdir('d'); // nothing changed: no event
    sandbox.move('a', 'd/a');
    sandbox.delete('d', { recursive: true });
    stop();
    sandbox.writeFile('b', '');
    expect(events).toEqual([
      { type: 'write', path: '/a', version: 1 },
      { type: 'mkdir', path: '/d', version: 2 },
      { type: 'move', path: '/d/a', from: '/a', version: 3 },
      { type: 'delete', path: '/d', version: 4 },
    ]);
    expect(sandbox.version).toBe(5);
  });

  it('a throwing listener does not undo the change or stop other listeners', async () => {
    const sandbox = createSandbox();
    const seen: string[] = [];
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    sandbox.subscribe(() => {
      throw new Error('listener bug');
    });
    sandbox.subscribe((event) => seen.push(event.path));
    sandbox.writeFile('a', '1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('uncaughtException', onError);
    expect(seen).toEqual(['/a']);
    expect(sandbox.readFile('a')).toBe('1');
  });
});
