import type { FinishReason } from '../model/language-model';
import { streamError, type RequestContext } from './api-call-error';
import { parseEventData } from './parse-event-data';
import type { ServerSentEvent } from './sse-parser';
import type { V3StreamPart, V3Usage } from './stream-parts';

interface MessagesUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

interface MessagesEvent {
  type?: string;
  index?: number;
  message?: { usage?: MessagesUsage };
  content_block?: { type?: string; id?: string; name?: string; input?: unknown; data?: string };
  delta?: { type?: string; text?: string; thinking?: string; signature?: string; partial_json?: string; stop_reason?: string | null };
  usage?: MessagesUsage;
  error?: unknown;
}

type TokenCounts = Record<keyof MessagesUsage, number>;

type OpenBlock = { kind: 'text' | 'reasoning' } | { kind: 'tool'; id: string; name: string; input: string };

/**
 * Turns the server-sent events of an Anthropic Messages stream into v3 stream parts: `text`
 * blocks into text parts, `thinking` blocks into reasoning parts (their signature as the part's
 * provider metadata, `{ anthropic: { signature } }`, as the AI SDK's provider has it, so the
 * thinking can be sent back), `redacted_thinking` into an empty reasoning part carrying
 * `{ anthropic: { redactedData } }`,
 * `tool_use` blocks into tool input parts and a tool call when the block stops (an empty
 * input is `{}`), usage from `message_start` and `message_delta`, and the finish at
 * `message_stop`. Pings are skipped; an `error` event becomes an error part whose status
 * follows the error type (an overload is a retryable 529).
 *
 * A stream that ends before `message_stop` (and before any stop reason) was cut off: it ends
 * without a finish, so the core reports an interrupted stream. Part ids are the block indexes,
 * as the AI SDK's Anthropic provider uses them.
 *
 * @example
 * ```ts
 * const events = await fetchEventStream(request);
 * return { stream: toReadableStream(anthropicParts(events, request)) };
 * ```
 */
export async function* anthropicParts(events: AsyncIterable<ServerSentEvent>, context: RequestContext): AsyncGenerator<V3StreamPart, void, undefined> {
  yield { type: 'stream-start', warnings: [] };
  const blocks = new Map<number, OpenBlock>();
  const usage: TokenCounts = { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  let stopReason: string | undefined;

  for await (const { data } of events) {
    const event = parseEventData<MessagesEvent>(data);
    if (!event) continue;
    const id = String(event.index);
    switch (event.type) {
      case 'message_start':
        addUsage(usage, event.message?.usage);
        break;
      case 'content_block_start': {
        const block = event.content_block;
        if (block?.type === 'text' || block?.type === 'thinking') {
          const kind = block.type === 'text' ? 'text' : 'reasoning';
          blocks.set(event.index!, { kind });
          yield { type: `${kind}-start`, id };
        } else if (block?.type === 'redacted_thinking' && typeof block.data === 'string') {
          blocks.set(event.index!, { kind: 'reasoning' });
          yield { type: 'reasoning-start', id, providerMetadata: { anthropic: { redactedData: block.data } } };
        } else if (block?.type === 'tool_use' && block.id && block.name) {
          // The start carries `input: {}`; the arguments follow as input_json_delta pieces.
          const input = isEmptyObject(block.input) ? '' : JSON.stringify(block.input);
          blocks.set(event.index!, { kind: 'tool', id: block.id, name: block.name, input });
          yield { type: 'tool-input-start', id: block.id, toolName: block.name };
          if (input) yield { type: 'tool-input-delta', id: block.id, delta: input };
        }
        break;
      }
      case 'content_block_delta': {
        const block = blocks.get(event.index!);
        const delta = event.delta;
        if (!block || !delta) break;
        if (block.kind === 'text' && delta.type === 'text_delta' && delta.text) yield { type: 'text-delta', id, delta: delta.text };
        else if (block.kind === 'reasoning' && delta.type === 'thinking_delta' && delta.thinking) yield { type: 'reasoning-delta', id, delta: delta.thinking };
        else if (block.kind === 'reasoning' && delta.type === 'signature_delta' && delta.signature) yield { type: 'reasoning-delta', id, delta: '', providerMetadata: { anthropic: { signature: delta.signature } } };
        else if (block.kind === 'tool' && delta.type === 'input_json_delta' && delta.partial_json) {
          block.input += delta.partial_json;
          yield { type: 'tool-input-delta', id: block.id, delta: delta.partial_json };
        }
        break;
      }
      case 'content_block_stop': {
        const block = blocks.get(event.index!);
        blocks.delete(event.index!);
        if (!block) break;
        if (block.kind !== 'tool') {
          yield { type: `${block.kind}-end`, id };
          break;
        }
        yield { type: 'tool-input-end', id: block.id };
        yield { type: 'tool-call', toolCallId: block.id, toolName: block.name, input: block.input.trim() ? block.input : '{}' };
        break;
      }
      case 'message_delta':
        addUsage(usage, event.usage);
        if (event.delta?.stop_reason) stopReason = event.delta.stop_reason;
        break;
      case 'message_stop':
        yield finish(stopReason, usage);
        return;
      case 'error':
        yield { type: 'error', error: streamError(event.error, context) };
        return;
    }
  }
  // No message_stop: only a stream that got as far as its stop reason counts as finished.
  if (stopReason !== undefined) yield finish(stopReason, usage);
}

function finish(stopReason: string | undefined, usage: TokenCounts): V3StreamPart {
  const cacheWrite = usage.cache_creation_input_tokens;
  const cacheRead = usage.cache_read_input_tokens;
  const totals: V3Usage = {
    // Anthropic's input_tokens leaves out the cached tokens; the v3 total includes them.
    inputTokens: { total: usage.input_tokens + cacheWrite + cacheRead, noCache: usage.input_tokens, cacheRead, cacheWrite },
    outputTokens: { total: usage.output_tokens, text: undefined, reasoning: undefined },
  };
  return { type: 'finish', finishReason: { unified: mapStopReason(stopReason), raw: stopReason }, usage: totals };
}

/** message_delta repeats the counts so far (output tokens grow): later values replace earlier ones. */
function addUsage(usage: TokenCounts, update: MessagesUsage | undefined): void {
  for (const key of Object.keys(usage) as Array<keyof MessagesUsage>) {
    const value = update?.[key];
    if (typeof value === 'number') usage[key] = value;
  }
}

function mapStopReason(reason: string | undefined): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
    case 'pause_turn':
      return 'stop';
    case 'tool_use':
      return 'tool-calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'refusal':
      return 'content-filter';
    default:
      return 'other';
  }
}

function isEmptyObject(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0);
}
