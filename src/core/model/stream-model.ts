import type { LanguageModel, ModelCallOptions, ModelStreamEvent } from './language-model';
import { abortableSleep } from './abortable-sleep';
import { drainReader } from './drain-reader';
import { forSpecification } from './prompt-for-specification';
import { normalizeStreamPart } from './normalize-stream-part';
import { defaultRetryPolicy, isRetryableError, retryDelayMs, type RetryPolicy } from './retry-policy';
import { StreamInterruptedError } from './stream-interrupted-error';

export interface StreamModelOptions {
  signal: AbortSignal;
  retryPolicy?: RetryPolicy;
  /** Called before each retry, so the UI can say so. */
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
  /** Injected in tests to skip real waiting. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export { StreamInterruptedError } from './stream-interrupted-error';

/**
 * Calls `model.doStream` and yields its parts as version-neutral events. Transient failures
 * (a rejected call, or an error part) are retried with backoff only while nothing has been
 * yielded yet; after that they surface as an `error` event and the caller keeps what
 * streamed. An abort ends the iteration promptly even if the provider ignores the signal.
 *
 * @example
 * ```ts
 * for await (const event of streamModel(model, { prompt }, { signal })) {
 *   if (event.type === 'text-delta') process.stdout.write(event.delta);
 * }
 * ```
 */
export async function* streamModel(
  model: LanguageModel,
  callOptions: ModelCallOptions,
  options: StreamModelOptions,
): AsyncGenerator<ModelStreamEvent, void, undefined> {
  const { signal } = options;
  const policy = options.retryPolicy ?? defaultRetryPolicy;
  const sleep = options.sleep ?? abortableSleep;
  for (let attempt = 0; ; attempt++) {
    let yielded = false;
    let complete = false;
    let reader: ReadableStreamDefaultReader<unknown> | undefined;
    let call: { signal: AbortSignal; unlink: () => void } | undefined;
    try {
      // Each call gets a signal of its own, linked to the run's and unlinked when the call ends:
      // fetch implementations (Node's undici) keep their abort listener on the signal they were
      // given, so handing every step the run's signal would pile one up per step for the whole run.
      if (signal.aborted) throw signal.reason;
      call = linkedSignal(signal);
      // `doStream` takes `never` so that every specification version's provider objects fit (see LanguageModel).
      const options: ModelCallOptions = { ...forSpecification(model.specificationVersion, callOptions), abortSignal: call.signal };
      const result = await abortable(Promise.resolve(model.doStream(options as never)), signal);
      reader = result.stream.getReader();
      let finished = false;
      while (true) {
        const { done, value } = await abortable(reader.read(), signal);
        if (done) break;
        const event = normalizeStreamPart(model.specificationVersion, value);
        if (!event) continue;
        if (event.type === 'error') throw new StreamPartError(event.error);
        if (event.type === 'finish') finished = true;
        yielded = true;
        yield event;
        if (finished) break;
      }
      if (!finished) throw new StreamInterruptedError('The model stream ended before the model finished its reply.');
      complete = true;
      return;
    } catch (caught) {
      if (signal.aborted) throw signal.reason ?? caught;
      const error = caught instanceof StreamPartError ? caught.cause : caught;
      if (!yielded && attempt < policy.maxRetries && isRetryableError(error)) {
        const delayMs = retryDelayMs(attempt + 1, error, policy);
        options.onRetry?.({ attempt: attempt + 1, delayMs, error });
        await sleep(delayMs, signal);
        continue;
      }
      yield { type: 'error', error };
      return;
    } finally {
      // Release the provider's connection whether we finished, failed or were abandoned. After a
      // finish, what little follows (`[DONE]`, the end of the body) is read rather than cancelled,
      // so the browser's network panel shows a finished request, not a failed one.
      if (reader && complete && !signal.aborted) void drainReader(reader);
      else reader?.cancel().catch(() => {});
      call?.unlink();
    }
  }
}

/** An `error` part inside the stream, carried to the retry decision. */
class StreamPartError extends Error {
  constructor(override readonly cause: unknown) {
    super('model stream error part');
  }
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // Given up on: its own failure (often the same abort) has nobody left to hear it.
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** A signal that aborts when `parent` does, until `unlink` (which removes the link, not the abort). */
function linkedSignal(parent: AbortSignal): { signal: AbortSignal; unlink: () => void } {
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { signal: controller.signal, unlink: () => {} };
  }
  const forward = () => controller.abort(parent.reason);
  parent.addEventListener('abort', forward, { once: true });
  return { signal: controller.signal, unlink: () => parent.removeEventListener('abort', forward) };
}

