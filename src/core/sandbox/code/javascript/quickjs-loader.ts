/**
 * Loads QuickJS (the engine, compiled to WebAssembly) on first use: `quickjs-emscripten-core` and
 * its `@jitl/quickjs-wasmfile-release-sync` build are optional peers, imported dynamically, so an
 * app that never runs JavaScript in the sandbox ships none of them. The WebAssembly file is found
 * next to the build's module (`new URL('emscripten-module.wasm', import.meta.url)`), which
 * bundlers emit as an asset of the app's own origin.
 */
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';

/** Said when the packages are missing: what to install. */
export const missingJavaScriptEngineMessage =
  'JavaScript in the sandbox needs the optional packages quickjs-emscripten-core and @jitl/quickjs-wasmfile-release-sync: npm install quickjs-emscripten-core @jitl/quickjs-wasmfile-release-sync';

let loading: Promise<QuickJSWASMModule> | undefined;

/**
 * The QuickJS module, loaded once. A module whose memory a program may have left inconsistent
 * (a run ended by running out of memory) is dropped with `discardQuickJs`, and the next run loads
 * a fresh one.
 *
 * @example
 * ```ts
 * const quickJs = await loadQuickJs();
 * const runtime = quickJs.newRuntime();
 * ```
 */
export function loadQuickJs(): Promise<QuickJSWASMModule> {
  loading ??= (async () => {
    let core: typeof import('quickjs-emscripten-core');
    let variant: typeof import('@jitl/quickjs-wasmfile-release-sync');
    try {
      [core, variant] = await Promise.all([import('quickjs-emscripten-core'), import('@jitl/quickjs-wasmfile-release-sync')]);
    } catch {
      throw new Error(missingJavaScriptEngineMessage);
    }
    return core.newQuickJSWASMModuleFromVariant(variant.default);
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/**
 * Drops the loaded module, so the next run starts a fresh one.
 *
 * @example
 * ```ts
 * discardQuickJs();
 * ```
 */
export function discardQuickJs(): void {
  loading = undefined;
}
