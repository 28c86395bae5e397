/**
 * A stand-in for `node:zlib` in browser builds. just-bash's browser bundle imports `gzipSync`,
 * `gunzipSync` and `constants` from `node:zlib` for its gzip commands (and `rg -z`); browsers have
 * no such module. The build configs alias `node:zlib` to this file, so the bundle builds without
 * a Node built-in and those commands fail with a clear message. (The shell replaces `gzip`,
 * `gunzip` and `zcat` with commands that say so; see `unsupported-commands`.)
 *
 * Not part of the public API: only `vite.config.ts` files and `bench/size.mjs` point at it.
 */

function unavailable(name: string): never {
  throw new Error(`${name} is not available: there is no zlib in the browser shell`);
}

/**
 * The compression levels just-bash reads (it only passes them back to `gzipSync`).
 *
 * @example
 * ```ts
 * constants.Z_BEST_COMPRESSION; // 9
 * ```
 */
export const constants = Object.freeze({ Z_BEST_SPEED: 1, Z_BEST_COMPRESSION: 9, Z_DEFAULT_COMPRESSION: -1 });

/**
 * Always throws: compression is not available in the browser shell.
 *
 * @example
 * ```ts
 * gzipSync(new Uint8Array()); // throws Error('gzipSync is not available: ...')
 * ```
 */
export function gzipSync(..._arguments: unknown[]): Uint8Array {
  return unavailable('gzipSync');
}

/**
 * Always throws: decompression is not available in the browser shell.
 *
 * @example
 * ```ts
 * gunzipSync(new Uint8Array()); // throws Error('gunzipSync is not available: ...')
 * ```
 */
export function gunzipSync(..._arguments: unknown[]): Uint8Array {
  return unavailable('gunzipSync');
}
