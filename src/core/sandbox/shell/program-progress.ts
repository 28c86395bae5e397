/**
 * A tool call's progress while programs of its script run: their stdout and stderr so far (the
 * latest `maxChars` of each), reported as the tool's progress, which the tool card shows while the
 * call runs. The final result replaces it.
 */

/** Progress of a `bash` or `run_code` call: what its programs wrote so far. */
export interface ProgramProgress {
  stdout: string;
  stderr: string;
}

/**
 * Makes the `onOutput` of a shell run that reports what programs wrote as the call's progress.
 *
 * @example
 * ```ts
 * await shell.run({ command, signal, onOutput: programProgress(reportProgress, 8_000) });
 * ```
 */
export function programProgress(report: (progress: ProgramProgress) => void, maxChars: number): (chunk: { stream: 'stdout' | 'stderr'; text: string }) => void {
  const progress: ProgramProgress = { stdout: '', stderr: '' };
  return ({ stream, text }) => {
    const joined = progress[stream] + text;
    progress[stream] = joined.length > maxChars ? joined.slice(joined.length - maxChars) : joined;
    report({ ...progress });
  };
}
