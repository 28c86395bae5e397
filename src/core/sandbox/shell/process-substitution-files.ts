/**
 * Process substitution (`diff <(sort a) <(sort b)`) makes just-bash write the output of each
 * inner command to `/dev/fd/<n>` and delete it afterwards, which left empty `dev/fd/` folders in
 * the user's files. This layer keeps `/dev/fd` and everything in it in memory, for the run only:
 * the sandbox never sees them, so nothing is left behind and no change event is sent.
 */
import type { IFileSystem } from 'just-bash';
import { errnoError } from './file-system-errors';
import { normalizeShellPath } from './shell-paths';

type FsStat = Awaited<ReturnType<IFileSystem['stat']>>;

const descriptorFolder = '/dev/fd';
const folders = new Set(['/dev', descriptorFolder]);

function folderStat(): FsStat {
  return { isFile: false, isDirectory: true, isSymbolicLink: false, mode: 0o755, size: 0, mtime: new Date(0) };
}

function toBytes(content: string | Uint8Array): Uint8Array {
  if (typeof content !== 'string') return content;
  // just-bash hands over binary strings (one character per byte) for process substitution.
  return Uint8Array.from(content, (character) => character.charCodeAt(0) & 0xff);
}

/**
 * `fs` with `/dev` and `/dev/fd` as folders of the run's own, in memory; every other path is `fs`'s.
 *
 * @example
 * ```ts
 * const fs = withProcessSubstitutionFiles(createSandboxFileSystem(sandbox));
 * await fs.writeFile('/dev/fd/63', 'a\n'); // the sandbox gets no /dev folder
 * ```
 */
export function withProcessSubstitutionFiles<T extends IFileSystem>(fs: T): T {
  const files = new Map<string, Uint8Array>();
  const local = (path: string): string | undefined => {
    const target = normalizeShellPath(path);
    return folders.has(target) || target.startsWith(`${descriptorFolder}/`) ? target : undefined;
  };
  const read = (target: string, syscall: string): Uint8Array => {
    const content = files.get(target);
    if (content === undefined) throw errnoError(folders.has(target) ? 'EISDIR' : 'ENOENT', syscall, target);
    return content;
  };
  const stat = async (path: string): Promise<FsStat> => {
    const target = local(path);
    if (target === undefined) return fs.stat(path);
    if (folders.has(target)) return folderStat();
    return { isFile: true, isDirectory: false, isSymbolicLink: false, mode: 0o600, size: read(target, 'stat').length, mtime: new Date(0) };
  };
  const names = (target: string): string[] => (target === descriptorFolder ? [...files.keys()].map((path) => path.slice(descriptorFolder.length + 1)) : ['fd', 'null']);

  return {
    ...fs,
    async readFile(path, options) {
      const target = local(path);
      if (target === undefined) return fs.readFile(path, options);
      return new TextDecoder().decode(read(target, 'open'));
    },
    async readFileBuffer(path) {
      const target = local(path);
      return target === undefined ? fs.readFileBuffer(path) : read(target, 'open');
    },
    async writeFile(path, content, options) {
      const target = local(path);
      if (target === undefined) return fs.writeFile(path, content, options);
      if (folders.has(target)) throw errnoError('EISDIR', 'open', target);
      files.set(target, toBytes(content));
    },
    async appendFile(path, content, options) {
      const target = local(path);
      if (target === undefined) return fs.appendFile(path, content, options);
      if (folders.has(target)) throw errnoError('EISDIR', 'open', target);
      const before = files.get(target) ?? new Uint8Array(0);
      const added = typeof content === 'string' ? new TextEncoder().encode(content) : content;
      const joined = new Uint8Array(before.length + added.length);
      joined.set(before);
      joined.set(added, before.length);
      files.set(target, joined);
    },
    async exists(path) {
      const target = local(path);
      if (target === undefined) return fs.exists(path);
      return folders.has(target) || files.has(target);
    },
    stat,
    lstat: stat,
    async mkdir(path, options) {
      const target = local(path);
      if (target === undefined) return fs.mkdir(path, options);
      if (!folders.has(target)) throw errnoError('EACCES', 'mkdir', target);
    },
    async readdir(path) {
      const target = local(path);
      return target === undefined || !folders.has(target) ? fs.readdir(path) : names(target);
    },
    async rm(path, options) {
      const target = local(path);
      if (target === undefined) return fs.rm(path, options);
      if (!files.delete(target) && options?.force !== true && !folders.has(target)) throw errnoError('ENOENT', 'rm', target);
    },
  };
}
