import { markingFirstToken } from './first-token';
import { createId } from '../store/ids';
import { isFinalToolCallState } from '../store/tool-call-states';
import type { AgentError } from '../store/state';
import type { RunConfig } from './run-config';
import type { EngineStep, EngineStepContext } from './engine-step';

/** What the loop hands the step: the state access and the run's own id and signal. */
type StepContext = Pick<EngineStepContext, 'runId' | 'getState' | 'dispatch' | 'signal' | 'now'> & Pick<RunConfig, 'providerTools'>;

/**
 * One step of another engine (a remote AG-UI run) in place of the model call: a new assistant
 * message, the engine's events into it, and the step's end as the loop expects it (`null` to go
 * on, finished when its calls all ran on the agent's server, or the error the run ends with; calls left unfinished by a failed step get an error result).
 *
 * @example
 * ```ts
 * const outcome = await runEngineStep(context, config.engineStep, budget.steps);
 * ```
 */
export async function runEngineStep(context: StepContext, run: EngineStep, step: number): Promise<{ status: 'error'; error: AgentError } | { status: 'idle'; reason: 'finished' } | null> {
  const { dispatch, now } = context;
  const messageId = createId('msg');
  dispatch({ type: 'message-add', message: { id: messageId, role: 'assistant', parts: [], status: 'streaming', createdAt: now(), runId: context.runId } });
  const taken = new Set(context.getState().toolCalls.map((call) => call.id));
  const result = await run({ runId: context.runId, step, messageId, getState: context.getState, dispatch: markingFirstToken(dispatch, messageId, now), signal: context.signal, now, tools: context.providerTools, takenToolCallIds: taken });
  if (result.usage) dispatch({ type: 'step-finish', runId: context.runId, step, messageId, usage: result.usage });
  if (result.error === undefined) {
    dispatch({ type: 'message-finish', messageId, status: 'done', at: now() });
    // A run whose calls all ran on the agent's server is over: nothing here answers them, so
    // asking again would start a run nobody asked for. Browser tools and interrupts go on.
    const calls = context.getState().toolCalls.filter((call) => call.messageId === messageId);
    return calls.length > 0 && calls.every((call) => call.remote?.server === true) ? { status: 'idle', reason: 'finished' } : null;
  }
  for (const call of context.getState().toolCalls) {
    if (call.messageId !== messageId || isFinalToolCallState(call.state)) continue;
    dispatch({ type: 'tool-call-update', toolCallId: call.id, state: 'output-error', by: 'runtime', at: now(), error: 'The run failed before this call was complete; it did not run.' });
  }
  dispatch({ type: 'message-finish', messageId, status: 'error', at: now() });
  return { status: 'error', error: { ...result.error, at: now() } };
}
