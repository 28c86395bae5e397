/**
 * What a live preview reports about the page it shows (see `<Preview onLog>` in
 * `react-agent-kit/components`): the page's console, its uncaught errors, what failed to build,
 * and where it stands. Plain JSON, so it can be recorded, saved and shown to a model as it is.
 */

/** Console methods the preview forwards. */
export type PreviewConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

/** Where a preview stands: building and loading its page, showing it, or unable to show it. */
export type PreviewStatus = 'loading' | 'ready' | 'failed' | 'closed';

/** A place in a sandbox file (1-based line and column). */
export interface PreviewSource {
  /** The sandbox path (`/app.js`). */
  file: string;
  line?: number;
  column?: number;
}

/**
 * One thing the preview reported: `console` (a console call in the page), `error` (an uncaught
 * exception), `rejection` (an unhandled promise rejection), `build-error` (a file that could not
 * be built: a syntax error, an import that names no file; the page was not shown), `status` (the
 * page is loading, was loaded from the sandbox at `version`, failed, or the preview closed).
 *
 * @example
 * ```ts
 * const entry: PreviewLogEntry = { kind: 'error', text: 'ReferenceError: count is not defined', source: { file: '/app.js', line: 3 }, time: Date.now() };
 * ```
 */
export type PreviewLogEntry =
  | { kind: 'console'; level: PreviewConsoleLevel; text: string; time: number }
  | { kind: 'error' | 'rejection'; text: string; source?: PreviewSource; stack?: string; time: number }
  | { kind: 'build-error'; text: string; source?: PreviewSource; time: number }
  | { kind: 'status'; status: PreviewStatus; entry: string; version: number; time: number };
