import type { AgentEvent } from '../store/events';
import type { AgentState, AuditActor, ToolCall, ToolCallState } from '../store/state';
import type { ResolvedHooks } from './agent-hooks';
import { hookKit } from './hook-kit';
import type { PendingResult } from './tool-hooks';
import type { ToolDefinition, ToolExecutionContext } from '../tools/define-tool';
import type { ToolLifecycle } from '../tools/tool-lifecycle';
import { describeToolFailure, invokeTool } from '../tools/invoke-tool';
import { toJsonData } from '../tools/json-data';
import { subAgentHostKey, type SubAgentHost } from './sub-agent-host';

export { describeError } from '../tools/invoke-tool';

/**
 * Returned by an `onToolCall` handler that will supply the result later through
 * `agent.submitToolResult(id, output)` (for example after the user acted in the UI).
 */
export const deferToolResult: unique symbol = Symbol.for('react-agent-kit.deferToolResult');

/** Runs declarations (tools without `execute`) in the host app, e.g. through the bridge to a backend. */
export type ToolCallHandler = (call: { toolCallId: string; name: string; input: unknown; signal: AbortSignal }) => unknown;

export interface ExecuteContext {
  onToolCall?: ToolCallHandler | undefined;
  dispatch: (event: AgentEvent) => void;
  /** Aborted when the run stops (by the user or a limit). */
  signal: AbortSignal;
  /** Time limit of calls to tools that set no `timeoutMs` (`Infinity`: none). */
  toolTimeoutMs: number;
  now: () => number;
  /** Runs each tool's `init` once before its first call (per agent). */
  toolLifecycle: ToolLifecycle;
  hooks?: ResolvedHooks | undefined;
  getState: () => AgentState;
  /** The agent behind the calls, for sub-agent tools (`defineAgentTool`). */
  subAgentHost?: SubAgentHost | undefined;
}

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

  const { onToolCall } = context;
  if (!tool.execute && !onToolCall) {
    update('output-error', {
      error: `The tool "${call.name}" is declared without an implementation and this app has no handler for it, so it did not run.`,
    });
    return 'done';
  }
  update('running', {}, startedBy, note);
  const runner: AuditActor = tool.execute ? 'runtime' : 'host';
  const body = tool.execute
    ? (toolContext: ToolExecutionContext) => tool.execute!(input, context.subAgentHost ? Object.assign(toolContext, { [subAgentHostKey]: context.subAgentHost }) : toolContext)
    : ({ signal }: ToolExecutionContext) => onToolCall!({ toolCallId: call.id, name: call.name, input, signal });
  const outcome = await invokeTool(
    // Inside the call, so its time limit and Stop apply to waiting for the tool's `init`.
    (toolContext) => {
      const ready = context.toolLifecycle.prepare(tool);
      return ready ? ready.then(() => body(toolContext)) : body(toolContext);
    },
    {
      signal: context.signal,
      toolCallId: call.id,
      timeoutMs: tool.timeoutMs ?? context.toolTimeoutMs,
      reportProgress: (progress) => {
        // Progress is only shown; a value that is not JSON is not kept (the result is checked below).
        const checked = toJsonData(progress, 'progress');
        if (checked.ok) context.dispatch({ type: 'tool-call-progress', toolCallId: call.id, progress: checked.value });
      },
    },
  );
  if (outcome.status === 'output' && outcome.output === deferToolResult) return 'deferred';
  let result = resultOf(call.name, outcome, runner);
  if (context.hooks?.afterToolCall.length && result.state !== 'cancelled') {
    // Loaded only by agents with hooks; they may replace the result before it is kept. A runner
    // that cannot load (offline after an update) must still leave the call with a result.
    const unchecked = result;
    result = await import('./tool-hooks').then(
      ({ applyAfterToolCall }) => applyAfterToolCall(call, tool, unchecked, context, hookKit),
      (error: unknown): PendingResult => ({ state: 'output-error', error: `The app's afterToolCall hooks could not be loaded (${String(error)}), so the result of "${call.name}" was not kept.`, by: 'runtime' }),
    );
  }
  const { state, by, note: resultNote, ...fields } = result;
  update(state, fields, by, resultNote);
  return 'done';
}

function resultOf(toolName: string, outcome: Awaited<ReturnType<typeof invokeTool>>, runner: AuditActor): PendingResult {
  switch (outcome.status) {
    case 'output': {
      const checked = toJsonData(outcome.output);
      return checked.ok ? { state: 'output-available', output: checked.value, by: runner } : { state: 'output-error', error: notJsonError(toolName, checked.problem), by: runner };
    }
    case 'aborted':
      return { state: 'cancelled', error: describeToolFailure(toolName, outcome), by: 'runtime' };
    case 'timeout':
      return { state: 'output-error', error: describeToolFailure(toolName, outcome), by: 'runtime' };
    case 'failed':
      return { state: 'output-error', error: describeToolFailure(toolName, outcome), by: runner };
  }
}

/**
 * The error result of a call whose output JSON cannot hold, worded for the model and the tool's author.
 *
 * @example
 * ```ts
 * notJsonError('lookup', 'a BigInt (1) at output.count');
 * ```
 */
export function notJsonError(toolName: string, problem: string): string {
  return `The tool "${toolName}" returned a value that is not JSON: ${problem}. A tool's result must be plain JSON data (objects, arrays, strings, numbers, booleans, null), so the result was not kept.`;
}
