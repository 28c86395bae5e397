import type { AgentEvent } from '../events';
import { createId } from '../ids';
import type { LanguageModel, ProviderFunctionTool } from '../model/language-model';
import type { RetryPolicy } from '../model/retry-policy';
import { toProviderPrompt } from '../model/to-provider-prompt';
import type { AgentError, AgentState, NoticePart, ToolCall } from '../state';
import type { ToolDefinition } from '../tools/define-tool';
import { runToolCall, type ToolCallHandler } from '../tools/run-tool-call';
import { describeModelError } from './describe-model-error';
import { runModelStep } from './model-step';

export interface RunLoopContext {
  runId: string;
  model: LanguageModel;
  instructions?: string | undefined;
  tools: ReadonlyMap<string, ToolDefinition>;
  onToolCall?: ToolCallHandler | undefined;
  maxSteps: number;
  maxOutputTokens?: number | undefined;
  temperature?: number | undefined;
  retryPolicy: RetryPolicy;
  getState: () => AgentState;
  dispatch: (event: AgentEvent) => void;
  signal: AbortSignal;
  now: () => number;
}

export type RunLoopOutcome =
  | { status: 'idle'; reason: 'finished' | 'stopped' | 'limit' }
  | { status: 'error'; error: AgentError };

/**
 * The agent loop: model step, then the step's tool calls, then the next step, until the
 * model answers without calling tools, a limit is reached, the run is stopped, or it fails.
 * Every path leaves each tool call with exactly one result, so the history stays valid.
 */
export async function runLoop(context: RunLoopContext): Promise<RunLoopOutcome> {
  const { dispatch, signal } = context;
  const providerTools = toProviderTools(context.tools);
  for (let step = 1; ; step++) {
    if (step > context.maxSteps) {
      addNotice(context, lastAssistantMessageId(context.getState()), {
        level: 'warning',
        code: 'limit-max-steps',
        text: `Stopped after ${context.maxSteps} model steps (limits.maxSteps). Send a message to continue.`,
      });
      return { status: 'idle', reason: 'limit' };
    }
    dispatch({ type: 'step-start', runId: context.runId, step });
    const messageId = createId('msg');
    dispatch({ type: 'message-add', message: { id: messageId, role: 'assistant', parts: [], status: 'streaming', createdAt: context.now(), runId: context.runId } });

    const state = context.getState();
    let result;
    try {
      result = await runModelStep({
        model: context.model,
        callOptions: {
          prompt: toProviderPrompt({ instructions: context.instructions, messages: state.messages, toolCalls: state.toolCalls }),
          ...(providerTools.length ? { tools: providerTools, toolChoice: { type: 'auto' } } : {}),
          ...(context.maxOutputTokens ? { maxOutputTokens: context.maxOutputTokens } : {}),
          ...(context.temperature !== undefined ? { temperature: context.temperature } : {}),
        },
        messageId,
        dispatch,
        signal,
        now: context.now,
        retryPolicy: context.retryPolicy,
        onRetry: ({ attempt, delayMs, error }) =>
          addNotice(context, messageId, {
            level: 'info',
            code: 'model-retry',
            text: `${describeModelError(error).message} Retrying (attempt ${attempt + 1}) in ${Math.round(delayMs / 100) / 10} s.`,
          }),
      });
    } catch (error) {
      if (!signal.aborted) throw error;
      settleUnfinishedCalls(context, messageId, 'cancelled', 'The user stopped the run before this call finished; it did not run.');
      dispatch({ type: 'message-finish', messageId, status: 'stopped' });
      return { status: 'idle', reason: 'stopped' };
    }

    if (result.usage) dispatch({ type: 'step-finish', runId: context.runId, step, usage: result.usage });
    if (result.error !== undefined) {
      settleUnfinishedCalls(context, messageId, 'output-error', 'The model stream failed before this call was complete; it did not run.');
      dispatch({ type: 'message-finish', messageId, status: 'error' });
      return { status: 'error', error: { ...describeModelError(result.error), at: context.now() } };
    }
    dispatch({ type: 'message-finish', messageId, status: 'done' });

    const calls = callsToRun(context.getState(), result.toolCallIds);
    if (calls.length === 0) return { status: 'idle', reason: 'finished' };
    await Promise.all(
      calls.map((call) =>
        runToolCall(call, { tools: context.tools, onToolCall: context.onToolCall, dispatch, signal, now: context.now }),
      ),
    );
    if (signal.aborted) return { status: 'idle', reason: 'stopped' };
  }
}

function toProviderTools(tools: ReadonlyMap<string, ToolDefinition>): ProviderFunctionTool[] {
  return [...tools.values()].map((tool) => ({ type: 'function', name: tool.name, description: tool.description, inputSchema: tool.inputSchema }));
}

function callsToRun(state: AgentState, ids: readonly string[]): ToolCall[] {
  const wanted = new Set(ids);
  return state.toolCalls.filter((call) => wanted.has(call.id) && call.state === 'input-available');
}

/** Gives every call of the message that has no result yet a final state. */
function settleUnfinishedCalls(context: RunLoopContext, messageId: string, state: 'cancelled' | 'output-error', error: string): void {
  for (const call of context.getState().toolCalls) {
    if (call.messageId !== messageId) continue;
    if (call.state !== 'input-streaming' && call.state !== 'input-available') continue;
    context.dispatch({ type: 'tool-call-update', toolCallId: call.id, state, by: state === 'cancelled' ? 'user' : 'runtime', at: context.now(), error });
  }
}

function addNotice(context: RunLoopContext, messageId: string | undefined, notice: Omit<NoticePart, 'type' | 'id'>): void {
  if (!messageId) return;
  context.dispatch({ type: 'notice-add', messageId, notice: { type: 'notice', id: createId('notice'), ...notice } });
}

function lastAssistantMessageId(state: AgentState): string | undefined {
  return state.messages.findLast((message) => message.role === 'assistant')?.id;
}
