/**
 * The test-facing scripted model: a thin wrapper over the core's `createScriptedModel` with
 * test-friendly defaults (no timers), plus a model that hangs until stopped.
 */
import {
  createScriptedModel,
  type ScriptedModel,
  type ScriptedModelOptions,
  type ScriptedRespond,
  type ScriptedStepInput,
} from '../core/scripted/scripted-model';
import { pause, text } from './step-builders';

/**
 * A script: one entry per model call (a step), or a function of the call. A step entry can be
 * a string (a text reply), one item (`toolCall(...)`), a list of items for a step that does
 * several things (`[text('Let me check.'), toolCall(...)]`), or a full `ScriptedStep`.
 */
export type Script = ScriptedRespond | readonly ScriptedStepInput[];

/** Options of {@link scriptedModel}: everything of `createScriptedModel` but the script. */
export type ScriptedModelSettings = Omit<ScriptedModelOptions, 'respond'>;

/**
 * A deterministic AI SDK v3 model for tests. It plays one step per call and fails clearly when
 * called more often than scripted. `model.calls` records what it received.
 *
 * @example
 * ```ts
 * import { scriptedModel, text, toolCall } from 'react-agent-kit/testing';
 *
 * const model = scriptedModel([toolCall('get_weather', { city: 'Paris' }), text('Sunny in Paris.')]);
 * const agent = createAgent({ model, tools: [getWeather] });
 * await agent.send('Weather in Paris?');
 * expect(model.calls).toHaveLength(2);
 * ```
 */
export function scriptedModel(script: Script, settings: ScriptedModelSettings = {}): ScriptedModel {
  return createScriptedModel({ chunkDelayMs: 0, ...settings, respond: script });
}

/** Options of {@link hangingModel}. */
export interface HangingModelOptions {
  /** What streams before the model hangs. Default `'Let me think about'`; `''` hangs before any output. */
  text?: string;
  /**
   * `'streaming'` (default): `doStream` resolves, some text streams, then nothing more.
   * `'connecting'`: `doStream` itself never settles, like a request with no response.
   */
  hangWhile?: 'streaming' | 'connecting';
  chunkDelayMs?: number;
}

/**
 * A model that never finishes on its own: it ends only when the call's `abortSignal` aborts
 * (the stream then errors with the abort reason) or the reader cancels. For testing Stop.
 *
 * @example
 * ```ts
 * const model = hangingModel();
 * const agent = createAgent({ model });
 * const run = agent.send('Hello');
 * await agent.stop();
 * await run; // settles: the stop aborted the model call
 * expect(model.calls[0]?.abortSignal?.aborted).toBe(true);
 * ```
 */
export function hangingModel(options: HangingModelOptions = {}): ScriptedModel {
  const partial = options.text ?? 'Let me think about';
  return createScriptedModel({
    provider: 'scripted',
    modelId: 'hanging-model',
    chunkDelayMs: options.chunkDelayMs ?? 0,
    respond: ({ options: callOptions }) => {
      if (options.hangWhile === 'connecting') return waitForAbort(callOptions.abortSignal);
      return partial === '' ? [pause(Number.POSITIVE_INFINITY)] : [text(partial), pause(Number.POSITIVE_INFINITY)];
    },
  });
}

function waitForAbort(signal: AbortSignal | undefined): Promise<never> {
  // Without a signal this never settles, which is the point: the caller must handle that.
  return new Promise((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
