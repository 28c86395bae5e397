/**
 * One AG-UI run of a kit agent, streamed: RUN_STARTED, the translated events of the agent's
 * work (a new turn, or the continuation after the client's tool results and the resume answers),
 * then exactly one last event: RUN_FINISHED, with the interrupts when the agent waits for a
 * person and the pending calls when it waits for the client, or RUN_ERROR when the run failed.
 * What the thread must keep is saved before that last event, so a failed save is reported as
 * the run's error rather than lost.
 */
import { AgentCommandError, canResume, isFinalToolCallState, type Agent, type RunResult } from '../../core/index';
import { agUiProtocolVersion, type AgUiRunInput, type AgUiRunOutcome } from './ag-ui-wire';
import { createEventTranslator, translatedEventTypes } from './event-translator';
import { interruptsOf } from './interrupts';
import { applyDecision, type ResumeDecision } from './resume-decisions';
import type { SseStream } from './sse-stream';

export interface AgUiRunContext {
  agent: Agent;
  input: AgUiRunInput;
  /** The resume answers, checked, applied in order before the run goes on. */
  decisions: readonly ResumeDecision[];
  stream: SseStream;
  /** Keeps the thread (the session store); a failure becomes the run's RUN_ERROR. */
  save?: (() => Promise<void>) | undefined;
  reportError: (error: unknown) => void;
}

/**
 * Runs and streams; resolves when the response is complete. Never rejects: what fails is a
 * RUN_ERROR, and `reportError` gets what the client is not told.
 *
 * @example
 * ```ts
 * void streamRun({ agent, input, decisions, stream, reportError: console.error });
 * return stream.response;
 * ```
 */
export async function streamRun(context: AgUiRunContext): Promise<void> {
  const { agent, input, stream } = context;
  stream.send({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId, protocolVersion: agUiProtocolVersion, ...(input.parentRunId !== undefined ? { parentRunId: input.parentRunId } : {}) });
  const translator = createEventTranslator(stream.send, agent.getState);
  const stopListening = translatedEventTypes.map((type) => agent.on(type, (event) => translator.apply(event)));
  let result: RunResult | { status: 'error'; error: { code: string; message: string } };
  try {
    result = await proceed(agent, context.decisions);
  } catch (error) {
    if (!(error instanceof AgentCommandError)) context.reportError(error);
    const code = error instanceof AgentCommandError ? error.code : 'internal-error';
    result = { status: 'error', error: { code, message: error instanceof AgentCommandError ? error.message : 'The agent failed on the server.' } };
  }
  translator.finish();
  for (const stop of stopListening) stop();
  try {
    if (context.save) {
      try {
        await context.save();
      } catch (error) {
        context.reportError(error);
        if (result.status !== 'error') result = { status: 'error', error: { code: 'session-save-failed', message: 'The run finished, but the server could not save the thread; send the request again.' } };
      }
    }
    if (stream.cancelled) return;
    if (result.status === 'error') {
      stream.send({ type: 'RUN_ERROR', message: result.error?.message ?? 'The run failed.', code: result.error?.code ?? 'internal-error' });
    } else {
      const outcome = outcomeOf(agent);
      stream.send({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId, ...(outcome ? { outcome } : {}) });
    }
    stream.close();
  } finally {
    // The thread is saved: stopping now (which cancels calls that wait for the client) changes nothing kept.
    await agent.dispose().catch(context.reportError);
  }
}

/** The decisions in order, each settling when the run pauses or ends again; or the run's continuation. */
async function proceed(agent: Agent, decisions: readonly ResumeDecision[]): Promise<RunResult> {
  let result: RunResult | undefined;
  for (const decision of decisions) result = await applyDecision(agent, decision);
  if (result) return result;
  const state = agent.getState();
  if (canResume(state)) return agent.resume();
  // Nothing new to answer (a request that only repeats the conversation): the run is over at once.
  return { status: state.status === 'running' ? 'idle' : state.status, error: state.error };
}

/**
 * How the run ended, when it did not simply complete: the interrupts of the calls that wait for
 * a person, else the calls that wait for the client (its tools, `pendingToolCallIds`).
 */
function outcomeOf(agent: Agent): AgUiRunOutcome | undefined {
  const state = agent.getState();
  const interrupts = interruptsOf(state);
  if (interrupts.length > 0) return { type: 'interrupt', interrupts };
  const pending = state.toolCalls.filter((call) => call.state === 'running' || (!isFinalToolCallState(call.state) && call.state !== 'approval-responded')).map((call) => call.id);
  return pending.length > 0 ? { type: 'success', pendingToolCallIds: pending } : undefined;
}
