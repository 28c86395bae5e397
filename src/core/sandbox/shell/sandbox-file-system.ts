/**
 * just-bash's filesystem interface (`IFileSystem`) implemented over a `Sandbox`, with only the
 * sandbox's public methods. Every path goes through the sandbox's path rules, so confinement is
 * the sandbox's, not the shell's; every change goes through the sandbox, so its quotas apply and
 * its subscribers (the file explorer, persistence) see what the shell writes.
 *
 * What a sandbox does not have fails loudly: symbolic links, hard links and permissions
 * (`chmod`) are refused with ENOTSUP. Times are the sandbox's own (the last write): `utimes`, used
 * by `touch` on an existing file, checks the path and changes nothing. `/dev/null` reads empty
 * and discards writes (it is not a file in the sandbox).
 */
import type { IFileSystem } from 'just-bash';
import { isSandboxError } from '../tree/sandbox-errors';
import { isWithin } from '../tree/sandbox-path';
import type { Sandbox, SandboxEntry } from '../sandbox-types';
import { concatBytes, decodeBytes, encodeText, encodingOf, isUtf8, storedContent, toStoredContent } from './byte-encodings';
import { createDeferredTruncations } from './deferred-truncations';
import { errnoError, toErrnoError, translate } from './file-system-errors';
import { childOf, normalizeShellPath, parentOf, resolveShellPath } from './shell-paths';

type FsStat = Awaited<ReturnType<IFileSystem['stat']>>;
type DirentEntry = Awaited<ReturnType<NonNullable<IFileSystem['readdirWithFileTypes']>>>[number];

const nullDevice = '/dev/null';
const fileMode = 0o644;
const directoryMode = 0o755;

function toStat(entry: SandboxEntry): FsStat {
  const directory = entry.kind === 'directory';
  return {
    isFile: !directory,
    isDirectory: directory,
    isSymbolicLink: false,
    mode: directory ? directoryMode : fileMode,
    size: directory ? 0 : entry.size,
    mtime: new Date(entry.modified),
    // Without links a path names one file; commands that guard against a file changing under
    // them (split) compare identities, and refuse to write when there is none.
    identity: `sandbox:${entry.path}`,
  };
}

/** just-bash's `IFileSystem` over a sandbox, plus `flush()`, which the shell calls after each run. */
export interface SandboxFileSystem extends IFileSystem {
  /** Performs the empty writes (truncations) still pending; see `deferred-truncations`. Throws like a write. */
  flush(): void;
}

/**
 * Adapts a sandbox to just-bash's `IFileSystem`, for `new Bash({ fs })`. Errors are Node-style
 * (`ENOENT: no such file or directory, open '/a.txt'`, with `code`), so commands print the usual
 * shell messages; refusals by the sandbox's rules (a path above the root) are EACCES, quotas
 * ENOSPC. Call `flush()` when a run ends: an empty write is deferred until something could see it.
 *
 * @example
 * ```ts
 * const { Bash } = await import('just-bash');
 * const fs = createSandboxFileSystem(sandbox);
 * const bash = new Bash({ fs, cwd: '/', defenseInDepth: false });
 * await bash.exec('echo hi > a.txt');
 * fs.flush(); // sandbox.readFile('/a.txt') === 'hi\n'
 * ```
 */
export function createSandboxFileSystem(sandbox: Sandbox): SandboxFileSystem {
  const truncations = createDeferredTruncations((path) => translate('open', path, () => sandbox.writeFile(path, '')));

  /** The normalized path, after performing the pending truncations an operation on it could observe. */
  function at(path: string): string {
    const target = normalizeShellPath(path);
    truncations.settle(target);
    return target;
  }

  /** The entry at `path`, or undefined when nothing is there; other refusals are thrown as errno errors. */
  function find(syscall: string, path: string): SandboxEntry | undefined {
    try {
      return sandbox.stat(path);
    } catch (error) {
      if (isSandboxError(error, 'not-found') || isSandboxError(error, 'not-a-directory')) return undefined;
      throw toErrnoError(error, syscall, path);
    }
  }

  function existing(syscall: string, path: string): SandboxEntry {
    const entry = find(syscall, path);
    if (entry === undefined) throw errnoError('ENOENT', syscall, path);
    return entry;
  }

  function write(path: string, content: string | Uint8Array): void {
    translate('open', path, () => sandbox.writeFile(path, content));
  }

  function copy(from: string, to: string, recursive: boolean): void {
    const source = existing('cp', from);
    if (from === to) return;
    if (source.kind === 'file') {
      write(to, source.binary === true ? sandbox.readBytes(from) : sandbox.readFile(from));
      return;
    }
    if (!recursive) throw errnoError('EISDIR', 'cp', from);
    if (isWithin(to, from)) throw errnoError('EINVAL', 'cp', to, 'cannot copy a directory into itself');
    translate('cp', to, () => sandbox.mkdir(to));
    for (const child of sandbox.list(from)) copy(child.path, childOf(to, child.name), true);
  }

  function unsupported(syscall: string, path: string, detail: string): never {
    throw errnoError('ENOTSUP', syscall, path, detail);
  }

  async function stat(path: string): Promise<FsStat> {
    const target = at(path);
    if (target === nullDevice) return { isFile: true, isDirectory: false, isSymbolicLink: false, mode: 0o666, size: 0, mtime: new Date(0) };
    return toStat(existing('stat', target));
  }

  return {
    async readFile(path, options) {
      const target = at(path);
      if (target === nullDevice) return '';
      const encoding = encodingOf(options);
      if (isUtf8(encoding)) return translate('open', target, () => sandbox.readFile(target));
      return decodeBytes(translate('open', target, () => sandbox.readBytes(target)), encoding);
    },
    async readFileBuffer(path) {
      const target = at(path);
      if (target === nullDevice) return new Uint8Array(0);
      return translate('open', target, () => sandbox.readBytes(target));
    },
    async writeFile(path, content, options) {
      const target = normalizeShellPath(path);
      if (target === nullDevice) return;
      if (content.length === 0) {
        // Checked now (a refused path or a directory fails at once); written when observed or flushed.
        if (find('open', target)?.kind === 'directory') throw errnoError('EISDIR', 'open', target);
        if (!truncations.take(target)) truncations.settle(target);
        truncations.defer(target);
        return;
      }
      truncations.take(target);
      truncations.settle(target);
      write(target, toStoredContent(content, encodingOf(options)));
    },
    async appendFile(path, content, options) {
      const target = normalizeShellPath(path);
      if (target === nullDevice) return;
      if (content.length === 0) {
        // `>> file` opens the file before the command runs: creating it is deferred like a truncation.
        const entry = truncations.take(target) ? undefined : find('open', target);
        if (entry?.kind === 'directory') throw errnoError('EISDIR', 'open', target);
        if (entry === undefined) truncations.defer(target);
        return;
      }
      // Appending to a pending truncation is writing the whole file.
      const truncated = truncations.take(target);
      truncations.settle(target);
      const encoding = encodingOf(options);
      const entry = truncated ? undefined : find('open', target);
      if (entry?.kind === 'directory') throw errnoError('EISDIR', 'open', target);
      if (entry?.binary !== true && typeof content === 'string' && isUtf8(encoding)) {
        write(target, (entry === undefined ? '' : sandbox.readFile(target)) + content);
        return;
      }
      const before = entry === undefined ? new Uint8Array(0) : sandbox.readBytes(target);
      write(target, storedContent(concatBytes(before, typeof content === 'string' ? encodeText(content, encoding) : content)));
    },
    async exists(path) {
      try {
        const target = at(path);
        return target === nullDevice || sandbox.exists(target);
      } catch {
        return false; // a path the sandbox refuses exists nowhere
      }
    },
    // There are no symbolic links, so lstat is stat.
    stat,
    lstat: stat,
    async mkdir(path, options) {
      const target = at(path);
      if (options?.recursive !== true) {
        if (find('mkdir', target) !== undefined) throw errnoError('EEXIST', 'mkdir', target);
        const parent = find('mkdir', parentOf(target));
        if (parent === undefined) throw errnoError('ENOENT', 'mkdir', target);
        if (parent.kind !== 'directory') throw errnoError('ENOTDIR', 'mkdir', target);
      }
      translate('mkdir', target, () => sandbox.mkdir(target));
    },
    async readdir(path) {
      const target = at(path);
      return translate('scandir', target, () => sandbox.list(target).map((entry) => entry.name));
    },
    async readdirWithFileTypes(path) {
      const target = at(path);
      return translate('scandir', target, () =>
        sandbox.list(target).map((entry): DirentEntry => ({ name: entry.name, isFile: entry.kind === 'file', isDirectory: entry.kind === 'directory', isSymbolicLink: false })),
      );
    },
    async rm(path, options) {
      const target = at(path);
      if (find('rm', target) === undefined) {
        if (options?.force === true) return;
        throw errnoError('ENOENT', 'rm', target);
      }
      translate('rm', target, () => sandbox.delete(target, { recursive: options?.recursive === true }));
    },
    async cp(source, destination, options) {
      copy(at(source), at(destination), options?.recursive === true);
    },
    async mv(source, destination) {
      const from = at(source);
      const to = at(destination);
      existing('rename', from);
      translate('rename', to, () => sandbox.move(from, to, { overwrite: true }));
    },
    resolvePath: resolveShellPath,
    getAllPaths() {
      truncations.settle();
      return ['/', ...sandbox.glob('**', { directories: true })];
    },
    async chmod(path) {
      unsupported('chmod', existing('chmod', at(path)).path, 'the sandbox does not keep file permissions');
    },
    async symlink(_target, linkPath) {
      unsupported('symlink', normalizeShellPath(linkPath), 'the sandbox has no symbolic links');
    },
    async link(_existingPath, newPath) {
      unsupported('link', normalizeShellPath(newPath), 'the sandbox has no hard links');
    },
    async readlink(path) {
      const target = existing('readlink', at(path)).path;
      throw errnoError('EINVAL', 'readlink', target, 'not a symbolic link; the sandbox has none');
    },
    async realpath(path) {
      return existing('realpath', at(path)).path;
    },
    async utimes(path) {
      existing('utime', at(path));
    },
    flush() {
      truncations.settle();
    },
  };
}
