/**
 * The host's side of a program's filesystem: the operations `fs` and `require` call, performed on
 * the sandbox through its public API (so its path rules and quotas apply, and its subscribers see
 * every change as it happens) and answered as JSON. A refusal comes back as a Node-style error
 * (`ENOENT: no such file or directory, open '/missing.txt'`) that the guest throws with its `code`.
 */
import type { Sandbox } from '../../sandbox-types';
import { bytesToLatin1 } from '../../shell/byte-encodings';
import { toErrnoError } from '../../shell/file-system-errors';
import { parentOf, resolveShellPath } from '../../shell/shell-paths';
import { resolveModule } from './module-resolution';

/** What an operation answers: its value, or the error the guest throws. */
export type HostAnswer = { ok: true; value: unknown } | { ok: false; error: { message: string; code?: string; syscall?: string; path?: string } };

type Operation = (sandbox: Sandbox, ...args: never[]) => unknown;

function latin1ToBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index) & 0xff;
  return bytes;
}

/** Node writes only into a directory that exists (the sandbox's own writeFile would create it). */
function requireParent(sandbox: Sandbox, path: string, syscall: string): void {
  const parent = parentOf(path);
  if (!sandbox.exists(parent)) throw Object.assign(new Error(`ENOENT: no such file or directory, ${syscall} '${path}'`), { code: 'ENOENT', syscall, path });
  if (sandbox.stat(parent).kind !== 'directory') throw Object.assign(new Error(`ENOTDIR: not a directory, ${syscall} '${path}'`), { code: 'ENOTDIR', syscall, path });
}

function entryStat(sandbox: Sandbox, path: string) {
  const entry = sandbox.stat(path);
  return { kind: entry.kind, size: entry.kind === 'file' ? entry.size : 0, modified: entry.modified };
}

function removeTree(sandbox: Sandbox, path: string, recursive: boolean, force: boolean): null {
  if (!sandbox.exists(path)) {
    if (force) return null;
    sandbox.stat(path);
  }
  sandbox.delete(path, { recursive });
  return null;
}

function makeDirectory(sandbox: Sandbox, path: string, recursive: boolean): string | null {
  if (!recursive) {
    if (sandbox.exists(path)) throw Object.assign(new Error(`EEXIST: file already exists, mkdir '${path}'`), { code: 'EEXIST', syscall: 'mkdir', path });
    sandbox.stat(parentOf(path));
    sandbox.mkdir(path);
    return null;
  }
  let first: string | null = null;
  for (let current = path; current !== '/' && !sandbox.exists(current); current = parentOf(current)) first = current;
  sandbox.mkdir(path);
  return first;
}

const operations: Record<string, { syscall: string; run: Operation }> = {
  readText: { syscall: 'open', run: (sandbox, path: string) => sandbox.readFile(path) },
  readBinary: { syscall: 'open', run: (sandbox, path: string) => bytesToLatin1(sandbox.readBytes(path)) },
  writeText: {
    syscall: 'open',
    run: (sandbox, path: string, text: string, append: boolean) => {
      requireParent(sandbox, path, 'open');
      return sandbox.writeFile(path, append && sandbox.exists(path) ? sandbox.readFile(path) + text : text);
    },
  },
  writeBinary: {
    syscall: 'open',
    run: (sandbox, path: string, latin1: string, append: boolean) => {
      requireParent(sandbox, path, 'open');
      const bytes = latin1ToBytes(latin1);
      if (!append || !sandbox.exists(path)) return sandbox.writeFile(path, bytes);
      const before = sandbox.readBytes(path);
      const joined = new Uint8Array(before.length + bytes.length);
      joined.set(before);
      joined.set(bytes, before.length);
      return sandbox.writeFile(path, joined);
    },
  },
  exists: { syscall: 'access', run: (sandbox, path: string) => sandbox.exists(path) },
  stat: { syscall: 'stat', run: entryStat },
  readdir: { syscall: 'scandir', run: (sandbox, path: string) => sandbox.list(path).map((entry) => ({ name: entry.path.slice(entry.path.lastIndexOf('/') + 1), kind: entry.kind })) },
  mkdir: { syscall: 'mkdir', run: makeDirectory },
  // Node looks the path up (lstat) before it removes anything, so that is the call a missing path fails in.
  rm: { syscall: 'lstat', run: removeTree },
  rmdir: {
    syscall: 'rmdir',
    run: (sandbox, path: string) => {
      if (sandbox.stat(path).kind !== 'directory') throw Object.assign(new Error(`ENOTDIR: not a directory, rmdir '${path}'`), { code: 'ENOTDIR', syscall: 'rmdir', path });
      sandbox.delete(path);
      return null;
    },
  },
  unlink: {
    syscall: 'unlink',
    run: (sandbox, path: string) => {
      if (sandbox.stat(path).kind === 'directory') throw Object.assign(new Error(`EISDIR: illegal operation on a directory, unlink '${path}'`), { code: 'EISDIR', syscall: 'unlink', path });
      sandbox.delete(path);
      return null;
    },
  },
  rename: {
    syscall: 'rename',
    run: (sandbox, from: string, to: string) => {
      sandbox.stat(from);
      requireParent(sandbox, to, 'rename');
      return sandbox.move(from, to, { overwrite: true });
    },
  },
  copyFile: {
    syscall: 'copyfile',
    run: (sandbox, from: string, to: string) => {
      const bytes = sandbox.readBytes(from);
      requireParent(sandbox, to, 'copyfile');
      return sandbox.writeFile(to, bytes);
    },
  },
};

/**
 * Creates the dispatcher the guest's `fs` and `require` call: `call('readText', '["/a.txt"]')`.
 * Paths arrive absolute (the guest resolves them against its `process.cwd()`).
 *
 * @example
 * ```ts
 * const call = createHostOperations(sandbox, (path) => sandbox.readFile(path));
 * call('stat', JSON.stringify(['/src'])); // '{"ok":true,"value":{"kind":"directory",...}}'
 * ```
 */
export function createHostOperations(sandbox: Sandbox, loadCommonJs: (path: string) => string): (name: string, argsJson: string) => string {
  return (name, argsJson) => {
    const args = JSON.parse(argsJson) as unknown[];
    let answer: HostAnswer;
    try {
      if (name === 'resolve') {
        const [specifier, from] = args as [string, string];
        answer = { ok: true, value: resolveModule(sandbox, specifier, from) };
      } else if (name === 'load') {
        const [path] = args as [string];
        answer = { ok: true, value: loadCommonJs(path) };
      } else {
        const operation = operations[name];
        if (operation === undefined) throw new Error(`Unknown host operation: ${name}`);
        const path = resolveShellPath('/', typeof args[0] === 'string' ? args[0] : '/');
        try {
          answer = { ok: true, value: operation.run(sandbox, ...([path, ...args.slice(1)] as never[])) ?? null };
        } catch (error) {
          throw toErrnoError(error, operation.syscall, path);
        }
      }
    } catch (error) {
      const { message, code, syscall, path } = error as Error & { code?: string; syscall?: string; path?: string };
      answer = { ok: false, error: { message: message ?? String(error), ...(code === undefined ? {} : { code, syscall, path }) } };
    }
    return JSON.stringify(answer);
  };
}
