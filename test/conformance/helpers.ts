/**
 * Shared helpers of the conformance suite (issue 3, "Tools and people in the loop"): reading
 * what the model received, checking that a request is valid, and small models and gates to
 * drive the agent into each state.
 */
import { expect } from 'vitest';
import { defineTool, type AgentState, type ToolCall, type ToolCallState, type ToolDefinition } from '../../src/core/index';
import type { ScriptedPromptMessage, ScriptedPromptPart } from '../../src/testing/index';

/** A prompt as any of our models records it (scripted model or the hand model below). */
export type Prompt = readonly ScriptedPromptMessage[];

export const finalStates: readonly ToolCallState[] = ['output-available', 'output-error', 'output-denied', 'cancelled', 'sealed'];

export function isFinal(call: Pick<ToolCall, 'state'>): boolean {
  return finalStates.includes(call.state);
}

/** A recorded model call: we only read its prompt (and a few options). */
export interface RecordedCall {
  prompt: Prompt;
  tools?: readonly { name: string }[] | undefined;
  maxOutputTokens?: number | undefined;
  abortSignal?: AbortSignal | undefined;
}

export function lastRequest(model: { calls: readonly RecordedCall[] }): Prompt {
  const call = model.calls.at(-1);
  if (!call) throw new Error('The model was never called.');
  return call.prompt;
}

function partsOf(message: ScriptedPromptMessage): readonly ScriptedPromptPart[] {
  return typeof message.content === 'string' ? [] : message.content;
}

/** Every tool-call part the prompt carries, in order. */
export function toolCallParts(prompt: Prompt): ScriptedPromptPart[] {
  return prompt.filter((message) => message.role === 'assistant').flatMap((message) => partsOf(message).filter((part) => part.type === 'tool-call'));
}

/** Every tool-result part the prompt carries, in order. */
export function toolResultParts(prompt: Prompt): ScriptedPromptPart[] {
  return prompt.filter((message) => message.role === 'tool').flatMap((message) => partsOf(message).filter((part) => part.type === 'tool-result'));
}

/** The one tool-result part for `toolCallId` (fails when there is none or several). */
export function resultFor(prompt: Prompt, toolCallId: string): { type: string; value?: unknown; reason?: string } {
  const results = toolResultParts(prompt).filter((part) => part.toolCallId === toolCallId);
  expect(results, `tool results for ${toolCallId}`).toHaveLength(1);
  return results[0]!.output as { type: string; value?: unknown; reason?: string };
}

/** The one tool-call part for `toolCallId`. */
export function callPartFor(prompt: Prompt, toolCallId: string): ScriptedPromptPart {
  const parts = toolCallParts(prompt).filter((part) => part.toolCallId === toolCallId);
  expect(parts, `tool-call parts for ${toolCallId}`).toHaveLength(1);
  return parts[0]!;
}

/** The text a result carries (an error text, a text output, or JSON as text), for `toContain` checks. */
export function resultText(output: { type: string; value?: unknown; reason?: string }): string {
  if (typeof output.value === 'string') return output.value;
  return JSON.stringify(output);
}

const resultTypes = ['text', 'json', 'error-text', 'error-json', 'execution-denied', 'content'];

/**
 * The request is valid for any provider: each assistant message with tool calls is followed
 * at once by one tool message holding exactly one result per call, with the same ids, in call
 * order; there are no results without a call, no duplicate ids, and the prompt is plain JSON.
 */
export function expectValidToolHistory(prompt: Prompt): void {
  expect(() => JSON.stringify(prompt)).not.toThrow();
  const seenCallIds = new Set<string>();
  prompt.forEach((message, index) => {
    if (message.role === 'tool') {
      const previous = prompt[index - 1];
      expect(previous?.role, `message ${index}: a tool message follows an assistant message`).toBe('assistant');
      return;
    }
    if (message.role !== 'assistant') return;
    const calls = partsOf(message).filter((part) => part.type === 'tool-call');
    if (calls.length === 0) {
      expect(prompt[index + 1]?.role, `message ${index + 1}: no tool message after an assistant message without calls`).not.toBe('tool');
      return;
    }
    for (const call of calls) {
      expect(typeof call.toolCallId).toBe('string');
      expect(seenCallIds.has(call.toolCallId!), `duplicate tool call id ${call.toolCallId}`).toBe(false);
      seenCallIds.add(call.toolCallId!);
      expect(call.input !== null && typeof call.input === 'object', `input of ${call.toolCallId} is an object`).toBe(true);
    }
    const next = prompt[index + 1];
    expect(next?.role, `message ${index + 1}: the results of the calls of message ${index}`).toBe('tool');
    const results = partsOf(next!).filter((part) => part.type === 'tool-result');
    expect(partsOf(next!)).toHaveLength(results.length);
    expect(results.map((part) => part.toolCallId)).toEqual(calls.map((part) => part.toolCallId));
    expect(results.map((part) => part.toolName)).toEqual(calls.map((part) => part.toolName));
    for (const result of results) {
      const output = result.output as { type?: unknown } | undefined;
      expect(resultTypes, `output type of ${result.toolCallId}`).toContain(output?.type);
    }
  });
}

/** Polls (with real timers) until `predicate` holds; fails with `what` after `timeoutMs`. */
export async function waitUntil(predicate: () => boolean, what = 'condition', timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** A promise the test opens by hand. */
export function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => void (open = resolve));
  return { promise, open };
}

/** A tool whose calls run until the test settles them (see {@link heldTool}). */
export interface HeldTool {
  tool: ToolDefinition<never, unknown>;
  /** Resolves once the call with this id runs. */
  started(toolCallId: string): Promise<void>;
  /** Reports progress of a running call, as the tool would (`tool-call-progress`). */
  progress(toolCallId: string, progress: unknown): void;
  /** Ends a running call with this result. */
  finish(toolCallId: string, output: unknown): void;
  /** Ends a running call by throwing an error with this message. */
  fail(toolCallId: string, message: string): void;
}

/**
 * A tool named `name` whose calls keep running until the test finishes or fails them, and
 * report progress when the test says: a real run whose tool calls change when the test wants,
 * for UI tests that watch calls change (the agent's state is read only).
 */
export function heldTool(name: string): HeldTool {
  type Running = { reportProgress: (progress: unknown) => void; finish: (output: unknown) => void; fail: (error: Error) => void };
  const running = new Map<string, Running>();
  const starts = new Map<string, ReturnType<typeof gate<void>>>();
  const startOf = (toolCallId: string) => starts.get(toolCallId) ?? starts.set(toolCallId, gate()).get(toolCallId)!;
  const runningCall = (toolCallId: string): Running => {
    const call = running.get(toolCallId);
    if (!call) throw new Error(`The call ${toolCallId} of ${name} is not running (running: ${[...running.keys()].join(', ') || 'none'}).`);
    return call;
  };
  const tool = defineTool({
    name,
    description: `${name}, held until the test settles it.`,
    inputSchema: { type: 'object' },
    // Only the test ends these calls.
    timeoutMs: Infinity,
    execute: (_input, { toolCallId, reportProgress }) =>
      new Promise<unknown>((resolve, reject) => {
        const settle = <T>(end: (value: T) => void) => (value: T) => {
          running.delete(toolCallId);
          end(value);
        };
        running.set(toolCallId, { reportProgress, finish: settle(resolve), fail: settle(reject) });
        startOf(toolCallId).open();
      }),
  });
  return {
    tool,
    started: (toolCallId) => startOf(toolCallId).promise,
    progress: (toolCallId, progress) => runningCall(toolCallId).reportProgress(progress),
    finish: (toolCallId, output) => runningCall(toolCallId).finish(output),
    fail: (toolCallId, message) => runningCall(toolCallId).fail(new Error(message)),
  };
}

export function callNamed(state: AgentState, id: string): ToolCall {
  const call = state.toolCalls.find((candidate) => candidate.id === id);
  if (!call) throw new Error(`No tool call ${id} in the state (have: ${state.toolCalls.map((c) => c.id).join(', ')}).`);
  return call;
}

export function lastAssistant(state: AgentState) {
  const message = state.messages.findLast((candidate) => candidate.role === 'assistant');
  if (!message) throw new Error('No assistant message.');
  return message;
}

export function noticesOf(state: AgentState) {
  return state.messages.flatMap((message) => message.parts.filter((part) => part.type === 'notice'));
}

/** One step of a {@link handModel}: raw v3 stream parts; `hang` keeps the stream open until aborted. */
export interface HandStep {
  parts: readonly unknown[];
  hang?: boolean;
  outputTokens?: number;
}

const usage = (outputTokens: number) => ({
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
});

/**
 * A spec v3 model that plays raw stream parts, for what the scripted model cannot express:
 * arguments as exact JSON text, or a tool call whose input is still streaming when it hangs.
 */
export function handModel(steps: ReadonlyArray<HandStep | ((callIndex: number) => HandStep)>) {
  const calls: RecordedCall[] = [];
  return {
    specificationVersion: 'v3' as const,
    provider: 'hand',
    modelId: 'hand-model',
    supportedUrls: {},
    calls,
    async doStream(options: { prompt: unknown; abortSignal?: AbortSignal }) {
      const callIndex = calls.length;
      calls.push(options as unknown as RecordedCall);
      const entry = steps[callIndex];
      if (entry === undefined) throw new Error(`The hand model has no step for call ${callIndex + 1}.`);
      const step = typeof entry === 'function' ? entry(callIndex) : entry;
      const signal = options.abortSignal;
      const hasToolCall = step.parts.some((part) => (part as { type?: string }).type === 'tool-call');
      const stream = new ReadableStream<unknown>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          for (const part of step.parts) controller.enqueue(part);
          if (step.hang) {
            const abort = () => controller.error(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
            if (signal?.aborted) abort();
            else signal?.addEventListener('abort', abort, { once: true });
            return;
          }
          controller.enqueue({
            type: 'finish',
            finishReason: { unified: hasToolCall ? 'tool-calls' : 'stop', raw: undefined },
            usage: usage(step.outputTokens ?? 5),
          });
          controller.close();
        },
      });
      return { stream };
    },
  };
}

/** Raw parts of a complete tool call whose arguments are the exact JSON text `input`. */
export function rawToolCall(toolCallId: string, toolName: string, input: string): unknown[] {
  return [
    { type: 'tool-input-start', id: toolCallId, toolName },
    { type: 'tool-input-delta', id: toolCallId, delta: input },
    { type: 'tool-input-end', id: toolCallId },
    { type: 'tool-call', toolCallId, toolName, input },
  ];
}

/** Raw parts of a text reply. */
export function rawText(text: string, id = 'text-0'): unknown[] {
  return [
    { type: 'text-start', id },
    { type: 'text-delta', id, delta: text },
    { type: 'text-end', id },
  ];
}
