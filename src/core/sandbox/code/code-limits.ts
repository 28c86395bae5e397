/**
 * The limits a program runs with when the app sets none, shared by the JavaScript and Python
 * runtimes so that both stop a program the same way.
 */
import type { CodeRunLimits, CodeStopReason } from './code-types';

/**
 * Ten seconds, 64 MB of heap, 1 MB of output.
 *
 * @example
 * ```ts
 * const limits = { ...defaultCodeLimits, timeoutMs: 30_000 };
 * ```
 */
export const defaultCodeLimits: Readonly<Required<CodeRunLimits>> = Object.freeze({
  timeoutMs: 10_000,
  memoryBytes: 64 * 1024 * 1024,
  maxOutputBytes: 1_000_000,
});

/** The exit code of a program stopped for `reason`: 124 like `timeout`, 130 like Ctrl-C, 137 like a kill. */
export function exitCodeOf(reason: CodeStopReason): number {
  return reason === 'timeout' ? 124 : reason === 'cancelled' ? 130 : reason === 'memory' ? 137 : 141;
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/**
 * The line a stopped program's stderr ends with: which limit stopped it, in words a model can act on.
 *
 * @example
 * ```ts
 * stoppedMessage('timeout', defaultCodeLimits); // 'stopped: the program ran longer than the time limit of 10000 ms\n'
 * ```
 */
export function stoppedMessage(reason: CodeStopReason, limits: Required<CodeRunLimits>): string {
  switch (reason) {
    case 'timeout':
      return `stopped: the program ran longer than the time limit of ${limits.timeoutMs} ms\n`;
    case 'memory':
      return `stopped: the program ran out of memory (the limit is ${megabytes(limits.memoryBytes)})\n`;
    case 'output':
      return `\nstopped: the program wrote more than the output limit of ${limits.maxOutputBytes} bytes\n`;
    case 'cancelled':
      return 'stopped: cancelled\n';
  }
}
