/**
 * A program's output as it is written: kept in order for the result, passed on to `onOutput` as
 * it comes, and cut at the run's byte limit (stdout and stderr together), which stops the program.
 */
import type { CodeOutputChunk } from './code-types';

/** The output of one run. */
export interface CodeOutput {
  write(stream: CodeOutputChunk['stream'], text: string): void;
  /** Adds the runtime's own closing line to stderr, past the limit if need be. */
  note(text: string): void;
  /** Whether the limit was passed (the program is then stopped). */
  readonly overflowed: boolean;
  readonly stdout: string;
  readonly stderr: string;
}

const encoder = new TextEncoder();

/** The longest prefix of `text` within `bytes` UTF-8 bytes. */
function prefixWithin(text: string, bytes: number): string {
  let low = 0;
  let high = Math.min(text.length, bytes);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (encoder.encode(text.slice(0, middle)).length <= bytes) low = middle;
    else high = middle - 1;
  }
  return text.slice(0, low);
}

/**
 * Creates the output of a run that keeps at most `maxBytes` bytes.
 *
 * @example
 * ```ts
 * const output = createCodeOutput(1_000_000, (chunk) => console.log(chunk.text));
 * output.write('stdout', 'hi\n');
 * ```
 */
export function createCodeOutput(maxBytes: number, onOutput: ((chunk: CodeOutputChunk) => void) | undefined): CodeOutput {
  let stdout = '';
  let stderr = '';
  let used = 0;
  let overflowed = false;
  return {
    write(stream, text) {
      if (overflowed || text === '') return;
      const size = encoder.encode(text).length;
      let kept = text;
      if (used + size > maxBytes) {
        kept = prefixWithin(text, maxBytes - used);
        overflowed = true;
      }
      used += kept === text ? size : encoder.encode(kept).length;
      if (stream === 'stdout') stdout += kept;
      else stderr += kept;
      if (kept !== '') onOutput?.({ stream, text: kept });
    },
    note(text) {
      stderr += text;
      onOutput?.({ stream: 'stderr', text });
    },
    get overflowed() {
      return overflowed;
    },
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
  };
}
