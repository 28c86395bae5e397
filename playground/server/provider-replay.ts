/**
 * Recorded provider streams, replayed as a provider's API would send them: a `fetch` for the real
 * provider packages (`createOpenAI`, `createAnthropic`) that answers from the streams recorded in
 * test/fixtures/provider-streams (the ones the conformance tests use), so the playground's AI SDK
 * route runs offline on real provider parsing. A recorded tool call gets a fresh id per request (a
 * conversation may ask twice); replies that follow a tool result are short canned texts in the
 * provider's own format.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const fixtures = resolve(import.meta.dirname, '../../test/fixtures/provider-streams');
let nextId = 0;

/** A recorded stream's events, with its recorded tool-call id replaced by a fresh one. */
function recorded(name: string, recordedId: string): Array<Record<string, unknown>> {
  const fresh = `${recordedId.slice(0, 6)}${(++nextId).toString(36)}${Date.now().toString(36)}`;
  return readFileSync(resolve(fixtures, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line.replaceAll(recordedId, fresh)) as Record<string, unknown>);
}

function openAIText(text: string): Array<Record<string, unknown>> {
  const chunk = (delta: object, finish: string | null = null) => ({ id: 'chatcmpl-replay', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });
  return [chunk({ role: 'assistant', content: '' }), ...text.split(/(?<= )/).map((piece) => chunk({ content: piece })), chunk({}, 'stop'), { id: 'chatcmpl-replay', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 40, completion_tokens: 12, total_tokens: 52 } }];
}

function anthropicText(text: string): Array<Record<string, unknown>> {
  return [
    { type: 'message_start', message: { id: 'msg_replay', type: 'message', role: 'assistant', content: [], usage: { input_tokens: 40, output_tokens: 1 } } },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ...text.split(/(?<= )/).map((piece) => ({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } })),
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 12 } },
    { type: 'message_stop' },
  ];
}

/** The JSON body the provider package sent (a string: these packages send no streams or forms). */
function requestBody(init: RequestInit | undefined): { messages: Array<{ role: string; content: unknown }> } {
  return JSON.parse(typeof init?.body === 'string' ? init.body : '{"messages":[]}') as { messages: Array<{ role: string; content: unknown }> };
}

function sse(events: Array<Record<string, unknown>>, format: 'openai' | 'anthropic'): Response {
  const body = events.map((event) => `${format === 'anthropic' ? `event: ${String(event.type)}\n` : ''}data: ${JSON.stringify(event)}\n\n`).join('') + (format === 'openai' ? 'data: [DONE]\n\n' : '');
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/** OpenAI's chat API, replayed: a recorded `weather` call (Groq), or a reply to the weather tool's result. */
export const openAIReplayFetch: typeof fetch = async (_input, init) => {
  const last = requestBody(init).messages.at(-1)!;
  if (last.role !== 'tool') return sse(recorded('groq-chat-tool-call.jsonl', 'tk85n1k4m'), 'openai');
  const result = String(last.content);
  // A result carries the temperature; a denied call's message is the person's reason (or the SDK's sentence).
  const temperature = /"temperature":(\d+)/.exec(result)?.[1];
  const reply = temperature === undefined ? 'Understood: I did not look up the weather.' : `The weather service says ${temperature} degrees ${/"location":"([^"]+)"/.exec(result)?.[1] ?? 'here'}.`;
  return sse(openAIText(reply), 'openai');
};

/** Anthropic's messages API, replayed: a recorded `updateIssueList` call (text, then the tool), or a reply to its result. */
export const anthropicReplayFetch: typeof fetch = async (_input, init) => {
  const answered = JSON.stringify(requestBody(init).messages.at(-1)?.content ?? '').includes('tool_result');
  return sse(answered ? anthropicText('The issue list is updated in your browser.') : recorded('anthropic-text-and-tool-use.jsonl', 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP'), 'anthropic');
};
