import type { FinishReason } from '../model/language-model';
import { createId } from '../store/ids';
import { streamError, type RequestContext } from './api-call-error';
import { parseEventData } from './parse-event-data';
import type { ServerSentEvent } from './sse-parser';
import type { V3StreamPart, V3Usage } from './stream-parts';

interface ChunkUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number } | null;
  completion_tokens_details?: { reasoning_tokens?: number } | null;
}

interface ToolCallDelta {
  index?: number | null;
  id?: string | null;
  function?: { name?: string | null; arguments?: string | null } | null;
}

interface Chunk {
  error?: unknown;
  usage?: ChunkUsage | null;
  choices?: Array<{
    finish_reason?: string | null;
    delta?: { content?: string | null; refusal?: string | null; reasoning_content?: string | null; reasoning?: string | null; tool_calls?: ToolCallDelta[] | null } | null;
  }>;
}

interface StreamingCall {
  index: number | undefined;
  wireId: string | undefined;
  id: string;
  name: string;
  input: string;
}

/**
 * Turns the server-sent events of a chat completions stream into v3 stream parts: text from
 * `delta.content` (and `delta.refusal`), reasoning from `delta.reasoning_content` (DeepSeek,
 * xAI, vLLM) or `delta.reasoning` (Ollama, OpenRouter), tool calls assembled by `index` from
 * argument pieces, and a `finish` with the mapped finish reason and the usage chunk.
 *
 * The finish comes at `[DONE]` (the usage chunk arrives after the finish reason), or when the
 * stream ends after a finish reason from a server that sends no `[DONE]`. A stream that ends
 * before any finish reason was cut off: it ends without a finish (and without the half-built
 * tool calls), so the core reports an interrupted stream instead of running tools on partial
 * input.
 *
 * @example
 * ```ts
 * const events = await fetchEventStream(request);
 * return { stream: toReadableStream(chatCompletionsParts(events, request)) };
 * ```
 */
export async function* chatCompletionsParts(events: AsyncIterable<ServerSentEvent>, context: RequestContext): AsyncGenerator<V3StreamPart, void, undefined> {
  yield { type: 'stream-start', warnings: [] };
  let open: { kind: 'text' | 'reasoning'; id: string } | undefined;
  let partCount = 0;
  const calls: StreamingCall[] = [];
  let rawFinishReason: string | undefined;
  let usage: ChunkUsage | undefined;
  let refused = false;
  let sawDone = false;

  // Text and reasoning alternate (reasoning first, as a rule): each run is its own part.
  function* deltaOf(kind: 'text' | 'reasoning', delta: string): Generator<V3StreamPart> {
    if (open?.kind !== kind) {
      if (open) yield { type: `${open.kind}-end`, id: open.id };
      open = { kind, id: `${kind}-${partCount++}` };
      yield { type: `${kind}-start`, id: open.id };
    }
    yield { type: `${kind}-delta`, id: open.id, delta };
  }

  for await (const { data } of events) {
    if (data === '[DONE]') {
      sawDone = true;
      break;
    }
    const chunk = parseEventData<Chunk>(data);
    if (!chunk) continue;
    if (chunk.error !== undefined && chunk.error !== null) {
      yield { type: 'error', error: streamError(chunk.error, context) };
      return;
    }
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (choice?.finish_reason) rawFinishReason = choice.finish_reason;
    const delta = choice?.delta;
    if (!delta) continue;
    const reasoning = delta.reasoning_content || delta.reasoning;
    if (reasoning) yield* deltaOf('reasoning', reasoning);
    if (delta.content) yield* deltaOf('text', delta.content);
    if (delta.refusal) {
      refused = true;
      yield* deltaOf('text', delta.refusal);
    }
    for (const toolDelta of delta.tool_calls ?? []) {
      const name = toolDelta.function?.name || undefined;
      const wireId = toolDelta.id || undefined;
      const pieces = toolDelta.function?.arguments ?? '';
      const index = typeof toolDelta.index === 'number' ? toolDelta.index : undefined;
      const known = index !== undefined ? calls.findLast((call) => call.index === index) : calls.at(-1);
      // A name starts another call when its id differs from the call at this index (some
      // servers send every parallel call at index 0), or when there is neither id nor index.
      const startsCall = name !== undefined && (!known || (wireId !== undefined ? known.wireId !== undefined && known.wireId !== wireId : index === undefined));
      if (startsCall) {
        const id = wireId && !calls.some((call) => call.id === wireId) ? wireId : createId('call');
        calls.push({ index, wireId, id, name, input: pieces });
        yield { type: 'tool-input-start', id, toolName: name };
        if (pieces) yield { type: 'tool-input-delta', id, delta: pieces };
      } else if (known && pieces) {
        known.input += pieces;
        yield { type: 'tool-input-delta', id: known.id, delta: pieces };
      }
    }
  }

  if (!sawDone && rawFinishReason === undefined) return;
  if (open) yield { type: `${open.kind}-end`, id: open.id };
  for (const call of calls) {
    yield { type: 'tool-input-end', id: call.id };
    yield { type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.input.trim() ? call.input : '{}' };
  }
  yield { type: 'finish', finishReason: { unified: mapFinishReason(rawFinishReason, refused), raw: rawFinishReason }, usage: toUsage(usage) };
}

function mapFinishReason(raw: string | undefined, refused: boolean): FinishReason {
  switch (raw) {
    case 'stop':
      return refused ? 'content-filter' : 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls';
    default:
      return 'other';
  }
}

function toUsage(usage: ChunkUsage | undefined): V3Usage {
  const input = usage?.prompt_tokens;
  const cached = usage?.prompt_tokens_details?.cached_tokens;
  const reasoning = usage?.completion_tokens_details?.reasoning_tokens;
  let output = usage?.completion_tokens;
  // OpenAI and DeepSeek count reasoning inside completion_tokens; xAI counts it beside them
  // (total = prompt + completion + reasoning). The total tells which.
  if (output !== undefined && input !== undefined && usage?.total_tokens !== undefined) output = Math.max(output, usage.total_tokens - input);
  return {
    inputTokens: { total: input, noCache: input === undefined ? undefined : input - (cached ?? 0), cacheRead: cached, cacheWrite: undefined },
    outputTokens: { total: output, text: output === undefined ? undefined : Math.max(0, output - (reasoning ?? 0)), reasoning },
  };
}
