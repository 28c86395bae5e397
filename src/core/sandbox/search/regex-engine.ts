/**
 * The engine behind `grep` with `regex: true`: re2js, a JavaScript port of RE2 that matches in
 * time linear in the text (times the pattern), whatever the pattern. A model's `(a+)+$` cannot
 * make it backtrack, unlike the browser's own RegExp.
 *
 * It is about 45 kB gzipped, twice the sandbox entry's whole budget, so it loads on first use
 * (a lazy chunk, with the code that reads patterns and searches lines: `regex-search.ts`) and
 * only for regular expressions: literal search stays on the browser's native, linear string
 * search. `grep` itself stays synchronous; the agent's grep tool awaits {@link loadRegexEngine}
 * before it searches, and so must any other caller of `regex: true`.
 */
import { SandboxError } from '../tree/sandbox-errors';

/** The loaded engine: the regular-expression search, with re2js. */
export type RegexEngine = typeof import('./regex-search');

let engine: RegexEngine | undefined;
let loading: Promise<RegexEngine> | undefined;

/**
 * Loads the regular-expression engine of `grep` (once; later calls share the first load).
 * Rejects when the chunk cannot be loaded (offline, a failed deploy); a later call tries again.
 *
 * @example
 * ```ts
 * await loadRegexEngine();
 * sandbox.grep('(TODO|FIXME):', { regex: true });
 * ```
 */
export function loadRegexEngine(): Promise<void> {
  loading ??= import('./regex-search').then(
    (module) => (engine = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading.then(() => undefined);
}

/**
 * The engine, when {@link loadRegexEngine} has finished. Otherwise a `SandboxError` with code
 * `regex-engine-not-loaded` (and the load starts, so a caller that waits and retries succeeds).
 *
 * @example
 * ```ts
 * const { compileRegex } = loadedRegexEngine();
 * ```
 */
export function loadedRegexEngine(): RegexEngine {
  if (engine !== undefined) return engine;
  loadRegexEngine().catch(() => undefined);
  throw new SandboxError(
    'regex-engine-not-loaded',
    'Searching with a regular expression needs its engine, which loads on first use: `await loadRegexEngine()` (from react-agent-kit/sandbox) before `grep` with `regex: true`.',
  );
}
