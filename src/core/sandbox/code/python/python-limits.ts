/**
 * The limits a Python run gets when the caller sets none, and the exit codes of the runs the
 * runtime stops itself (the same as the shell's: `timeout`'s 124, 128 + SIGINT for Stop).
 */
import type { CodeRunLimits } from '../code-types';

/**
 * Default limits of `runPython`: 30 s of wall time (loading Pyodide does not count), 256 MB of
 * heap on top of Python's own, and 1 MB of output.
 *
 * @example
 * ```ts
 * await runPython(sandbox, { language: 'python', code }, { ...defaultPythonLimits, timeoutMs: 5_000 });
 * ```
 */
export const defaultPythonLimits: Readonly<Required<CodeRunLimits>> = Object.freeze({
  timeoutMs: 30_000,
  memoryBytes: 256 * 1024 * 1024,
  maxOutputBytes: 1_000_000,
});

/** Exit code of a run stopped by its time limit (as `timeout` reports). */
export const pythonTimeoutExitCode = 124;
/** Exit code of a run stopped by the caller's signal (128 + SIGINT). */
export const pythonCancelledExitCode = 130;
