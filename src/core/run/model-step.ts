import type { AgentEvent } from '../store/events';
import { createId } from '../store/ids';
import type { FinishReason, LanguageModel, ModelCallOptions, StreamUsage } from '../model/language-model';
import type { RetryPolicy } from '../model/retry-policy';
import { streamModel } from '../model/stream-model';
import { toolCallIds } from './tool-call-ids';
import { createYieldPacer } from './yield-to-host';

export interface ModelStepResult {
  finishReason: FinishReason;
  /** The provider's own finish reason, when it gave one. */
  rawFinishReason?: string;
  usage: StreamUsage | null;
  /** Tool calls the model completed in this step, in call order. */
  toolCallIds: string[];
  /** Set when the stream failed; what streamed before stays in the message. */
  error?: unknown;
}

export interface ModelStepContext {
  model: LanguageModel;
  callOptions: ModelCallOptions;
  messageId: string;
  dispatch: (event: AgentEvent) => void;
  signal: AbortSignal;
  now: () => number;
  retryPolicy: RetryPolicy;
  onRetry: (info: { attempt: number; delayMs: number; error: unknown }) => void;
  /** Tool-call ids the conversation already uses; a provider id among them gets a new kit id. */
  takenToolCallIds: Set<string>;
}

/**
 * Streams one model call into the assistant message `messageId`, turning stream events into
 * agent events. Part ids from the provider are only unique within one stream, so each gets
 * a fresh id here; tool-call ids are made unique in the conversation (see `toolCallIds`).
 * Throws only when aborted.
 */
export async function runModelStep(context: ModelStepContext): Promise<ModelStepResult> {
  const { dispatch, messageId } = context;
  const result: ModelStepResult = { finishReason: 'other', usage: null, toolCallIds: [] };
  const partIds = new Map<string, string>();
  const ids = toolCallIds(context.takenToolCallIds);

  const partFor = (kind: 'text' | 'reasoning', providerId: string): string => {
    const key = `${kind}:${providerId}`;
    let partId = partIds.get(key);
    if (!partId) {
      // Some providers send deltas without a start part; open one.
      partId = createId('part');
      partIds.set(key, partId);
      dispatch({ type: kind === 'text' ? 'text-start' : 'reasoning-start', messageId, partId });
    }
    return partId;
  };
  /** The kit id of the provider's open call, or of a new call opened for it. */
  const startCall = (providerId: string, name: string): string => {
    const open = ids.open(providerId);
    if (open !== undefined) return open;
    const toolCallId = ids.start(providerId);
    dispatch({ type: 'tool-call-start', messageId, toolCallId, name, ...(toolCallId !== providerId ? { providerToolCallId: providerId } : {}) });
    dispatch({ type: 'tool-call-update', toolCallId, state: 'input-streaming', by: 'model', at: context.now() });
    return toolCallId;
  };

  const events = streamModel(context.model, context.callOptions, {
    signal: context.signal,
    retryPolicy: context.retryPolicy,
    onRetry: context.onRetry,
  });
  const pacer = createYieldPacer();
  for await (const event of events) {
    // A buffered reply (thousands of chunks at once) is read in slices, so the page can paint.
    const turn = pacer.maybeYield();
    if (turn) await turn;
    // Stopped while the page had its turn: the event read before it was never shown, so it is not kept.
    if (context.signal.aborted) throw context.signal.reason;
    // Reasoning's provider data (a thinking signature) is kept with its part, to be sent back.
    if ((event.type === 'reasoning-start' || event.type === 'reasoning-delta' || event.type === 'reasoning-end') && event.providerMetadata) {
      dispatch({ type: 'reasoning-metadata', messageId, partId: partFor('reasoning', event.id), providerMetadata: event.providerMetadata });
    }
    switch (event.type) {
      case 'text-start':
      case 'reasoning-start':
        partFor(event.type === 'text-start' ? 'text' : 'reasoning', event.id);
        break;
      case 'text-delta':
        if (event.delta) dispatch({ type: 'text-delta', messageId, partId: partFor('text', event.id), delta: event.delta });
        break;
      case 'reasoning-delta':
        if (event.delta) dispatch({ type: 'reasoning-delta', messageId, partId: partFor('reasoning', event.id), delta: event.delta });
        break;
      case 'text-end':
      case 'reasoning-end': {
        const kind = event.type === 'text-end' ? 'text' : 'reasoning';
        dispatch({ type: event.type, messageId, partId: partFor(kind, event.id) });
        // A later start with the same provider id is a new part.
        partIds.delete(`${kind}:${event.id}`);
        break;
      }
      case 'tool-input-start':
        startCall(event.id, event.toolName);
        break;
      case 'tool-input-delta': {
        const toolCallId = ids.open(event.id);
        if (toolCallId !== undefined) dispatch({ type: 'tool-call-input-delta', toolCallId, delta: event.delta });
        break;
      }
      case 'tool-input-end':
        break;
      case 'tool-call': {
        const toolCallId = startCall(event.toolCallId, event.toolName);
        ids.complete(event.toolCallId);
        const input = tryParseJson(event.input);
        dispatch({
          type: 'tool-call-update',
          toolCallId,
          state: 'input-available',
          by: 'model',
          at: context.now(),
          inputText: event.input,
          input,
        });
        result.toolCallIds.push(toolCallId);
        break;
      }
      case 'source': {
        const { type: _type, id, ...source } = event;
        dispatch({ type: 'source-add', messageId, source: { type: 'source', id: createId('part'), sourceId: id, ...source } });
        break;
      }
      case 'finish':
        result.finishReason = event.finishReason;
        if (event.rawFinishReason !== undefined) result.rawFinishReason = event.rawFinishReason;
        result.usage = event.usage;
        break;
      case 'error':
        result.error = event.error;
        break;
    }
  }
  return result;
}

function tryParseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    // Left undefined: the tool runner reports the parse error to the model.
    return undefined;
  }
}
