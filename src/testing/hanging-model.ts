import { scriptedModel, type ScriptedModel } from '../core/scripted/scripted-model';
import { pause, text } from './step-builders';

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
  return scriptedModel(
    ({ options: callOptions }) => {
      if (options.hangWhile === 'connecting') return waitForAbort(callOptions.abortSignal);
      return partial === '' ? [pause(Number.POSITIVE_INFINITY)] : [text(partial), pause(Number.POSITIVE_INFINITY)];
    },
    { modelId: 'hanging-model', chunkDelayMs: options.chunkDelayMs ?? 0 },
  );
}

function waitForAbort(signal: AbortSignal | undefined): Promise<never> {
  // Without a signal this never settles, which is the point: the caller must handle that.
  return new Promise((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
