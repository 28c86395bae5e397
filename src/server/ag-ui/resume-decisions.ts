/**
 * The answers of `RunAgentInput.resume[]` as the kit's decisions, checked before the run goes on:
 * each entry must answer a call that waits (its interrupt id is the call's id), in the shape its
 * interrupt's `responseSchema` declared. Edited arguments are checked against the tool's schema
 * and answers against the questions here, so a bad answer is a 400 naming it and nothing has run.
 *
 * - approval, `resolved`: `{ approved: true, editedArgs? }` runs the call (with those arguments);
 *   `{ approved: false, reason? }` denies it, and the model receives the reason;
 * - approval, `cancelled`: denied, "the person cancelled";
 * - question, `resolved`: `{ answers: [{ values, freeText? }, …] }`, one per question;
 * - question, `cancelled`: the question is dismissed; the model is told so.
 */
import { type Agent, type AgentState, type AskUserQuestionInput, type QuestionAnswer, type RunResult, type ToolDefinition } from '../../core/index';
import { InvalidAnswerError, toAnsweredResult, validateToolInput } from '../../core/internal';
import type { AgUiResumeEntry } from './ag-ui-wire';

/** One person's decision on one waiting call. */
export type ResumeDecision =
  | { kind: 'approve'; toolCallId: string; input?: unknown }
  | { kind: 'deny'; toolCallId: string; reason?: string }
  | { kind: 'answer'; toolCallId: string; answers: QuestionAnswer[] }
  | { kind: 'cancel-question'; toolCallId: string };

/** The decisions, or the resume field that is wrong. */
export type ResumeResult = { ok: true; decisions: ResumeDecision[] } | { ok: false; field: string; message: string };

/**
 * @example
 * ```ts
 * const read = await resumeDecisions(input.resume ?? [], agent.getState(), { tools, allowFreeText: false });
 * if (read.ok) for (const decision of read.decisions) await applyDecision(agent, decision);
 * ```
 */
export async function resumeDecisions(
  entries: readonly AgUiResumeEntry[],
  state: AgentState,
  context: { tools: ReadonlyMap<string, ToolDefinition>; allowFreeText: boolean },
): Promise<ResumeResult> {
  const decisions: ResumeDecision[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const field = `resume[${index}]`;
    if (seen.has(entry.interruptId)) return fail(`${field}.interruptId`, `the interrupt ${JSON.stringify(entry.interruptId)} is answered twice.`);
    seen.add(entry.interruptId);
    const call = state.toolCalls.find((candidate) => candidate.id === entry.interruptId);
    if (!call || (call.state !== 'approval-requested' && call.state !== 'answer-requested')) {
      return fail(`${field}.interruptId`, `${JSON.stringify(entry.interruptId)} is not an interrupt this thread waits for${call ? ` (the call of "${call.name}" is ${call.state})` : ''}.`);
    }
    const payload = entry.payload as Record<string, unknown> | undefined;
    if (call.state === 'answer-requested') {
      if (entry.status === 'cancelled') {
        decisions.push({ kind: 'cancel-question', toolCallId: call.id });
        continue;
      }
      if (!isObject(payload) || !Array.isArray(payload.answers)) return fail(`${field}.payload`, 'a question takes { answers: [{ values: string[], freeText?: string }, …] }, one answer per question.');
      // Without a stored thread the questions are the request's own: they must be questions to be answered.
      const questions = (call.input as Partial<AskUserQuestionInput> | undefined)?.questions;
      if (!Array.isArray(questions) || !questions.every((question) => isObject(question) && Array.isArray(question.options))) {
        return fail(`${field}.interruptId`, `the call ${JSON.stringify(call.id)} of ask_user_question has no questions in its arguments to answer.`);
      }
      try {
        toAnsweredResult(call.input as AskUserQuestionInput, payload.answers as QuestionAnswer[], context.allowFreeText);
      } catch (error) {
        if (error instanceof InvalidAnswerError) return fail(`${field}.payload.answers`, error.message);
        throw error;
      }
      decisions.push({ kind: 'answer', toolCallId: call.id, answers: payload.answers as QuestionAnswer[] });
      continue;
    }
    if (entry.status === 'cancelled') {
      decisions.push({ kind: 'deny', toolCallId: call.id, reason: 'The person cancelled this request.' });
      continue;
    }
    if (!isObject(payload) || typeof payload.approved !== 'boolean') return fail(`${field}.payload`, 'an approval takes { approved: true, editedArgs? } or { approved: false, reason? }.');
    if (!payload.approved) {
      if (payload.reason !== undefined && typeof payload.reason !== 'string') return fail(`${field}.payload.reason`, 'expected a string.');
      decisions.push({ kind: 'deny', toolCallId: call.id, ...(typeof payload.reason === 'string' && payload.reason.trim() ? { reason: payload.reason } : {}) });
      continue;
    }
    if (payload.editedArgs !== undefined) {
      const tool = context.tools.get(call.name);
      const checked = tool ? await validateToolInput(tool, payload.editedArgs) : { ok: false as const, message: `the tool "${call.name}" is not on this server.` };
      if (!checked.ok) return fail(`${field}.payload.editedArgs`, checked.message);
    }
    decisions.push({ kind: 'approve', toolCallId: call.id, ...(payload.editedArgs !== undefined ? { input: payload.editedArgs } : {}) });
  }
  return { ok: true, decisions };
}

/**
 * Gives one decision to the agent; settles like the command (when the run pauses or ends again).
 *
 * @example
 * ```ts
 * await applyDecision(agent, { kind: 'deny', toolCallId: 'call_1', reason: 'Not today.' });
 * ```
 */
export function applyDecision(agent: Agent, decision: ResumeDecision): Promise<RunResult> {
  switch (decision.kind) {
    case 'approve':
      return agent.approve(decision.toolCallId, decision.input !== undefined ? { input: decision.input } : {});
    case 'deny':
      return agent.deny(decision.toolCallId, decision.reason !== undefined ? { reason: decision.reason } : {});
    case 'answer':
      return agent.answer(decision.toolCallId, decision.answers);
    case 'cancel-question':
      return agent.cancelQuestion(decision.toolCallId);
  }
}


function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(field: string, message: string): ResumeResult {
  return { ok: false, field, message };
}
