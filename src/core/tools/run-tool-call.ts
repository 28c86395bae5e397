import type { AgentEvent } from '../events';
import type { AuditActor, ToolCall, ToolCallState } from '../state';
import type { ToolDefinition, ToolExecuteResult } from './define-tool';

/** A host-side runner for declaration-only tools (see `createAgent({ onToolCall })`). */
export type ToolCallHandler = (call: { toolCallId: string; name: string; input: unknown; signal: AbortSignal }) => unknown;

export interface RunToolCallContext {
  tools: ReadonlyMap<string, ToolDefinition>;
  onToolCall?: ToolCallHandler | undefined;
  dispatch: (event: AgentEvent) => void;
  /** Aborted when the user stops the run. */
  signal: AbortSignal;
  now: () => number;
}

/** Raised internally when a call passes its `timeoutMs`. */
class ToolTimeoutError extends Error {}

/**
 * Runs one call that has complete input, moving it through the state machine to exactly one
 * final state. Never throws: every failure becomes an error result the model can act on,
 * worded to say what went wrong and how to fix it.
 *
 * @example
 * ```ts
 * await runToolCall(call, { tools, dispatch, signal, now: Date.now });
 * ```
 */
export async function runToolCall(call: ToolCall, context: RunToolCallContext): Promise<void> {
  const update = (state: ToolCallState, fields: Partial<Pick<ToolCall, 'input' | 'output' | 'error'>> = {}, by: AuditActor = 'runtime', note?: string) =>
    context.dispatch({ type: 'tool-call-update', toolCallId: call.id, state, by, at: context.now(), ...(note ? { note } : {}), ...fields });

  const tool = context.tools.get(call.name);
  if (!tool) {
    const known = [...context.tools.keys()];
    return update('output-error', {
      error: `Unknown tool "${call.name}". ${known.length ? `Available tools: ${known.join(', ')}.` : 'No tools are available.'} Call one of the available tools by its exact name.`,
    });
  }
  const parsed = call.input !== undefined ? { ok: true as const, value: call.input } : parseArguments(call.inputText);
  if (!parsed.ok) {
    return update('output-error', {
      error: `The arguments for "${call.name}" are not valid JSON (${parsed.reason}). Send the arguments as one JSON object that matches the tool's input schema.`,
    });
  }
  if (!tool.execute && !context.onToolCall) {
    return update('output-error', {
      error: `The tool "${call.name}" is declared without an implementation and this app has no handler for it, so it did not run.`,
    });
  }

  const controller = new AbortController();
  const stopListener = () => controller.abort(context.signal.reason);
  context.signal.addEventListener('abort', stopListener, { once: true });
  const timer = tool.timeoutMs ? setTimeout(() => controller.abort(new ToolTimeoutError()), tool.timeoutMs) : undefined;
  update('running', { input: parsed.value });
  try {
    const execution = tool.execute
      ? consumeResult(tool.execute(parsed.value as never, { signal: controller.signal, toolCallId: call.id, reportProgress: (progress) => context.dispatch({ type: 'tool-call-progress', toolCallId: call.id, progress }) }), call.id, context)
      : Promise.resolve(context.onToolCall!({ toolCallId: call.id, name: call.name, input: parsed.value, signal: controller.signal }));
    const output = await raceAbort(execution, controller.signal);
    update('output-available', { output }, tool.execute ? 'runtime' : 'host');
  } catch (error) {
    if (context.signal.aborted) {
      update('cancelled', { error: `The user stopped the run while "${call.name}" was running; it has no result.` }, 'user');
    } else if (controller.signal.reason instanceof ToolTimeoutError) {
      update('output-error', { error: `The tool "${call.name}" timed out after ${tool.timeoutMs} ms and was stopped.` });
    } else {
      update('output-error', { error: `The tool "${call.name}" failed: ${describeError(error)}` });
    }
  } finally {
    clearTimeout(timer);
    context.signal.removeEventListener('abort', stopListener);
  }
}

function parseArguments(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  // Models send an empty string for tools without parameters.
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: describeError(error) };
  }
}

/** Awaits a value, or walks an async iterable: every value is progress, the last one the result. */
async function consumeResult(result: ToolExecuteResult<unknown>, toolCallId: string, context: RunToolCallContext): Promise<unknown> {
  if (!isAsyncIterable(result)) return await result;
  let last: unknown;
  for await (const value of result) {
    last = value;
    context.dispatch({ type: 'tool-call-progress', toolCallId, progress: value });
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

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : JSON.stringify(error) ?? String(error);
}
