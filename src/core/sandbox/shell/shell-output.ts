/**
 * Output caps for the shell. A model reads what a command prints, so a runaway `cat` of a large
 * file must not fill its context: each stream is cut at a byte budget, on a character boundary,
 * with a note that says how much was left out.
 */
import { encodeUtf8, utf8Length } from '../tree/text-encoding';
import type { SandboxShellResult, ShellRunOutput } from './shell-types';

const decoder = new TextDecoder('utf-8');

/** One stream after the cap: the kept text (with a note when cut) and whether it was cut. */
export interface CappedOutput {
  text: string;
  truncated: boolean;
}

/**
 * Keeps the first `maxBytes` UTF-8 bytes of `text` (never splitting a character) and appends a
 * note with the number of bytes left out.
 *
 * @example
 * ```ts
 * capOutput('abcdef', 3); // { text: 'abc\n[output truncated: 3 more bytes not shown]\n', truncated: true }
 * ```
 */
export function capOutput(text: string, maxBytes: number): CappedOutput {
  const total = utf8Length(text);
  if (total <= maxBytes) return { text, truncated: false };
  // Decoding a cut prefix turns a split character into U+FFFD at the end; drop it.
  let kept = decoder.decode(encodeUtf8(text).subarray(0, Math.max(0, maxBytes)));
  if (kept.endsWith('\uFFFD') && !text.startsWith(kept)) kept = kept.slice(0, -1);
  const separator = kept === '' || kept.endsWith('\n') ? '' : '\n';
  return { text: `${kept}${separator}[output truncated: ${total - utf8Length(kept)} more bytes not shown]\n`, truncated: true };
}

/**
 * A run's result as `run` returns it: both streams cut at `maxBytes`, and whether either was.
 *
 * @example
 * ```ts
 * toShellResult({ exitCode: 0, stdout: 'abcdef', stderr: '' }, 3).truncated; // true
 * ```
 */
export function toShellResult(output: ShellRunOutput, maxBytes: number): SandboxShellResult {
  const stdout = capOutput(output.stdout, maxBytes);
  const stderr = capOutput(output.stderr, maxBytes);
  return { exitCode: output.exitCode, stdout: stdout.text, stderr: stderr.text, truncated: stdout.truncated || stderr.truncated };
}
