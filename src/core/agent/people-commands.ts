import type { AgentEvent } from '../store/events';
import type { AskUserQuestionInput, QuestionAnswer } from '../people/question-types';
import type { AgentState, ToolCall } from '../store/state';
import type { ToolDefinition } from '../tools/define-tool';
import { isPendingApproval } from '../store/tool-call-states';
import { toJsonData } from '../tools/json-data';
import { AgentCommandError, type Agent, type RunResult } from './agent-options';

export interface PeopleCommandsContext {
  getState: () => AgentState;
  dispatch: (event: AgentEvent) => void;
  now: () => number;
  tools: ReadonlyMap<string, ToolDefinition>;
  allowFreeTextDefault: boolean;
  /** Calls whose handler deferred the result to `submitToolResult`. */
  deferred: Set<string>;
  /** Wakes a waiting tool phase, or resumes a paused run; settles like `send`. */
  continueRun: () => Promise<RunResult>;
}

type PeopleCommands = Pick<Agent, 'approve' | 'deny' | 'answer' | 'cancelQuestion' | 'submitToolResult'> & {
  /** Denies an approval nobody decided in time; recorded as the runtime's doing, not a person's. */
  expireApproval(toolCallId: string): Promise<RunResult>;
};

/**
 * The commands by which people (and the host app) settle what a run waits for. Each checks
 * that the call really waits for this kind of decision, changes nothing when its input is
 * invalid, records who decided in the audit trail, and then lets the run go on.
 */
export function createPeopleCommands(context: PeopleCommandsContext): PeopleCommands {
  const { dispatch, now } = context;

  const find = (toolCallId: string, waitsFor: string, accepts: (call: ToolCall) => boolean): ToolCall => {
    const call = context.getState().toolCalls.findLast((candidate) => candidate.id === toolCallId);
    if (!call) throw new AgentCommandError('not-pending', `There is no tool call with id "${toolCallId}".`);
    if (!accepts(call)) {
      throw new AgentCommandError('not-pending', `The call "${toolCallId}" (${call.name}) is not waiting for ${waitsFor}; its state is "${call.state}".`);
    }
    return call;
  };

  return {
    async approve(toolCallId, options = {}) {
      let call = find(toolCallId, 'approval', isPendingApproval);
      const edited = options.input !== undefined;
      if (edited) {
        const tool = context.tools.get(call.name);
        // The validator loads with the first edited approval (a run that asked has loaded it already).
        const { validateToolInput } = await import('../tools/tool-input-schema');
        const validated = tool ? await validateToolInput(tool, options.input) : { ok: false as const, message: `Unknown tool "${call.name}".` };
        if (!validated.ok) throw new AgentCommandError('invalid-input', validated.message);
        const json = toJsonData(options.input, 'input');
        if (!json.ok) throw new AgentCommandError('invalid-input', `The edited arguments are not JSON: ${json.problem}.`);
        // The state may have moved on while validating (a stop, another decision).
        call = find(toolCallId, 'approval', isPendingApproval);
      }
      const always = options.always === true;
      // Approved, waiting for its turn: the tool phase starts it when a slot is free (usually at once).
      dispatch({
        type: 'tool-call-update',
        toolCallId,
        state: 'approval-responded',
        by: 'user',
        at: now(),
        note: `approved${always ? ' always for this tool' : ''}${edited ? ' with edited arguments' : ''}`,
        approval: { ...call.approval!, decision: { approved: true, always, at: now(), edited } },
        // The model's arguments stay the original when a hook had rewritten them already.
        ...(edited ? { input: options.input, originalInput: call.originalInput !== undefined ? call.originalInput : call.input } : {}),
      });
      if (always) dispatch({ type: 'tool-always-allow', name: call.name });
      return context.continueRun();
    },

    async deny(toolCallId, options = {}) {
      const call = find(toolCallId, 'approval', isPendingApproval);
      const reason = options.reason?.trim();
      dispatch({
        type: 'tool-call-update',
        toolCallId,
        state: 'output-denied',
        by: 'user',
        at: now(),
        ...(reason ? { note: reason } : {}),
        error: `The user denied running "${call.name}"${reason ? `. Reason: ${reason}` : '.'} It did not run. Do not call it again unchanged; adjust your approach or ask the user.`,
      });
      return context.continueRun();
    },

    async expireApproval(toolCallId) {
      const call = find(toolCallId, 'approval', isPendingApproval);
      dispatch({
        type: 'tool-call-update',
        toolCallId,
        state: 'output-denied',
        by: 'runtime',
        at: now(),
        note: 'approval expired',
        error: `Nobody approved running "${call.name}" before the approval expired, so it did not run. Ask the user before trying again.`,
      });
      return context.continueRun();
    },

    async answer(toolCallId, answers: readonly QuestionAnswer[]) {
      // Loaded before anything is checked, so the answer is checked and recorded in one go.
      const { InvalidAnswerError, toAnsweredResult } = await import('../people/validate-answers');
      const call = find(toolCallId, 'an answer', (candidate) => candidate.state === 'answer-requested');
      let output;
      try {
        output = toAnsweredResult(call.input as AskUserQuestionInput, answers, context.allowFreeTextDefault);
      } catch (error) {
        if (error instanceof InvalidAnswerError) throw new AgentCommandError('invalid-answer', error.message);
        throw error;
      }
      dispatch({ type: 'tool-call-update', toolCallId, state: 'output-available', by: 'user', at: now(), output });
      return context.continueRun();
    },

    async cancelQuestion(toolCallId, note) {
      const { toCancelledResult } = await import('../people/validate-answers');
      find(toolCallId, 'an answer', (candidate) => candidate.state === 'answer-requested');
      dispatch({ type: 'tool-call-update', toolCallId, state: 'output-available', by: 'user', at: now(), note: 'cancelled', output: toCancelledResult(note) });
      return context.continueRun();
    },

    async submitToolResult(toolCallId, output, options = {}) {
      find(toolCallId, 'a result from the host', (candidate) => candidate.state === 'running' && context.deferred.has(candidate.id));
      const json = options.error !== undefined ? { ok: true as const, value: undefined } : toJsonData(output);
      if (!json.ok) throw new AgentCommandError('invalid-output', `submitToolResult(${JSON.stringify(toolCallId)}, output): the output is not JSON: ${json.problem}. Nothing was changed; submit plain JSON data.`);
      context.deferred.delete(toolCallId);
      dispatch(
        options.error !== undefined
          ? { type: 'tool-call-update', toolCallId, state: 'output-error', by: 'host', at: now(), error: options.error }
          : { type: 'tool-call-update', toolCallId, state: 'output-available', by: 'host', at: now(), output: json.value },
      );
      return context.continueRun();
    },
  };
}
