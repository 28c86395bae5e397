import { markingFirstToken } from './first-token';
import type { AgentEvent } from '../store/events';
import { createId } from '../store/ids';
import { toProviderPrompt } from '../model/to-provider-prompt';
import type { AgentError, AgentState, Message, NoticePart } from '../store/state';
import type { ProviderPrompt } from '../model/language-model';
import { runToolPhase, type ToolPhaseContext } from './tool-phase';
import { holdsTheRun } from '../store/tool-call-states';
import type { RunConfig } from './run-config';
import { describeModelError } from './describe-model-error';
import { runModelStep } from './model-step';
import { renderingTurn } from '../store/rendering-turn';
import { settleCalls } from './settle-calls';
import { hookKit } from './hook-kit';
import { refusalNotice } from './refusal-notice';
import { chargeStep, LimitReachedError, stepCost, stepLimitNotice, type LimitNotice } from './run-budget';

/** The agent's run configuration plus what is this run's own. */
export interface RunLoopContext extends Omit<ToolPhaseContext, 'maxToolCalls' | 'maxParallelTools' | keyof RunConfig>, RunConfig {
  runId: string;
  /** Saves the conversation now; awaited at the step boundaries (see `RunStateAccess.persist`). */
  persist?: (() => Promise<void>) | undefined;
  /** A message is waiting to interrupt the run (`whenBusy: 'interrupt'`): it ends before its next model step. */
  interruptRequested?: (() => boolean) | undefined;
}

export type RunLoopOutcome =
  | { status: 'idle'; reason: 'finished' | 'stopped' | 'limit' | 'interrupted' }
  | { status: 'awaiting-people' }
  | { status: 'error'; error: AgentError };

/**
 * The agent loop. It decides from the state what comes next, so the same function starts a
 * run after `send`, and resumes one after people decided: an assistant step with unsettled
 * tool calls goes to the tool phase; a step whose calls are all settled, or a user message,
 * goes to the model; an answer without tool calls ends the run. Every way out leaves each
 * call with exactly one result, so the next request is valid.
 */
export async function runLoop(context: RunLoopContext): Promise<RunLoopOutcome> {
  const { signal, budget, limits } = context;
  try {
    while (true) {
      // A reply cut off by a reload (`interrupted`) is not the model's: its step is asked again.
      const last = context.getState().messages.findLast((message) => message.interrupted !== true);
      if (last?.role === 'assistant') {
        const calls = context.getState().toolCalls.filter((call) => call.messageId === last.id);
        if (calls.length === 0) return { status: 'idle', reason: 'finished' };
        if (calls.some(holdsTheRun)) {
          // The finished step is stored before its tools run (they may take long, or change the world).
          await context.persist?.();
          if (signal.aborted) return endAborted(context, last.id);
          const phase = await runToolPhase(last.id, { ...context, maxToolCalls: limits.maxToolCalls, maxParallelTools: limits.maxParallelTools });
          if (signal.aborted) return endAborted(context, last.id);
          if (phase.kind === 'waiting') return { status: 'awaiting-people' };
          if (phase.kind === 'limit') return endWithLimit(context, last.id, phase.notice);
        }
        // A step an app asked for (agent.callTool) ends with its calls: the model was not asked anything.
        if (last.requestedBy === 'app') return { status: 'idle', reason: 'finished' };
      }
      // The safe point: every call of the last step has its result; the next request is not sent.
      if (context.interruptRequested?.()) return { status: 'idle', reason: 'interrupted' };
      if (budget.steps >= limits.maxSteps) return endWithLimit(context, lastAssistantId(context.getState()), stepLimitNotice(limits.maxSteps));
      budget.steps += 1;
      const outcome = await modelStep(context, budget.steps);
      if (outcome) return outcome;
    }
  } catch (error) {
    if (signal.aborted) return endAborted(context, lastAssistantId(context.getState()));
    throw error;
  }
}

/** One model call into a new assistant message; returns an outcome when the run must end. */
async function modelStep(context: RunLoopContext, step: number): Promise<RunLoopOutcome | null> {
  const { dispatch, signal } = context;
  // In a browser, the page's work for what just happened (rendering the user's message, a step's
  // results) ends its task before the prompt is built, so the two never add up to one long task.
  const turn = renderingTurn();
  if (turn) {
    await turn;
    if (signal.aborted) throw signal.reason;
  }
  dispatch({ type: 'step-start', runId: context.runId, step });
  // What the model is asked about is stored before it is asked (a summary of older turns too may
  // ask it): the user's message, and the steps and tool results before this one. A reload then
  // loses at most the step that streams.
  await context.persist?.();
  if (signal.aborted) throw signal.reason;
  if (context.engineStep) {
    // Loaded only by agents of another engine (react-agent-kit/ag-ui).
    const { runEngineStep } = await import('./run-engine-step');
    return runEngineStep(context, context.engineStep, step);
  }
  const fitted = await promptFor(context);
  // Stopped while the prompt was prepared (a summary, say): no reply is started.
  if (signal.aborted) throw signal.reason;
  if (fitted.kind === 'error') return { status: 'error', error: { code: 'model-error', message: fitted.message, retryable: true, at: context.now() } };
  if (fitted.kind === 'too-large') {
    // Said in a reply of its own: the message before may be the user's.
    const noticeId = createId('msg');
    dispatch({ type: 'message-add', message: { id: noticeId, role: 'assistant', parts: [], status: 'done', createdAt: context.now(), runId: context.runId } });
    return endWithLimit(context, noticeId, contextLimitNotice(fitted.estimate, fitted.maxInputTokens));
  }
  let request = { prompt: fitted.prompt, tools: context.providerTools };
  if (context.prepareStep) {
    // Loaded only by agents with a hook (its checks are the bulk of it).
    const { applyPrepareStep } = await import('./prepare-step');
    const prepared = await applyPrepareStep(context.prepareStep, { step, prompt: request.prompt, tools: request.tools, state: context.getState(), model: context.model });
    if (signal.aborted) throw signal.reason;
    if ('error' in prepared) return { status: 'error', error: { code: 'internal-error', message: prepared.error, retryable: false, at: context.now() } };
    request = prepared;
  }
  const messageId = createId('msg');
  dispatch({ type: 'message-add', message: { id: messageId, role: 'assistant', parts: [], status: 'streaming', createdAt: context.now(), runId: context.runId } });
  const state = context.getState();
  const result = await runModelStep({
    model: context.model,
    callOptions: {
      prompt: request.prompt,
      ...(request.tools.length ? { tools: request.tools, toolChoice: { type: 'auto' } } : {}),
      ...(context.limits.maxOutputTokens ? { maxOutputTokens: context.limits.maxOutputTokens } : {}),
      ...(context.temperature !== undefined ? { temperature: context.temperature } : {}),
    },
    messageId,
    dispatch: markingFirstToken(dispatch, messageId, context.now),
    signal,
    now: context.now,
    retryPolicy: context.retryPolicy,
    takenToolCallIds: new Set(state.toolCalls.map((call) => call.id)),
    onRetry: ({ attempt, delayMs, error }) =>
      addNotice(dispatch, messageId, {
        level: 'info',
        code: 'model-retry',
        text: `${describeModelError(error).message} Retrying (attempt ${attempt + 1}) in ${Math.round(delayMs / 100) / 10} s.`,
      }),
  });
  const costUsd = result.usage ? stepCost(context.costEstimator, result.usage, context.model) : undefined;
  if (result.usage) dispatch({ type: 'step-finish', runId: context.runId, step, messageId, usage: result.usage, ...(costUsd !== undefined ? { costUsd } : {}) });
  if (result.usage && fitted.observe) fitted.observe(result.usage.inputTokens);
  if (result.error !== undefined) {
    settleCalls(context, (call) => call.messageId === messageId, 'output-error', 'The model stream failed before this call was complete; it did not run.');
    dispatch({ type: 'message-finish', messageId, status: 'error', at: context.now() });
    return { status: 'error', error: { ...describeModelError(result.error), at: context.now() } };
  }
  const refusal = refusalNotice(result.finishReason, result.rawFinishReason);
  if (refusal) addNotice(dispatch, messageId, refusal);
  dispatch({ type: 'message-finish', messageId, status: 'done', at: context.now() });
  if (context.hooks?.onStepFinish.length) {
    // Loaded only by agents with hooks. One that throws ends the run, as prepareStep does; the step's calls get their result.
    const { applyStepFinish } = await import('./tool-hooks');
    const problem = await applyStepFinish(context, { step, messageId, costUsd, ...result }, hookKit);
    if (problem) {
      settleCalls(context, (call) => call.messageId === messageId, 'output-error', `Not run: ${problem}`);
      return { status: 'error', error: { code: 'internal-error', message: problem, retryable: false, at: context.now() } };
    }
  }
  const limit = result.usage ? chargeStep(context.budget, result.usage, context.limits, costUsd) : null;
  return limit ? endWithLimit(context, messageId, limit) : null;
}

type Fitted =
  | { kind: 'send'; prompt: ProviderPrompt; observe?: (inputTokens: number) => void }
  | { kind: 'too-large'; estimate: number; maxInputTokens: number }
  | { kind: 'error'; message: string };

/**
 * The prompt of the next model call: the whole conversation, or, with a context budget or
 * earlier summaries, what the context manager fits into the budget (summarizing on the way).
 */
async function promptFor(context: RunLoopContext): Promise<Fitted> {
  const state = context.getState();
  const { limits } = context;
  if (!context.context.budgeted && !state.compactions?.length) {
    return {
      kind: 'send',
      prompt: toProviderPrompt({ instructions: context.instructions, messages: state.messages, toolCalls: state.toolCalls, maxToolOutputChars: limits.maxToolOutputChars, todos: state.todos }),
    };
  }
  const manager = await context.context.load();
  let fitted: Awaited<ReturnType<typeof manager.fit>>;
  try {
    fitted = await manager.fit({ ...context, tools: context.providerTools, maxToolOutputChars: limits.maxToolOutputChars });
  } catch (error) {
    if (context.signal.aborted) throw error;
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  if (fitted.kind === 'too-large') return fitted;
  const { estimate } = fitted;
  return { kind: 'send', prompt: fitted.prompt, observe: (inputTokens) => manager.observe(estimate, inputTokens) };
}

function contextLimitNotice(estimate: number, maxInputTokens: number): LimitNotice {
  return {
    code: 'limit-context',
    text: `The next request would be about ${estimate.toLocaleString('en-US')} tokens, over the context budget of ${maxInputTokens.toLocaleString('en-US')}, even with old tool outputs left out and earlier messages summarized: the latest message alone is too large. Raise context.maxInputTokens or start a new conversation.`,
  };
}

function endAborted(context: RunLoopContext, messageId: string | undefined): RunLoopOutcome {
  const reason: unknown = context.signal.reason;
  const limit = reason instanceof LimitReachedError ? reason.notice : null;
  const streaming = context.getState().messages.findLast((message: Message) => message.status === 'streaming');
  if (streaming) context.dispatch({ type: 'message-finish', messageId: streaming.id, status: 'stopped', at: context.now() });
  settleCalls(context, () => true, 'cancelled', limit ? `Not finished: ${limit.text}` : 'The user stopped the run before this call finished; it has no result.');
  if (limit) {
    addNotice(context.dispatch, messageId, { level: 'warning', code: limit.code, text: limit.text });
    return { status: 'idle', reason: 'limit' };
  }
  return { status: 'idle', reason: 'stopped' };
}

function endWithLimit(context: RunLoopContext, messageId: string | undefined, notice: LimitNotice): RunLoopOutcome {
  settleCalls(context, () => true, 'output-error', `Not run: ${notice.text}`);
  addNotice(context.dispatch, messageId, { level: 'warning', code: notice.code, text: notice.text });
  return { status: 'idle', reason: 'limit' };
}

function addNotice(dispatch: (event: AgentEvent) => void, messageId: string | undefined, notice: Omit<NoticePart, 'type' | 'id'>): void {
  if (!messageId) return;
  dispatch({ type: 'notice-add', messageId, notice: { type: 'notice', id: createId('notice'), ...notice } });
}

function lastAssistantId(state: AgentState): string | undefined {
  return state.messages.findLast((message) => message.role === 'assistant')?.id;
}
