/**
 * Size limits of a sandbox. They bound what an agent (or a runaway loop) can put in the browser's
 * memory; every limit is checked before anything is written, so a refusal leaves the tree as it was.
 */

/** Limits of one sandbox. Each is optional in `createSandbox`; unset ones take the defaults. */
export interface SandboxLimits {
  /** Largest single file, in bytes (UTF-8 bytes for text). */
  maxFileBytes: number;
  /** Largest sum of all file sizes, in bytes. */
  maxTotalBytes: number;
  /** Most files (directories do not count). */
  maxFiles: number;
  /** Most path segments below the root (`/a/b/c.txt` has depth 3). */
  maxDepth: number;
}

/** Longest file or directory name, in UTF-8 bytes (the common filesystem limit). */
export const maxNameBytes = 255;
/** Longest normalized path, in UTF-8 bytes (Linux's PATH_MAX). */
export const maxPathBytes = 4096;

/**
 * The limits used when none are given: room for a mid-sized repository, small enough for a tab.
 *
 * @example
 * ```ts
 * createSandbox({ limits: { ...defaultSandboxLimits, maxFiles: 100 } });
 * ```
 */
export const defaultSandboxLimits: Readonly<SandboxLimits> = Object.freeze({
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 200 * 1024 * 1024,
  maxFiles: 50_000,
  maxDepth: 64,
});

/**
 * Fills unset limits with the defaults and rejects nonsense (negative, NaN) early, where the
 * mistake is made, rather than as a confusing refusal on the first write.
 *
 * @example
 * ```ts
 * resolveLimits({ maxFiles: 10 }).maxDepth; // 64
 * ```
 */
export function resolveLimits(limits: Partial<SandboxLimits> = {}): SandboxLimits {
  const resolved = { ...defaultSandboxLimits, ...limits };
  for (const [key, value] of Object.entries(resolved)) {
    if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
      throw new RangeError(`Sandbox limit ${key} must be a non-negative number, got ${String(value)}.`);
    }
  }
  return resolved;
}
