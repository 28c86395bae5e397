/**
 * Running one tool body to an outcome: the part of executing a call that the browser's loop and
 * the backend's tool route share. It owns the call's abort signal (the caller's signal, or the
 * per-call time limit, whichever comes first) and walks a streamed result (each yielded value is
 * progress, the last one is the result). It never throws: every way a call can end is an outcome.
 */
import type { ToolExecuteResult, ToolExecutionContext } from './define-tool';

/** How one tool call ended. */
export type ToolCallOutcome =
  | { status: 'output'; output: unknown }
  | { status: 'timeout'; timeoutMs: number }
  | { status: 'aborted'; reason: unknown }
  | { status: 'failed'; error: unknown };

/** Options of `invokeTool`. */
export interface InvokeToolOptions {
  /** Stops the call (the run was stopped, the client went away). */
  signal: AbortSignal;
  toolCallId: string;
  /** Ends the call as `timeout` when it runs longer; `undefined` or `Infinity`: no limit. */
  timeoutMs?: number | undefined;
  /** Receives each progress value of a streamed result. */
  reportProgress?: (progress: unknown) => void;
}

/**
 * Thrown by a tool whose error message already reads as the call's whole result (a backend that
 * worded it, say): the model receives the message as it is, without the usual
 * `The tool "x" failed:` in front.
 *
 * @example
 * ```ts
 * throw new ToolFailureError('The tool "lookup" timed out after 5000 ms on the server and was stopped.');
 * ```
 */
export class ToolFailureError extends Error {
  override readonly name = 'ToolFailureError';
}

const maxTimerDelayMs = 2 ** 31 - 1;

/** Raised internally when a call passes its time limit. */
class ToolTimeoutError extends Error {}

/**
 * Runs `body` with a signal that aborts on `options.signal` or after `timeoutMs`, and settles as
 * soon as either happens, even when the body ignores its signal.
 *
 * @example
 * ```ts
 * const outcome = await invokeTool((context) => tool.execute!(input, context), { signal, toolCallId: 'call-1', timeoutMs: 5_000 });
 * if (outcome.status === 'output') send(outcome.output);
 * ```
 */
export async function invokeTool(body: (context: ToolExecutionContext) => ToolExecuteResult<unknown>, options: InvokeToolOptions): Promise<ToolCallOutcome> {
  const controller = new AbortController();
  const { signal, timeoutMs } = options;
  const onAbort = () => controller.abort(signal.reason);
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', onAbort, { once: true });
  // setTimeout fires at once for delays past 2^31-1 ms (about 24.8 days): such a limit is none.
  const timer = timeoutMs && timeoutMs <= maxTimerDelayMs ? setTimeout(() => controller.abort(new ToolTimeoutError()), timeoutMs) : undefined;
  const reportProgress = options.reportProgress ?? (() => {});
  try {
    // The body starts synchronously (a call that is already done settles in the same tick); one
    // that throws synchronously lands in the catch below like any other failure.
    const output = await raceAbort(consumeResult(body({ signal: controller.signal, toolCallId: options.toolCallId, reportProgress }), reportProgress), controller.signal);
    return { status: 'output', output };
  } catch (error) {
    if (controller.signal.reason instanceof ToolTimeoutError) return { status: 'timeout', timeoutMs: timeoutMs ?? 0 };
    if (signal.aborted) return { status: 'aborted', reason: signal.reason };
    return { status: 'failed', error };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * The error text of an outcome that is not an output, worded for the model (it reads it and
 * decides what to do next) and for people (the tool timeline shows it).
 *
 * @example
 * ```ts
 * describeToolFailure('lookup', { status: 'timeout', timeoutMs: 5000 }); // 'The tool "lookup" timed out after 5000 ms and was stopped.'
 * ```
 */
export function describeToolFailure(toolName: string, outcome: Exclude<ToolCallOutcome, { status: 'output' }>): string {
  switch (outcome.status) {
    case 'timeout':
      return `The tool "${toolName}" timed out after ${outcome.timeoutMs} ms and was stopped.`;
    case 'aborted':
      return `The run was stopped while "${toolName}" was running; it has no result.`;
    case 'failed':
      return outcome.error instanceof ToolFailureError ? outcome.error.message : `The tool "${toolName}" failed: ${describeError(outcome.error)}`;
  }
}

/** A readable message for anything thrown: an Error's message, a string, or its JSON. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}

/**
 * Awaits a value, or walks an async iterable (also one a promise resolves to, as when a tool's
 * `init` runs first): each value is progress, the last one is the result.
 */
async function consumeResult(result: ToolExecuteResult<unknown>, reportProgress: (progress: unknown) => void): Promise<unknown> {
  const settled = isAsyncIterable(result) ? result : await result;
  if (!isAsyncIterable(settled)) return settled;
  let last: unknown;
  for await (const value of settled) {
    last = value;
    reportProgress(value);
  }
  return last;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}
