import { describe, expect, it } from 'vitest';
import { createSandbox } from '../create-sandbox';
import { SandboxError } from '../tree/sandbox-errors';
import type { SandboxEvent } from '../sandbox-types';
import { toErrnoError } from './file-system-errors';
import { createSandboxFileSystem } from './sandbox-file-system';

function setup(files: Record<string, string | Uint8Array> = { 'a.txt': 'hello\n', 'src/b.ts': 'export const b = 1;\n' }, limits = {}) {
  const sandbox = createSandbox({ files, limits });
  const events: SandboxEvent[] = [];
  sandbox.subscribe((event) => events.push(event));
  return { sandbox, fs: createSandboxFileSystem(sandbox), events };
}

/** The errno code a promise rejects with. */
async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  throw new Error('expected a rejection');
}

describe('reading', () => {
  it('reads text, bytes and the encodings the shell asks for', async () => {
    const { fs } = setup({ 'a.txt': 'hi', 'bin.dat': new Uint8Array([0xff, 0x00, 0x41]) });
    expect(await fs.readFile('/a.txt')).toBe('hi');
    expect(await fs.readFile('/a.txt', 'hex')).toBe('6869');
    expect(await fs.readFile('/a.txt', { encoding: 'base64' })).toBe('aGk=');
    expect(await fs.readFile('/bin.dat', 'latin1')).toBe('\u00ff\u0000A');
    expect(await fs.readFile('/bin.dat', 'ascii')).toBe('\u007f\u0000A');
    expect([...(await fs.readFileBuffer('/bin.dat'))]).toEqual([0xff, 0x00, 0x41]);
  });

  it('maps a missing file to ENOENT and a directory to EISDIR, with the path in the message', async () => {
    const { fs } = setup();
    await expect(fs.readFile('/missing.txt')).rejects.toThrow("ENOENT: no such file or directory, open '/missing.txt'");
    expect(await codeOf(fs.readFile('/src'))).toBe('EISDIR');
    expect(await codeOf(fs.readFile('/a.txt/inside'))).toBe('ENOTDIR');
  });

  it('stats files and directories; exists never throws', async () => {
    const { fs } = setup();
    expect(await fs.stat('/a.txt')).toMatchObject({ isFile: true, isDirectory: false, isSymbolicLink: false, size: 6, mode: 0o644 });
    expect(await fs.lstat('/src')).toMatchObject({ isFile: false, isDirectory: true, mode: 0o755 });
    expect((await fs.stat('/a.txt')).mtime).toBeInstanceOf(Date);
    expect(await codeOf(fs.stat('/nope'))).toBe('ENOENT');
    expect(await fs.exists('/src/b.ts')).toBe(true);
    expect(await fs.exists('/nope')).toBe(false);
    expect(await fs.exists('/a\\b')).toBe(false);
  });

  it('lists directories, with types', async () => {
    const { fs } = setup();
    expect(await fs.readdir('/')).toEqual(['a.txt', 'src']);
    expect(await fs.readdirWithFileTypes!('/')).toEqual([
      { name: 'a.txt', isFile: true, isDirectory: false, isSymbolicLink: false },
      { name: 'src', isFile: false, isDirectory: true, isSymbolicLink: false },
    ]);
    expect(await codeOf(fs.readdir('/a.txt'))).toBe('ENOTDIR');
    expect(await codeOf(fs.readdir('/nope'))).toBe('ENOENT');
    expect(fs.getAllPaths()).toEqual(['/', '/a.txt', '/src', '/src/b.ts']);
    expect(await fs.realpath('/src/../a.txt')).toBe('/a.txt');
  });
});

describe('writing', () => {
  it('stores text as text and only real binary as bytes', async () => {
    const { sandbox, fs } = setup({});
    await fs.writeFile('/t.txt', 'café');
    await fs.writeFile('/u.txt', new TextEncoder().encode('also text'));
    await fs.writeFile('/l.txt', '\u00e9', 'binary');
    await fs.writeFile('/b.dat', new Uint8Array([0, 1, 2]));
    expect(sandbox.stat('/t.txt').binary).toBe(false);
    expect(sandbox.readFile('/u.txt')).toBe('also text');
    expect(sandbox.stat('/u.txt').binary).toBe(false);
    expect([...sandbox.readBytes('/l.txt')]).toEqual([0xe9]);
    expect(sandbox.stat('/l.txt').binary).toBe(true);
    expect(sandbox.stat('/b.dat').binary).toBe(true);
  });

  it('appends to text and to bytes, and refuses a directory', async () => {
    const { sandbox, fs } = setup({ 'log.txt': 'one\n', 'b.dat': new Uint8Array([0]) });
    await fs.appendFile('/log.txt', 'two\n');
    await fs.appendFile('/new.txt', 'first\n');
    await fs.appendFile('/b.dat', new Uint8Array([1]));
    expect(sandbox.readFile('/log.txt')).toBe('one\ntwo\n');
    expect(sandbox.readFile('/new.txt')).toBe('first\n');
    expect([...sandbox.readBytes('/b.dat')]).toEqual([0, 1]);
    expect(await codeOf(fs.appendFile('/', 'x'))).toBe('EISDIR');
  });

  it('creates directories like mkdir and mkdir -p', async () => {
    const { sandbox, fs } = setup();
    await fs.mkdir('/docs');
    await fs.mkdir('/deep/er/est', { recursive: true });
    await fs.mkdir('/src', { recursive: true });
    expect(sandbox.stat('/deep/er/est').kind).toBe('directory');
    expect(await codeOf(fs.mkdir('/src'))).toBe('EEXIST');
    expect(await codeOf(fs.mkdir('/x/y'))).toBe('ENOENT');
    expect(await codeOf(fs.mkdir('/a.txt/y'))).toBe('ENOTDIR');
    expect(await codeOf(fs.mkdir('/a.txt', { recursive: true }))).toBe('EEXIST');
  });

  it('removes like rm, rm -f and rm -r', async () => {
    const { sandbox, fs } = setup();
    expect(await codeOf(fs.rm('/nope'))).toBe('ENOENT');
    await fs.rm('/nope', { force: true });
    expect(await codeOf(fs.rm('/src'))).toBe('ENOTEMPTY');
    expect(await codeOf(fs.rm('/', { recursive: true }))).toBe('EPERM');
    await fs.rm('/src', { recursive: true });
    await fs.rm('/a.txt');
    expect(sandbox.list('/')).toEqual([]);
  });

  it('copies files and trees, and moves with overwrite of files only', async () => {
    const { sandbox, fs } = setup({ 'a.txt': 'A', 'src/b.ts': 'B', 'src/deep/c.ts': 'C', 'bin.dat': new Uint8Array([0xff]) });
    await fs.cp('/a.txt', '/copy.txt');
    await fs.cp('/bin.dat', '/copy.dat');
    await fs.cp('/src', '/lib', { recursive: true });
    expect(sandbox.readFile('/copy.txt')).toBe('A');
    expect(sandbox.stat('/copy.dat').binary).toBe(true);
    expect(sandbox.readFile('/lib/deep/c.ts')).toBe('C');
    expect(await codeOf(fs.cp('/src', '/other'))).toBe('EISDIR');
    expect(await codeOf(fs.cp('/src', '/src/inner', { recursive: true }))).toBe('EINVAL');
    expect(await codeOf(fs.cp('/nope', '/x'))).toBe('ENOENT');

    await fs.mv('/copy.txt', '/a.txt');
    expect(sandbox.exists('/copy.txt')).toBe(false);
    await fs.mv('/lib', '/library');
    expect(sandbox.readFile('/library/b.ts')).toBe('B');
    expect(await codeOf(fs.mv('/a.txt', '/src'))).toBe('EEXIST');
    expect(await codeOf(fs.mv('/nope', '/x'))).toBe('ENOENT');
  });
});

describe('the sandbox rules, as errno codes', () => {
  it('turns quotas into ENOSPC and leaves the file as it was', async () => {
    const { sandbox, fs } = setup({ 'a.txt': 'small' }, { maxTotalBytes: 20, maxFiles: 2, maxFileBytes: 18 });
    expect(await codeOf(fs.writeFile('/a.txt', 'x'.repeat(19)))).toBe('ENOSPC');
    await fs.writeFile('/b.txt', 'b');
    expect(await codeOf(fs.writeFile('/c.txt', 'c'))).toBe('ENOSPC');
    await expect(fs.writeFile('/b.txt', 'b'.repeat(16))).rejects.toThrow(/ENOSPC: no space left on device, open '\/b.txt' \(.*limit is 20/);
    expect(sandbox.readFile('/a.txt')).toBe('small');
    expect(sandbox.readFile('/b.txt')).toBe('b');
  });

  it('refuses forbidden names with EACCES and over-long ones with ENAMETOOLONG, explaining the rule', async () => {
    const { fs } = setup();
    await expect(fs.writeFile('/a\\b', 'x')).rejects.toThrow(/^EACCES: permission denied, open '\/a\\b' \(.*backslash/);
    expect(await codeOf(fs.writeFile('/a\u0000b', 'x'))).toBe('EACCES');
    expect(await codeOf(fs.writeFile(`/${'n'.repeat(300)}`, 'x'))).toBe('ENAMETOOLONG');
  });

  it('passes other errors through and keeps the SandboxError message', () => {
    const other = new TypeError('boom');
    expect(toErrnoError(other, 'open', '/a')).toBe(other);
    const translated = toErrnoError(new SandboxError('quota-files', 'The sandbox is limited to 2 files.', '/c'), 'open', '/c') as Error & { code: string; syscall: string; path: string };
    expect(translated).toMatchObject({ code: 'ENOSPC', syscall: 'open', path: '/c' });
    expect(translated.message).toBe("ENOSPC: no space left on device, open '/c' (The sandbox is limited to 2 files.)");
  });
});

describe('what a sandbox does not have', () => {
  it('refuses links and permissions with ENOTSUP and a reason; there are no symlinks to read', async () => {
    const { sandbox, fs } = setup();
    await expect(fs.symlink('/etc/passwd', '/link')).rejects.toThrow(/ENOTSUP.*no symbolic links/);
    await expect(fs.link('/a.txt', '/hard')).rejects.toThrow(/ENOTSUP.*no hard links/);
    await expect(fs.chmod('/a.txt', 0o755)).rejects.toThrow(/ENOTSUP.*permissions/);
    expect(await codeOf(fs.chmod('/nope', 0o755))).toBe('ENOENT');
    expect(await codeOf(fs.readlink('/a.txt'))).toBe('EINVAL');
    expect(await codeOf(fs.readlink('/nope'))).toBe('ENOENT');
    expect(sandbox.exists('/link') || sandbox.exists('/hard')).toBe(false);
  });

  it('accepts utimes on an existing path (times are the sandbox own) and refuses a missing one', async () => {
    const { fs, events } = setup();
    await fs.utimes('/a.txt', new Date(0), new Date(0));
    expect(events).toEqual([]);
    expect(await codeOf(fs.utimes('/nope', new Date(0), new Date(0)))).toBe('ENOENT');
  });

  it('treats /dev/null as a sink that reads empty, without a file in the sandbox', async () => {
    const { sandbox, fs, events } = setup();
    await fs.writeFile('/dev/null', '');
    await fs.writeFile('/dev/null', 'discarded');
    await fs.appendFile('/dev/null', 'discarded');
    expect(await fs.readFile('/dev/null')).toBe('');
    expect(await fs.exists('/dev/null')).toBe(true);
    fs.flush();
    expect(sandbox.exists('/dev')).toBe(false);
    expect(events).toEqual([]);
  });
});

describe('paths', () => {
  it('resolves relative paths and stops `..` at the root, as POSIX does', () => {
    const { fs } = setup();
    expect(fs.resolvePath('/src', '../a.txt')).toBe('/a.txt');
    expect(fs.resolvePath('/', '..')).toBe('/');
    expect(fs.resolvePath('/src', '../../../etc/passwd')).toBe('/etc/passwd');
    expect(fs.resolvePath('/src', '/abs//path/./x')).toBe('/abs/path/x');
  });

  it('normalizes paths a command passes directly, so `/..` is the root', async () => {
    const { fs } = setup();
    expect(await fs.readFile('/../../a.txt')).toBe('hello\n');
    expect(await fs.readdir('/..')).toEqual(['a.txt', 'src']);
  });
});

describe('deferred truncation (how a redirect writes)', () => {
  it('replaces the empty write with the next write: one event, one version', async () => {
    const { sandbox, fs, events } = setup({});
    await fs.writeFile('/out.txt', '', 'binary');
    expect(sandbox.exists('/out.txt')).toBe(false);
    await fs.writeFile('/out.txt', 'result\n');
    expect(sandbox.readFile('/out.txt')).toBe('result\n');
    expect(events.map((event) => `${event.type} ${event.path}`)).toEqual(['write /out.txt']);
  });

  it('truncates before anything reads the file or lists its directory', async () => {
    const { sandbox, fs } = setup({ 'a.txt': 'old\n' });
    await fs.writeFile('/a.txt', '');
    expect(await fs.readFile('/a.txt')).toBe('');
    await fs.writeFile('/b.txt', '');
    expect(await fs.readdir('/')).toEqual(['a.txt', 'b.txt']);
    expect(sandbox.readFile('/b.txt')).toBe('');
  });

  it('leaves the file untouched when the write that follows is refused', async () => {
    const { sandbox, fs } = setup({ 'a.txt': 'keep' }, { maxTotalBytes: 10 });
    await fs.writeFile('/a.txt', '');
    await fs.writeFile('/new.txt', '');
    expect(await codeOf(fs.writeFile('/a.txt', 'x'.repeat(50)))).toBe('ENOSPC');
    expect(await codeOf(fs.appendFile('/new.txt', 'x'.repeat(50)))).toBe('ENOSPC');
    fs.flush();
    expect(sandbox.readFile('/a.txt')).toBe('keep');
    expect(sandbox.exists('/new.txt')).toBe(false);
  });

  it('writes what is still pending on flush, and refuses a directory at once', async () => {
    const { sandbox, fs } = setup({});
    await fs.writeFile('/empty.txt', '');
    await fs.appendFile('/also-empty.txt', '');
    expect(await codeOf(fs.writeFile('/', ''))).toBe('EISDIR');
    fs.flush();
    expect(sandbox.readFile('/empty.txt')).toBe('');
    expect(sandbox.readFile('/also-empty.txt')).toBe('');
  });
});
