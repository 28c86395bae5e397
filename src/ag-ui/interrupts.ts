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
 * records the decision, which the next run sends back as the interrupt's `resume` payload:
 * `{ approved: true, editedArgs? }` (the arguments, when the person edited them).
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
    execute: () => ({ approved: true }),
  });
}

/**
 * Adds one call per interrupt of a run's `interrupt` outcome to the step's message: a request
 * that concerns a tool call or says approval is an approval of `remote_approval` (with the
 * arguments of the call it concerns, from the run's stream or the interrupt's metadata), which
 * expires at `expiresAt` (denied, never approved); any other request with a `responseSchema`
 * becomes a question (the kit's own questions as they were asked; otherwise an `enum` or a
 * boolean as options, an object's properties as up to four questions, anything else as free
 * text); the rest are approvals.
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
    const asked = askedQuestions(interrupt);
    if (asked || (interrupt.responseSchema && !isApprovalRequest(interrupt))) {
      const input = { questions: asked ?? questionsFor(interrupt.responseSchema!, text) };
      dispatch({ type: 'tool-call-start', messageId, toolCallId, name: askUserQuestionToolName, remote });
      dispatch({ type: 'tool-call-update', toolCallId, state: 'answer-requested', by: 'model', at: now(), input, inputText: JSON.stringify(input) });
      continue;
    }
    const concerned = interrupt.toolCallId === undefined ? undefined : context.getState().toolCalls.findLast((call) => (call.providerToolCallId ?? call.id) === interrupt.toolCallId);
    const metadata = (interrupt.metadata ?? {}) as { toolName?: unknown; arguments?: unknown };
    const named = typeof metadata.toolName === 'string' ? { tool: metadata.toolName, ...(metadata.arguments !== undefined ? { arguments: metadata.arguments } : {}) } : {};
    const input: RemoteApprovalInput = { message: text, ...(concerned ? { tool: concerned.name, arguments: concerned.input } : named) };
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
 * step's own message), as `RunAgentInput.resume`: approved `{ approved: true, editedArgs? }`,
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
    // Questions the agent asked as the kit's own are answered as the kit's answers.
    if (isKitQuestionSchema(call.remote?.responseSchema)) return { interruptId, status: 'resolved', payload: { answers: output.answers } };
    return { interruptId, status: 'resolved', payload: payloadOf(call.remote?.responseSchema ?? {}, output.answers) };
  }
  if (call.state === 'output-available') {
    // Edited arguments go back as `editedArgs` (what agUiHandler of react-agent-kit/server reads); unedited ones are not repeated.
    const edited = call.approval?.decision?.edited === true ? (call.input as RemoteApprovalInput | undefined)?.arguments : undefined;
    return { interruptId, status: 'resolved', payload: { approved: true, ...(edited !== undefined ? { editedArgs: edited } : {}) } };
  }
  if (call.state === 'output-denied' && last?.by === 'user') return { interruptId, status: 'resolved', payload: { approved: false, ...(last.note ? { reason: last.note } : {}) } };
  return cancelled;
}

type Schema = Record<string, unknown>;
const maxQuestions = 4;

/**
 * An interrupt that asks to approve something: its reason says approval or confirmation, or it
 * concerns a tool call (AG-UI's `toolCallId` "when it is a tool approval") and asks no other
 * answer than an approval's (no `responseSchema`, or one with `approved`). A tool that waits for
 * input (Mastra's suspension with a `resumeSchema`) concerns its call too: that is a question.
 */
function isApprovalRequest(interrupt: Interrupt): boolean {
  const toolName = (interrupt.metadata as { toolName?: unknown } | undefined)?.toolName;
  const kind = `${interrupt.reason} ${typeof toolName === 'string' ? toolName : ''}`;
  if (/ask_user_question|question/i.test(kind)) return false;
  if (/approv|confirm/i.test(interrupt.reason)) return true;
  const properties = interrupt.responseSchema?.properties as Record<string, unknown> | undefined;
  return interrupt.toolCallId !== undefined && (interrupt.responseSchema === undefined || properties?.approved !== undefined);
}

/**
 * The questions of an interrupt that asks them as the kit's `ask_user_question` does (as
 * `agUiHandler` of react-agent-kit/server sends them: `metadata.questions`, answered by
 * `{ answers }`), when they have that shape; the picker checks the answers against them.
 */
function askedQuestions(interrupt: Interrupt): Question[] | undefined {
  const { questions } = (interrupt.metadata ?? {}) as { questions?: unknown };
  if (!isKitQuestionSchema(interrupt.responseSchema) || !Array.isArray(questions) || questions.length === 0 || questions.length > maxQuestions) return undefined;
  const wellFormed = questions.every((question: unknown) => {
    const candidate = question as Partial<Question> | null;
    return typeof candidate?.question === 'string' && typeof candidate.header === 'string' && Array.isArray(candidate.options) && candidate.options.every((option: unknown) => typeof (option as { label?: unknown } | null)?.label === 'string');
  });
  return wellFormed ? (questions as Question[]) : undefined;
}

/** A response schema of the kit's own answers: an object whose one required field is `answers`, an array. */
function isKitQuestionSchema(schema: Schema | undefined): boolean {
  const properties = schema?.properties as Record<string, Schema> | undefined;
  return schema?.type === 'object' && properties?.answers?.type === 'array' && Object.keys(properties).length === 1;
}

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
