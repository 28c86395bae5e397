/**
 * The guest's `fs` and `fs/promises`: Node's synchronous, callback and promise forms over the
 * host's filesystem operations, which act on the sandbox (so its rules, quotas and subscribers
 * apply). Errors carry Node's `code`, `errno`, `syscall` and `path`. Sent to the runtime as
 * source after `guestBuffer`, so it is self-contained and shares only `globalThis.__guest`.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- guest code mirrors Node's untyped surface */

/**
 * Defines the `fs` and `fs/promises` modules in the guest.
 *
 * @example
 * ```ts
 * context.evalCode(`(${guestFileSystem.toString()})()`);
 * ```
 */
export function guestFileSystem(): void {
  const internal = (globalThis as any).__guest;
  const { call, path, config, Buffer, utf8Decode, latin1, queueMicrotask } = internal;
  const resolvePath = (p: unknown) => {
    if (p instanceof Uint8Array) p = utf8Decode(p);
    if (typeof p !== 'string') throw new TypeError('The "path" argument must be of type string');
    return path.resolve(p);
  };
  const encodingOf = (options: any): string | undefined => (typeof options === 'string' ? options : options?.encoding ?? undefined);
  class Stats {
    constructor(private entry: { kind: string; size: number; modified: number }) {}
    get size() {
      return this.entry.size;
    }
    get mtimeMs() {
      return this.entry.modified;
    }
    get mtime() {
      return new Date(this.entry.modified);
    }
    get mode() {
      return this.entry.kind === 'directory' ? 0o40755 : 0o100644;
    }
    isFile() {
      return this.entry.kind === 'file';
    }
    isDirectory() {
      return this.entry.kind === 'directory';
    }
    isSymbolicLink() {
      return false;
    }
  }
  class Dirent {
    constructor(
      public name: string,
      private kind: string,
      public parentPath: string,
    ) {}
    isFile() {
      return this.kind === 'file';
    }
    isDirectory() {
      return this.kind === 'directory';
    }
    isSymbolicLink() {
      return false;
    }
  }
  function writeData(p: unknown, data: unknown, options: any, append: boolean) {
    const target = resolvePath(p);
    const flag = String(typeof options === 'object' && options !== null ? (options.flag ?? '') : '');
    if (flag.includes('x') && call('exists', target)) throw Object.assign(new Error(`EEXIST: file already exists, open '${target}'`), { errno: -17, code: 'EEXIST', syscall: 'open', path: target });
    append ||= flag.startsWith('a');
    if (typeof data === 'string') call('writeText', target, data, append);
    else if (data instanceof Uint8Array) call('writeBinary', target, latin1(data), append);
    else throw new TypeError('The "data" argument must be of type string or an instance of Buffer or Uint8Array');
  }
  const sync: Record<string, (...args: any[]) => any> = {
    readFileSync(p: unknown, options?: any) {
      if (p === 0 || p === '/dev/stdin') {
        const encoding = encodingOf(options);
        return encoding === undefined ? Buffer.from(config.stdin) : config.stdin;
      }
      const target = resolvePath(p);
      const encoding = encodingOf(options);
      if (encoding === 'utf8' || encoding === 'utf-8') return call('readText', target);
      const bytes = Buffer.from(call('readBinary', target), 'latin1');
      return encoding === undefined ? bytes : bytes.toString(encoding);
    },
    writeFileSync: (p: unknown, data: unknown, options?: any) => writeData(p, data, options, false),
    appendFileSync: (p: unknown, data: unknown, options?: any) => writeData(p, data, options, true),
    existsSync: (p: unknown) => {
      try {
        return call('exists', resolvePath(p));
      } catch {
        return false;
      }
    },
    accessSync: (p: unknown) => {
      try {
        call('stat', resolvePath(p));
      } catch (error) {
        throw Object.assign(error as Error, { message: (error as Error).message.replace(', stat ', ', access '), syscall: 'access' });
      }
    },
    statSync: (p: unknown, options?: { throwIfNoEntry?: boolean }) => {
      try {
        return new Stats(call('stat', resolvePath(p)));
      } catch (error) {
        if (options?.throwIfNoEntry === false && (error as any).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    readdirSync: (p: unknown, options?: any) => {
      const target = resolvePath(p);
      const list = (directory: string, prefix: string): { name: string; kind: string; parent: string }[] => {
        const entries = (call('readdir', directory) as { name: string; kind: string }[]).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        return entries.flatMap((entry) => {
          const own = { name: prefix + entry.name, kind: entry.kind, parent: directory };
          return options?.recursive && entry.kind === 'directory' ? [own, ...list(`${directory}/${entry.name}`, `${own.name}/`)] : [own];
        });
      };
      const entries = list(target, '');
      return options?.withFileTypes ? entries.map((entry) => new Dirent(entry.name.slice(entry.name.lastIndexOf('/') + 1), entry.kind, entry.parent)) : entries.map((entry) => entry.name);
    },
    mkdirSync: (p: unknown, options?: any) => {
      const created = call('mkdir', resolvePath(p), options === true || options?.recursive === true);
      return created === null ? undefined : created;
    },
    rmSync: (p: unknown, options?: any) => void call('rm', resolvePath(p), options?.recursive === true, options?.force === true),
    rmdirSync: (p: unknown, options?: any) => void (options?.recursive ? call('rm', resolvePath(p), true, false) : call('rmdir', resolvePath(p))),
    unlinkSync: (p: unknown) => void call('unlink', resolvePath(p)),
    renameSync: (from: unknown, to: unknown) => void call('rename', resolvePath(from), resolvePath(to)),
    copyFileSync: (from: unknown, to: unknown) => void call('copyFile', resolvePath(from), resolvePath(to)),
    realpathSync: (p: unknown) => {
      const target = resolvePath(p);
      call('stat', target);
      return target;
    },
  };
  sync.lstatSync = sync.statSync!;
  // File descriptors: a table of open files; writes go to the file at once (in order), reads come
  // from it at the descriptor's position.
  const descriptors = new Map<number, { path: string; position: number; append: boolean }>();
  let nextDescriptor = 3;
  const descriptor = (fd: unknown) => {
    const open = descriptors.get(Number(fd));
    if (open === undefined) throw Object.assign(new Error('EBADF: bad file descriptor'), { errno: -9, code: 'EBADF' });
    return open;
  };
  Object.assign(sync, {
    openSync(p: unknown, flags: unknown = 'r') {
      const target = resolvePath(p);
      const mode = String(flags);
      if (mode.startsWith('r')) call('stat', target);
      else if (mode.includes('x') && call('exists', target)) throw Object.assign(new Error(`EEXIST: file already exists, open '${target}'`), { errno: -17, code: 'EEXIST', syscall: 'open', path: target });
      else if (mode.startsWith('w') || !call('exists', target)) call('writeText', target, '', false);
      const fd = nextDescriptor++;
      descriptors.set(fd, { path: target, position: 0, append: mode.startsWith('a') });
      return fd;
    },
    closeSync(fd: unknown) {
      descriptor(fd);
      descriptors.delete(Number(fd));
    },
    writeSync(fd: unknown, data: unknown) {
      const open = descriptor(fd);
      const bytes = typeof data === 'string' ? Buffer.from(data) : (data as Uint8Array);
      call('writeBinary', open.path, latin1(bytes), true);
      open.position += bytes.length;
      return bytes.length;
    },
    readSync(fd: unknown, buffer: Uint8Array, offset = 0, length = buffer.length - offset, position: number | null = null) {
      const open = descriptor(fd);
      const bytes = Buffer.from(call('readBinary', open.path), 'latin1');
      const start = position ?? open.position;
      const chunk = bytes.subarray(start, start + length);
      buffer.set(chunk, offset);
      if (position === null) open.position += chunk.length;
      return chunk.length;
    },
    fstatSync: (fd: unknown) => new Stats(call('stat', descriptor(fd).path)),
  });
  // Node's errors name the path as the program gave it (`open 'data/x.txt'`), not the resolved one.
  for (const [name, operation] of Object.entries(sync)) {
    sync[name] = (...args: any[]) => {
      try {
        return operation(...args);
      } catch (error: any) {
        const given = args[0];
        if (typeof given === 'string' && typeof error?.path === 'string' && error.path !== given && error.path === path.resolve(given)) {
          error.message = String(error.message).split(`'${error.path}'`).join(`'${given}'`);
          error.path = given;
        }
        throw error;
      }
    };
  }
  const promises: Record<string, (...args: any[]) => Promise<any>> = {};
  const fs: any = { ...sync, constants: { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1 }, Stats, Dirent, promises };
  for (const [name, operation] of Object.entries(sync)) {
    const plain = name.slice(0, -4);
    if (name === 'existsSync') continue;
    promises[plain] = (...args: unknown[]) => new Promise((resolve) => resolve(operation(...args)));
    fs[plain] = (...args: unknown[]) => {
      const callback = args.pop();
      if (typeof callback !== 'function') throw new TypeError('The "cb" argument must be of type function');
      let result: unknown;
      try {
        result = operation(...args);
      } catch (error) {
        queueMicrotask(() => callback(error));
        return;
      }
      queueMicrotask(() => callback(null, result));
    };
  }
  fs.exists = (p: unknown, callback: (exists: boolean) => void) => queueMicrotask(() => callback(sync.existsSync!(p)));


  internal.builtins.fs = fs;
  internal.builtins['fs/promises'] = promises;
}
