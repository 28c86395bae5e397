/**
 * The guest's CommonJS: `require` of sandbox files and built-in modules, with Node's module cache,
 * `require.main`, `module` and `createRequire`; and the bridges the host's ES module loader uses
 * (`__builtin(name)` for `import 'node:fs'`, `__requireFromImport(path)` for an `import` of a
 * CommonJS file). Sent to the runtime as source last, so it is self-contained and shares only
 * `globalThis.__guest`.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- guest code mirrors Node's untyped surface */

/**
 * Defines `require` for sandbox files and `__runCommonJs(path)` (runs the entry as CommonJS).
 *
 * @example
 * ```ts
 * context.evalCode(`(${guestModules.toString()})()`);
 * ```
 */
export function guestModules(): void {
  const g = globalThis as any;
  const internal = g.__guest;
  const { call, host, path, builtins, drainTicks } = internal;
  g.__builtin = (name: string) => builtins[name];
  const cache = new Map<string, any>();
  let mainModule: any;

  function makeRequire(from: string) {
    const require = (specifier: string) => {
      if (typeof specifier !== 'string') throw new TypeError('The "id" argument must be of type string');
      const resolved = call('resolve', specifier, from);
      if (resolved.kind === 'builtin') return builtins[resolved.name];
      return loadCommonJs(resolved.path);
    };
    require.resolve = (specifier: string) => {
      const resolved = call('resolve', specifier, from);
      return resolved.kind === 'builtin' ? resolved.name : resolved.path;
    };
    require.cache = {};
    require.main = mainModule;
    return require;
  }

  function loadCommonJs(file: string) {
    const cached = cache.get(file);
    if (cached !== undefined) return cached.exports;
    const module: any = { exports: {}, id: file, path: path.dirname(file), filename: file, loaded: false, children: [], paths: [] };
    if (mainModule === undefined) {
      mainModule = module;
      module.id = '.';
    }
    cache.set(file, module);
    const source = call('load', file) as string;
    try {
      const wrapper = host.compile(source, file);
      wrapper.call(module.exports, module.exports, makeRequire(file), module, file, path.dirname(file));
    } catch (error) {
      // Node forgets a module that failed, so the next require runs it again.
      cache.delete(file);
      throw error;
    }
    module.loaded = true;
    return module.exports;
  }

  builtins.module = {
    builtinModules: Object.keys(builtins),
    createRequire: (from: unknown) => makeRequire(String(from).startsWith('file://') ? builtins.url.fileURLToPath(from) : String(from)),
  };
  g.__requireFromImport = loadCommonJs;
  g.__runCommonJs = (file: string) => {
    loadCommonJs(file);
    drainTicks();
  };
  // `node -e`: the snippet runs as the main module of a file in the directory it starts in.
  g.__runCommonJsSource = (source: string, file: string) => {
    const module: any = { exports: {}, id: '.', path: path.dirname(file), filename: file, loaded: false, children: [], paths: [] };
    mainModule = module;
    const wrapper = host.compile(source, file);
    wrapper.call(module.exports, module.exports, makeRequire(file), module, file, path.dirname(file));
    drainTicks();
  };
}
