import type { Interrupt, ResumeEntry } from '@ag-ui/core';
import { askUserQuestionToolName, createId, defineTool, type AgentEvent, type AgentState, type Question, type QuestionResult, type ToolCall } from '../core/index';

/** The built-in tool whose calls stand for a remote agent's requests for approval; never offered to the agent. */
export const remoteApprovalToolName = 'remote_approval';

/** What the person approves: the agent's words, and the call it concerns with its arguments (which may be edited). */
export interface RemoteApprovalInput {
  message: string;
  tool?: string;
  arguments?: unknown;
}

/**
 * The tool of interrupts that ask for an approval. Running it (once a person approved) only
 * returns the decision, which the next run sends back as the interrupt's `resume` payload:
 * `{ approved: true, arguments? }` (the arguments as approved, edited or not).
 *
 * @example
 * ```ts
 * createAgent({ model, tools: [remoteApprovalTool()] });
 * ```
 */
export function remoteApprovalTool() {
  return defineTool({
    name: remoteApprovalToolName,
    description: 'A request of the remote agent for your approval before it goes on.',
    inputSchema: { type: 'object', properties: { message: { type: 'string' }, tool: { type: 'string' }, arguments: {} }, required: ['message'] } as const,
    needsApproval: true,
    category: 'people',
    summarize: (input) => input.message,
    execute: (input) => ({ approved: true, ...(input.arguments !== undefined ? { arguments: input.arguments } : {}) }),
  });
}

/**
 * Adds one call per interrupt of a run's `interrupt` outcome to the step's message: a request
 * with a `responseSchema` becomes a question (the `ask_user_question` picker: an `enum` or a
 * boolean as options, an object's properties as up to four questions, anything else as free
 * text); any other request becomes an approval of `remote_approval` (with the arguments of the
 * call it concerns, when the run streamed it), which expires at `expiresAt` (denied, never approved).
 *
 * @example
 * ```ts
 * addInterruptCalls(outcome.interrupts, { messageId, dispatch, getState, now });
 * ```
 */
export function addInterruptCalls(interrupts: readonly Interrupt[], context: { messageId: string; dispatch: (event: AgentEvent) => void; getState: () => AgentState; now: () => number }): void {
  const { dispatch, now, messageId } = context;
  for (const interrupt of interrupts) {
    const toolCallId = createId('call');
    const text = interrupt.message || interrupt.reason;
    const remote = { interruptId: interrupt.id, ...(interrupt.responseSchema ? { responseSchema: interrupt.responseSchema } : {}) };
    if (interrupt.responseSchema) {
      const input = { questions: questionsFor(interrupt.responseSchema, text) };
      dispatch({ type: 'tool-call-start', messageId, toolCallId, name: askUserQuestionToolName, remote });
      dispatch({ type: 'tool-call-update', toolCallId, state: 'answer-requested', by: 'model', at: now(), input, inputText: JSON.stringify(input) });
      continue;
    }
    const concerned = interrupt.toolCallId === undefined ? undefined : context.getState().toolCalls.findLast((call) => (call.providerToolCallId ?? call.id) === interrupt.toolCallId);
    const input: RemoteApprovalInput = { message: text, ...(concerned ? { tool: concerned.name, arguments: concerned.input } : {}) };
    const expiresAt = interrupt.expiresAt === undefined ? NaN : Date.parse(interrupt.expiresAt);
    dispatch({ type: 'tool-call-start', messageId, toolCallId, name: remoteApprovalToolName, remote });
    dispatch({
      type: 'tool-call-update',
      toolCallId,
      state: 'approval-requested',
      by: 'model',
      at: now(),
      input,
      inputText: JSON.stringify(input),
      approval: { reason: 'The remote agent asks for your approval before it goes on.', requestedAt: now(), summary: text, ...(Number.isFinite(expiresAt) ? { expiresAt } : {}) },
    });
  }
}

/**
 * The answers to the interrupts the last run ended with (the calls of the reply before the
 * step's own message), as `RunAgentInput.resume`: approved `{ approved: true, arguments? }`,
 * denied `{ approved: false, reason? }`, answered with the value the schema asks for;
 * `cancelled` for a question dismissed, an approval that expired, or a request the run stopped.
 *
 * @example
 * ```ts
 * const resume = resumeEntries(agent.getState(), stepMessageId);
 * ```
 */
export function resumeEntries(state: AgentState, stepMessageId: string): ResumeEntry[] {
  const before = state.messages.findLast((message) => message.role === 'assistant' && message.id !== stepMessageId);
  if (!before) return [];
  return state.toolCalls.filter((call) => call.messageId === before.id && call.remote?.interruptId !== undefined).map((call) => resumeEntry(call));
}

function resumeEntry(call: ToolCall): ResumeEntry {
  const interruptId = call.remote!.interruptId!;
  const cancelled: ResumeEntry = { interruptId, status: 'cancelled' };
  const last = call.audit.at(-1);
  if (call.name === askUserQuestionToolName) {
    const output = call.output as QuestionResult | undefined;
    if (call.state !== 'output-available' || output?.status !== 'answered') return cancelled;
    return { interruptId, status: 'resolved', payload: payloadOf(call.remote?.responseSchema ?? {}, output.answers) };
  }
  if (call.state === 'output-available') return { interruptId, status: 'resolved', payload: call.output };
  if (call.state === 'output-denied' && last?.by === 'user') return { interruptId, status: 'resolved', payload: { approved: false, ...(last.note ? { reason: last.note } : {}) } };
  return cancelled;
}

type Schema = Record<string, unknown>;
const maxQuestions = 4;

function questionsFor(schema: Schema, text: string): Question[] {
  const properties = schema.type === 'object' && typeof schema.properties === 'object' && schema.properties !== null ? Object.entries(schema.properties as Record<string, Schema>) : [];
  if (properties.length === 0 || properties.length > maxQuestions) return [questionFor(schema, text, header(schema, 'Answer'), true)];
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return properties.map(([name, property]) => questionFor(property, typeof property?.description === 'string' ? property.description : `${text} (${name})`, header(property, name), required.has(name)));
}

function questionFor(schema: Schema, text: string, title: string, required: boolean): Question {
  const choices = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : schema.type === 'boolean' ? [true, false] : [];
  const options = choices.length >= 2 ? choices.slice(0, 8).map((choice) => ({ label: choice === true ? 'Yes' : choice === false ? 'No' : String(choice), value: String(choice) })) : [];
  return { question: text || 'The agent asks for an answer.', header: title, options, required, allowFreeText: options.length === 0 };
}

function header(schema: Schema | undefined, fallback: string): string {
  const title = typeof schema?.title === 'string' && schema.title.trim() ? schema.title.trim() : fallback;
  return title.slice(0, 24);
}

/** The answer as the value the schema asks for: a chosen option as its JSON value, typed text as a string (a number or JSON where the schema says so). */
function payloadOf(schema: Schema, answers: ReadonlyArray<{ values: string[]; freeText?: string }>): unknown {
  const properties = schema.type === 'object' && typeof schema.properties === 'object' && schema.properties !== null ? Object.entries(schema.properties as Record<string, Schema>) : [];
  if (properties.length === 0 || properties.length > maxQuestions) return valueOf(schema, answers[0]);
  return Object.fromEntries(properties.flatMap(([name, property], index) => {
    const value = valueOf(property, answers[index]);
    return value === undefined ? [] : [[name, value]];
  }));
}

function valueOf(schema: Schema | undefined, answer: { values: string[]; freeText?: string } | undefined): unknown {
  if (!answer) return undefined;
  if (answer.values.length > 0) {
    const choices = Array.isArray(schema?.enum) ? (schema.enum as unknown[]) : [true, false];
    return choices.find((choice) => String(choice) === answer.values[0]) ?? answer.values[0];
  }
  const text = answer.freeText;
  if (text === undefined) return undefined;
  if (schema?.type === 'number' || schema?.type === 'integer') return Number.isFinite(Number(text)) ? Number(text) : text;
  if (schema?.type === 'object' || schema?.type === 'array') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
