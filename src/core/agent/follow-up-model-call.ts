/**
 * The model request behind follow-up suggestions: the end of the conversation as a short
 * transcript, and instructions to answer with a JSON array of short follow-ups. No tools, a small
 * output budget; nothing of it reaches the thread.
 */
import type { LanguageModel, ModelCallOptions, StreamUsage } from '../model/language-model';
import type { RetryPolicy } from '../model/retry-policy';
import { streamModel } from '../model/stream-model';
import { framedText } from '../context/framed-text';
import type { Message } from '../store/state';
import { followUpInstructionsStart } from './follow-up-request';
import { parseFollowUps } from './parse-follow-ups';

/** Characters of one message kept in the transcript: enough for its gist. */
const messageChars = 800;

export interface FollowUpModelCall {
  readonly model: LanguageModel;
  /** The conversation, oldest first; the last `recentMessages` are sent. */
  readonly messages: readonly Message[];
  readonly recentMessages: number;
  readonly maxSuggestions: number;
  readonly signal: AbortSignal;
  readonly retryPolicy?: RetryPolicy | undefined;
}

/**
 * The prompt of a follow-up request (also what tests and the demo model recognize).
 *
 * @example
 * ```ts
 * const options = followUpPrompt(state.messages.slice(-6), 3);
 * ```
 */
export function followUpPrompt(messages: readonly Message[], maxSuggestions: number): ModelCallOptions {
  const system = [
    `${followUpInstructionsStart} for a person chatting with an AI assistant.`,
    `From the end of the conversation below, write up to ${maxSuggestions} short messages the person is likely to send next: questions or requests in their voice and language, under 12 words each, different from each other and from what was already asked.`,
    'Answer with a JSON array of strings and nothing else, e.g. ["Can you show an example?", "What are the risks?"].',
  ].join(' ');
  const transcript = messages.map(transcriptLine).filter((line) => line !== '').join('\n');
  return {
    // The transcript is people's and the model's words: nothing in it can end its frame.
    prompt: [{ role: 'system', content: system }, { role: 'user', content: [{ type: 'text', text: `The end of the conversation:\n${framedText('transcript', transcript)}` }] }],
    maxOutputTokens: 40 * maxSuggestions + 40,
  };
}

/**
 * Asks the model and parses its answer; `usage` is what the provider reported with its finish
 * (`undefined` when the answer did not finish: aborted). Throws the model's error.
 *
 * @example
 * ```ts
 * const { suggestions, usage } = await askForFollowUps({ model, messages, recentMessages: 6, maxSuggestions: 3, signal });
 * ```
 */
export async function askForFollowUps(input: FollowUpModelCall): Promise<{ suggestions: string[]; usage: StreamUsage | undefined }> {
  const options = followUpPrompt(input.messages.slice(-input.recentMessages), input.maxSuggestions);
  const usage: StreamUsage = { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 0 };
  let finished = false;
  let text = '';
  for await (const event of streamModel(input.model, options, { signal: input.signal, ...(input.retryPolicy ? { retryPolicy: input.retryPolicy } : {}) })) {
    if (event.type === 'text-delta') text += event.delta;
    else if (event.type === 'error') throw event.error instanceof Error ? event.error : new Error(String(event.error));
    else if (event.type === 'finish') {
      finished = true;
      for (const key of Object.keys(usage) as (keyof StreamUsage)[]) usage[key] += event.usage[key];
    }
  }
  return { suggestions: finished ? parseFollowUps(text, input.maxSuggestions) : [], usage: finished ? usage : undefined };
}

function transcriptLine(message: Message): string {
  const text = message.parts
    .map((part) => (part.type === 'text' ? part.text : part.type === 'file' ? `[attached ${part.filename ?? 'a file'}]` : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return '';
  return `${message.role === 'user' ? 'User' : 'Assistant'}: ${text.length <= messageChars ? text : `${text.slice(0, messageChars)}…`}`;
}
