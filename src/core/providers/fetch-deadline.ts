/**
 * Deadlines for requests to the app's backend (the session routes, the tool catalog, the model
 * route). A server or proxy that accepts the connection and never answers would otherwise leave
 * the caller waiting forever: `fetch` has no time limit of its own. The deadline is enforced by
 * aborting the request and by racing it, so a `fetch` that ignores its signal is given up too.
 */

/** The longest delay `setTimeout` keeps; a longer one fires at once, so such a deadline is none. */
const maxTimerDelayMs = 2_147_483_647;

/**
 * A request given up because its answer did not come in time. Its `name` is `'TimeoutError'`,
 * as the browser's own for `AbortSignal.timeout`, so code that tells a stalled server from one
 * that answered with a failure treats it like a server that cannot be reached.
 *
 * @example
 * ```ts
 * if (error instanceof RequestTimeoutError) console.warn(`${error.url} did not answer within ${error.timeoutMs} ms`);
 * ```
 */
export class RequestTimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(
    readonly url: string,
    readonly timeoutMs: number,
    waitingFor: string,
  ) {
    super(`No answer from ${url} within ${timeoutMs} ms (${waitingFor}); the request was given up.`);
  }
}

/**
 * Whether `error` is a request given up at its deadline (a `RequestTimeoutError`, or the
 * browser's own `TimeoutError`).
 *
 * @example
 * ```ts
 * isRequestTimeout(new RequestTimeoutError('/api/agent/sessions', 30_000, 'waiting for the answer')); // true
 * ```
 */
export const isRequestTimeout = (error: unknown): boolean => (error as { name?: unknown } | null)?.name === 'TimeoutError';

/**
 * `value` as a deadline in milliseconds, `fallback` when it is not given; a `TypeError` naming
 * `option` for anything but a positive number (`Infinity`: no deadline).
 *
 * @example
 * ```ts
 * const requestTimeoutMs = deadlineOption('httpSessionStorage', 'requestTimeoutMs', options.requestTimeoutMs, 30_000);
 * ```
 */
export function deadlineOption(owner: string, option: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) throw new TypeError(`${owner}: \`${option}\` must be a positive number of milliseconds (Infinity for none); got ${JSON.stringify(value) ?? typeof value}.`);
  return value;
}

/** What `fetchWithDeadline` waits for within the deadline. */
export interface FetchDeadline {
  readonly timeoutMs: number;
  /**
   * `'answer'`: the status and the whole body (the response comes back read, so reading it
   * cannot stall); `'headers'`: the status and headers only, the body then streams on (give it a
   * deadline between chunks with `withIdleDeadline`).
   */
  readonly until: 'answer' | 'headers';
  /** The caller's signal (Stop): aborting it aborts the request, body included, as before. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * `fetchFunction(url, init)` within a deadline: rejects with a `RequestTimeoutError` naming the
 * URL and the deadline when the answer does not come in time; rejects with the caller's abort
 * reason when `deadline.signal` aborts; otherwise as `fetch` does.
 *
 * @example
 * ```ts
 * const response = await fetchWithDeadline(fetch, `${base}/tools`, { headers }, { timeoutMs: 30_000, until: 'answer' });
 * ```
 */
export async function fetchWithDeadline(fetchFunction: typeof globalThis.fetch, url: string, init: RequestInit, deadline: FetchDeadline): Promise<Response> {
  const { timeoutMs, until, signal } = deadline;
  const expiry = new AbortController();
  const timeout = new RequestTimeoutError(url, timeoutMs, until === 'headers' ? 'waiting for the response to start' : 'waiting for the whole answer');
  const { signal: requestSignal, unlink } = eitherSignal(signal, expiry.signal);
  // Raced too: a `fetch` of the app's that ignores its signal is given up all the same.
  const givenUp = new Promise<never>((_resolve, reject) => {
    const onAbort = () => reject(requestSignal.reason);
    if (requestSignal.aborted) onAbort();
    else requestSignal.addEventListener('abort', onAbort, { once: true });
  });
  givenUp.catch(() => undefined);
  const timer = timeoutMs <= maxTimerDelayMs ? setTimeout(() => expiry.abort(timeout), timeoutMs) : undefined;
  try {
    const response = await Promise.race([fetchFunction(url, { ...init, signal: requestSignal }), givenUp]);
    if (until === 'headers') return response;
    const body = nullBodyStatuses.has(response.status) ? null : await Promise.race([response.arrayBuffer(), givenUp]);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    if (expiry.signal.aborted) throw timeout;
    throw error;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    // A streamed body stays linked to the caller's signal: Stop must still end it after the headers came.
    if (until === 'answer') unlink();
  }
}

/**
 * A signal that aborts when either does. `AbortSignal.any` holds no listener on the caller's
 * signal (a run's signal lives for many requests); where it is missing, one listener is added,
 * and removed by `unlink`.
 */
function eitherSignal(caller: AbortSignal | undefined, expiry: AbortSignal): { signal: AbortSignal; unlink: () => void } {
  if (caller === undefined) return { signal: expiry, unlink: () => {} };
  const any = (AbortSignal as { any?: (signals: AbortSignal[]) => AbortSignal }).any;
  if (typeof any === 'function') return { signal: any([caller, expiry]), unlink: () => {} };
  const controller = new AbortController();
  const forward = (from: AbortSignal) => () => controller.abort(from.reason);
  const fromCaller = forward(caller);
  const fromExpiry = forward(expiry);
  if (caller.aborted) fromCaller();
  caller.addEventListener('abort', fromCaller, { once: true });
  expiry.addEventListener('abort', fromExpiry, { once: true });
  return { signal: controller.signal, unlink: () => caller.removeEventListener('abort', fromCaller) };
}

const nullBodyStatuses = new Set([204, 205, 304]);

/**
 * `body` with a deadline between two chunks: when nothing arrives for `timeoutMs`, the body is
 * cancelled (which ends the request) and the stream errors with a `RequestTimeoutError`. A slow
 * answer that keeps coming is never cut off.
 *
 * @example
 * ```ts
 * for await (const line of ndjsonLines(withIdleDeadline(response.body, 120_000, url))) handle(line);
 * ```
 */
export function withIdleDeadline(body: ReadableStream<Uint8Array>, timeoutMs: number, url: string): ReadableStream<Uint8Array> {
  if (timeoutMs > maxTimerDelayMs) return body;
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const silent = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new RequestTimeoutError(url, timeoutMs, 'nothing more of the streamed answer came')), timeoutMs);
      });
      try {
        const { done, value } = await Promise.race([reader.read(), silent]);
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        reader.cancel(error).catch(() => undefined);
        controller.error(error);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel: (reason) => reader.cancel(reason),
    // Read on demand only: no read (and no timer) runs ahead of the consumer.
  }, { highWaterMark: 0 });
}
