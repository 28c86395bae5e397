import type { AgentEvent } from '../events';
import type { AuditActor, ToolCall, ToolCallState } from '../state';
import type { ToolDefinition, ToolExecuteResult } from './define-tool';

/**
 * Returned by an `onToolCall` handler that will supply the result later through
 * `agent.submitToolResult(id, output)` (for example after the user acted in the UI).
 */
export const deferToolResult: unique symbol = Symbol.for('react-agent-kit.deferToolResult');

/** Runs declaration-only tools (tools without `execute`) in the host app, e.g. through a backend bridge. */
export type ToolCallHandler = (call: { toolCallId: string; name: string; input: unknown; signal: AbortSignal }) => unknown;

export interface ExecuteContext {
  onToolCall?: ToolCallHandler | undefined;
  dispatch: (event: AgentEvent) => void;
  /** Aborted when the run stops (by the user or a limit). */
  signal: AbortSignal;
  now: () => number;
}

/** Raised internally when a call passes its `timeoutMs`. */
class ToolTimeoutError extends Error {}

/**
 * Runs one admitted call to exactly one final state, or leaves it `running` and returns
 * `'deferred'` when the host will submit the result. Never throws: a thrown error, a timeout
 * or an abort becomes the call's result.
 *
 * @example
 * ```ts
 * await executeToolCall(call, input, tool, { dispatch, signal, now: Date.now }, 'user', 'approved');
 * ```
 */
export async function executeToolCall(
  call: ToolCall,
  input: unknown,
  tool: ToolDefinition,
  context: ExecuteContext,
  startedBy: AuditActor = 'runtime',
  note?: string,
): Promise<'done' | 'deferred'> {
  const update = (state: ToolCallState, fields: { output?: unknown; error?: string } = {}, by: AuditActor = 'runtime', updateNote?: string) =>
    context.dispatch({ type: 'tool-call-update', toolCallId: call.id, state, by, at: context.now(), ...(updateNote ? { note: updateNote } : {}), ...fields });

  if (!tool.execute && !context.onToolCall) {
    update('output-error', {
      error: `The tool "${call.name}" is declared without an implementation and this app has no handler for it, so it did not run.`,
    });
    return 'done';
  }
  const controller = new AbortController();
  const stopListener = () => controller.abort(context.signal.reason);
  if (context.signal.aborted) controller.abort(context.signal.reason);
  else context.signal.addEventListener('abort', stopListener, { once: true });
  const timer = tool.timeoutMs ? setTimeout(() => controller.abort(new ToolTimeoutError()), tool.timeoutMs) : undefined;
  update('running', {}, startedBy, note);
  try {
    const reportProgress = (progress: unknown) => context.dispatch({ type: 'tool-call-progress', toolCallId: call.id, progress });
    const execution = tool.execute
      ? consumeResult(tool.execute(input as never, { signal: controller.signal, toolCallId: call.id, reportProgress }), reportProgress)
      : Promise.resolve(context.onToolCall!({ toolCallId: call.id, name: call.name, input, signal: controller.signal }));
    const output = await raceAbort(execution, controller.signal);
    if (output === deferToolResult) return 'deferred';
    update('output-available', { output }, tool.execute ? 'runtime' : 'host');
  } catch (error) {
    if (controller.signal.reason instanceof ToolTimeoutError) {
      update('output-error', { error: `The tool "${call.name}" timed out after ${tool.timeoutMs} ms and was stopped.` });
    } else if (context.signal.aborted) {
      update('cancelled', { error: `The run was stopped while "${call.name}" was running; it has no result.` });
    } else {
      update('output-error', { error: `The tool "${call.name}" failed: ${describeError(error)}` }, tool.execute ? 'runtime' : 'host');
    }
  } finally {
    clearTimeout(timer);
    context.signal.removeEventListener('abort', stopListener);
  }
  return 'done';
}

/** Awaits a value, or walks an async iterable: each value is progress, the last one is the result. */
async function consumeResult(result: ToolExecuteResult<unknown>, reportProgress: (progress: unknown) => void): Promise<unknown> {
  if (!isAsyncIterable(result)) return await result;
  let last: unknown;
  for await (const value of result) {
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

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}
