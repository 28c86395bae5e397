/**
 * Summarizing part of a conversation with a model: the messages become a plain-text transcript
 * (tool calls with their inputs and cut outputs), and the model writes a summary that folds in the
 * previous one. A transcript longer than the budget is summarized in pieces, oldest first, each
 * piece folded into the summary so far. The requests offer no tools.
 */
import type { LanguageModel, ModelCallOptions, StreamUsage } from '../model/language-model';
import type { RetryPolicy } from '../model/retry-policy';
import { streamModel } from '../model/stream-model';
import { framedText } from './framed-text';
import { toToolResultOutput } from '../model/to-provider-prompt';
import type { Message, ToolCall } from '../store/state';
import { textTokens } from './token-estimate';
import { summaryInstructionsStart } from './summary-request';

export interface SummarizeInput {
  readonly model: LanguageModel;
  /** The messages to fold in, oldest first, and their tool calls. */
  readonly messages: readonly Message[];
  readonly toolCalls: ReadonlyMap<string, ToolCall>;
  /** The summary of what came before `messages`, if any. */
  readonly previous?: string | undefined;
  /** What a person asked the summary to keep (`agent.compact({ instructions })`). */
  readonly instructions?: string | undefined;
  /** The input budget of each summarization request. */
  readonly maxInputTokens: number;
  readonly signal: AbortSignal;
  readonly retryPolicy?: RetryPolicy | undefined;
}

/** A summary could not be made: the model failed or wrote nothing. */
export class SummaryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SummaryError';
  }
}

/** Characters of a tool's input and output kept in the transcript. */
const inputChars = 500;
const outputChars = 1_500;
/**
 * Requests one summary may take at most. A backlog longer than this many pieces (a long
 * conversation imported into an agent with a small budget) is summarized from its most recent
 * part, and the summary says how many older messages it leaves out: the wait before the next
 * reply stays a few requests long, whatever the backlog.
 */
const maxPieces = 3;

/**
 * @example
 * ```ts
 * const { summary, usage } = await summarize({ model, messages, toolCalls, maxInputTokens: 16_000, signal });
 * ```
 */
export async function summarize(input: SummarizeInput): Promise<{ summary: string; usage: StreamUsage }> {
  const maxWords = Math.max(150, Math.min(2_000, Math.floor(input.maxInputTokens / 12)));
  const system = summarizerInstructions(maxWords);
  const usage: StreamUsage = { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 0 };
  let summary = input.previous;
  const { pieces, omitted } = transcriptPieces(input, system, summary);
  for (const [index, piece] of pieces.entries()) {
    const request = [
      // The summary and the transcript are model- and user-written: nothing in them can end their frames.
      summary === undefined ? '' : `The summary so far:\n${framedText('summary', summary)}\n\n`,
      index === 0 && omitted > 0 ? `(The ${omitted.toLocaleString('en-US')} oldest messages since ${summary === undefined ? 'the start' : 'that summary'} are left out: too many to summarize at once. Say so in the summary.)\n\n` : '',
      `The conversation${summary === undefined ? '' : ' since then'}:\n${framedText('transcript', piece)}`,
      input.instructions ? `\n\nThe user asked the summary to keep in particular: ${input.instructions}` : '',
    ].join('');
    const options: ModelCallOptions = {
      prompt: [{ role: 'system', content: system }, { role: 'user', content: [{ type: 'text', text: request }] }],
      maxOutputTokens: Math.ceil(maxWords * 2),
    };
    summary = await complete(input, options, usage);
  }
  if (summary === undefined) throw new SummaryError('There was nothing to summarize.');
  return { summary, usage };
}

function summarizerInstructions(maxWords: number): string {
  return [
    `${summaryInstructionsStart} between a user and an AI assistant that uses tools.`,
    'Write a summary that lets the assistant continue the work without the original messages: the user\'s goals and requests, decisions and constraints, facts learned (names, paths, values, results of tool calls that still matter), what was done, and what is still open.',
    `Fold the summary so far (if any) into the new one. At most about ${maxWords} words. Write only the summary.`,
  ].join(' ');
}

/**
 * The transcript, cut into pieces that each fit one request beside the instructions and the
 * summary; at most `maxPieces`, the most recent ones, the first saying what it leaves out.
 */
function transcriptPieces(input: SummarizeInput, system: string, previous: string | undefined): { pieces: string[]; omitted: number } {
  // Room for the summary as it grows: as much again as the previous one, at least 1,000 tokens.
  const room = Math.max(500, input.maxInputTokens - textTokens(system) - 2 * Math.max(textTokens(previous ?? ''), 1_000) - 200);
  // From the newest message back, until the pieces allowed are full.
  const kept: string[][] = [];
  let budget = room * maxPieces;
  let omitted = 0;
  for (let index = input.messages.length - 1; index >= 0; index--) {
    const lines = transcriptLines(input.messages[index]!, input.toolCalls).map((line) => (textTokens(line) > room ? `${line.slice(0, room * 4 - 40)} [cut]` : line));
    const tokens = lines.reduce((sum, line) => sum + textTokens(line) + 1, 0);
    if (tokens > budget && kept.length > 0) {
      omitted = index + 1;
      break;
    }
    kept.unshift(lines);
    budget -= tokens;
  }
  const lines = kept.flat();
  const pieces: string[] = [];
  let piece: string[] = [];
  let size = 0;
  for (const line of lines) {
    const tokens = textTokens(line) + 1;
    if (size + tokens > room && piece.length > 0) {
      pieces.push(piece.join('\n'));
      piece = [];
      size = 0;
    }
    piece.push(line);
    size += tokens;
  }
  if (piece.length > 0) pieces.push(piece.join('\n'));
  return { pieces, omitted };
}

function transcriptLines(message: Message, toolCalls: ReadonlyMap<string, ToolCall>): string[] {
  const speaker = message.role === 'user' ? 'User' : 'Assistant';
  const lines: string[] = [];
  for (const part of message.parts) {
    if (part.type === 'text' && part.text.trim() !== '') lines.push(`${speaker}: ${part.text}`);
    if (part.type === 'file') lines.push(`${speaker} attached ${part.filename ?? 'a file'} (${part.mediaType})${part.path ? `, saved at ${part.path}` : ''}`);
    if (part.type !== 'tool-call') continue;
    const call = toolCalls.get(part.toolCallId);
    if (call === undefined) continue;
    const output = toToolResultOutput(call, outputChars);
    const result = 'value' in output ? (typeof output.value === 'string' ? output.value : JSON.stringify(output.value)) : `denied: ${output.reason ?? 'no reason given'}`;
    lines.push(`Assistant called ${call.name}(${cut(call.inputText, inputChars)}) -> ${output.type.startsWith('error') ? 'error: ' : ''}${result}`);
  }
  return lines;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

async function complete(input: SummarizeInput, options: ModelCallOptions, usage: StreamUsage): Promise<string> {
  let text = '';
  for await (const event of streamModel(input.model, options, { signal: input.signal, ...(input.retryPolicy ? { retryPolicy: input.retryPolicy } : {}) })) {
    if (event.type === 'text-delta') text += event.delta;
    else if (event.type === 'error') throw new SummaryError(`Summarizing the earlier conversation failed: ${event.error instanceof Error ? event.error.message : String(event.error)}`, { cause: event.error });
    else if (event.type === 'finish') {
      for (const key of Object.keys(usage) as (keyof StreamUsage)[]) usage[key] += event.usage[key];
    }
  }
  if (text.trim() === '') throw new SummaryError('Summarizing the earlier conversation failed: the model wrote no summary.');
  return text.trim();
}
