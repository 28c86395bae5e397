/**
 * The scripted model's plan: step shorthands made full steps, and a step turned into the stream
 * parts to play (text split into chunks, usage estimated when the script gives none).
 */
import type {
  ScriptedCall,
  ScriptedCallOptions,
  ScriptedFinishReason,
  ScriptedItem,
  ScriptedPromptMessage,
  ScriptedRespond,
  ScriptedStep,
  ScriptedStepInput,
  ScriptedStreamPart,
} from './scripted-model-types';
import { isPlanReminder } from './is-plan-reminder';

/**
 * Turns any step shorthand into a full step.
 *
 * @example
 * ```ts
 * toScriptedStep('Hello'); // { items: [{ type: 'text', text: 'Hello' }] }
 * ```
 */
export function toScriptedStep(input: ScriptedStepInput): ScriptedStep {
  if (typeof input === 'string') return { items: [{ type: 'text', text: input }] };
  if (isItemList(input)) return { items: [...input] };
  if ('items' in input) return input;
  return { items: [input] };
}

function isItemList(input: ScriptedStepInput): input is readonly ScriptedItem[] {
  return Array.isArray(input);
}

/**
 * A `respond` function that plays `steps` in order, one per call, and fails clearly when the
 * script runs out (a test then shows the unexpected extra call instead of hanging).
 *
 * @example
 * ```ts
 * const model = scriptedModel(stepsInOrder([{ type: 'tool-call', toolName: 'list_files', input: {} }, 'Two files.']));
 * ```
 */
export function stepsInOrder(steps: readonly ScriptedStepInput[]): ScriptedRespond {
  return ({ callIndex }) => {
    const step = steps[callIndex];
    if (step === undefined) {
      throw new Error(
        `The scripted model has no step for call ${callIndex + 1}: the script has ${steps.length} step(s).`,
      );
    }
    return step;
  };
}

/**
 * Reads what a script needs from the call options.
 *
 * @example
 * ```ts
 * describeCall({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }, 0);
 * // { lastUserText: 'Hi', stepIndex: 0, callIndex: 0, tools: [], ... }
 * ```
 */
export function describeCall(options: ScriptedCallOptions, callIndex: number): ScriptedCall {
  const prompt = options.prompt;
  let lastUserIndex = -1;
  // The plan's note (`createAgent({ todos: true })`) is the app's, not the user's: read past it.
  prompt.forEach((message, index) => {
    if (message.role === 'user' && !isPlanReminder(message)) lastUserIndex = index;
  });
  const lastUser = prompt[lastUserIndex];
  const lastUserText =
    lastUser !== undefined && typeof lastUser.content !== 'string'
      ? lastUser.content.flatMap((part) => (part.type === 'text' && part.text !== undefined ? [part.text] : [])).join('\n')
      : '';
  const stepIndex = prompt.slice(lastUserIndex + 1).filter((message) => message.role === 'assistant').length;
  return { prompt, tools: options.tools ?? [], stepIndex, callIndex, lastUserText, options };
}

/** One entry of a plan: a stream part (paced ones wait for the chunk delay first) or a pause. */
export type PlanEntry = { part: ScriptedStreamPart; paced: boolean } | { pauseMs: number };

// Chunk sizes in words, cycled: uneven like a real tokenizer, yet deterministic.
const wordsPerChunk = [2, 1, 3, 2, 3, 1];
const jsonCharactersPerChunk = 12;

function splitText(text: string): string[] {
  // Each word keeps the white space around it, so the chunks join back to the exact text.
  const words = text.match(/\s*\S+\s*/g) ?? [text];
  const chunks: string[] = [];
  for (let start = 0; start < words.length; ) {
    const size = wordsPerChunk[chunks.length % wordsPerChunk.length] ?? 1;
    chunks.push(words.slice(start, start + size).join(''));
    start += size;
  }
  return chunks;
}

function splitJson(json: string): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < json.length; start += jsonCharactersPerChunk) {
    chunks.push(json.slice(start, start + jsonCharactersPerChunk));
  }
  return chunks.length > 0 ? chunks : [json];
}

/** A short, stable hash (FNV-1a), so default ids differ between conversations without randomness. */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

function promptText(prompt: readonly ScriptedPromptMessage[]): string {
  return prompt
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part) => part.text ?? JSON.stringify(part.input ?? part.output ?? '')).join(''),
    )
    .join('\n');
}

function estimateTokens(characters: number): number {
  return Math.ceil(characters / 4);
}

/** Turns a step into the plan of stream parts to play, from `stream-start` to `finish`. */
export function planStep(step: ScriptedStep, options: ScriptedCallOptions, modelId: string): PlanEntry[] {
  const promptHash = hashText(JSON.stringify(options.prompt));
  const plan: PlanEntry[] = [
    { part: { type: 'stream-start', warnings: [] }, paced: false },
    { part: { type: 'response-metadata', id: `response-${promptHash}`, modelId }, paced: false },
  ];
  const immediate = (part: ScriptedStreamPart): void => void plan.push({ part, paced: false });
  let outputCharacters = 0;
  let reasoningCharacters = 0;
  step.items.forEach((item, index) => {
    switch (item.type) {
      case 'text':
      case 'reasoning': {
        const id = `${item.type}-${index}`;
        immediate({ type: `${item.type}-start`, id });
        for (const delta of splitText(item.text)) {
          plan.push({ part: { type: `${item.type}-delta`, id, delta }, paced: true });
        }
        immediate({ type: `${item.type}-end`, id });
        outputCharacters += item.text.length;
        if (item.type === 'reasoning') reasoningCharacters += item.text.length;
        break;
      }
      case 'tool-call': {
        const id = item.toolCallId ?? `call-${promptHash}-${index}`;
        const input = JSON.stringify(item.input);
        immediate({ type: 'tool-input-start', id, toolName: item.toolName });
        for (const delta of splitJson(input)) plan.push({ part: { type: 'tool-input-delta', id, delta }, paced: true });
        immediate({ type: 'tool-input-end', id });
        immediate({ type: 'tool-call', toolCallId: id, toolName: item.toolName, input });
        outputCharacters += input.length;
        break;
      }
      case 'error':
        immediate({ type: 'error', error: item.error });
        break;
      case 'pause':
        plan.push({ pauseMs: item.ms });
        break;
      case 'source':
        immediate(
          item.url !== undefined
            ? { type: 'source', sourceType: 'url', id: item.id, url: item.url, ...(item.title !== undefined ? { title: item.title } : {}) }
            : { type: 'source', sourceType: 'document', id: item.id, mediaType: item.mediaType ?? 'text/plain', title: item.title ?? item.filename ?? item.id, ...(item.filename !== undefined ? { filename: item.filename } : {}) },
        );
        break;
      case 'throw':
        // Handled before streaming starts: `doStream` rejects.
        break;
    }
  });
  const given = step.usage ?? {};
  const inputTokens = given.inputTokens ?? estimateTokens(promptText(options.prompt).length);
  const cached = Math.min(given.cachedInputTokens ?? 0, inputTokens);
  const outputTokens = given.outputTokens ?? estimateTokens(outputCharacters);
  const reasoning = Math.min(given.reasoningTokens ?? estimateTokens(reasoningCharacters), outputTokens);
  const unified = step.finishReason ?? defaultFinishReason(step.items);
  immediate({
    type: 'finish',
    finishReason: { unified, raw: unified },
    usage: {
      inputTokens: { total: inputTokens, noCache: inputTokens - cached, cacheRead: cached, cacheWrite: 0 },
      outputTokens: { total: outputTokens, text: outputTokens - reasoning, reasoning },
    },
  });
  return plan;
}

function defaultFinishReason(items: readonly ScriptedItem[]): ScriptedFinishReason {
  if (items.some((item) => item.type === 'error')) return 'error';
  if (items.some((item) => item.type === 'tool-call')) return 'tool-calls';
  return 'stop';
}
