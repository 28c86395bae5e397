import { ApiCallError, apiCallErrorFromResponse, networkError, type RequestContext } from './api-call-error';
import { parseServerSentEvents, type ServerSentEvent } from './sse-parser';
import { fetchWithDeadline } from './fetch-deadline';

/** A streaming model request: where it goes, what it sends, and how. */
export interface EventStreamRequest extends RequestContext {
  headers: Record<string, string | undefined>;
  fetch?: typeof globalThis.fetch | undefined;
  signal?: AbortSignal | undefined;
  /** A deadline for the response to start (its status and headers); none when absent. The body then streams on. */
  responseTimeoutMs?: number | undefined;
}

/**
 * POSTs `requestBody` as JSON and resolves with the server-sent events of the response.
 *
 * Failures before the stream starts reject, shaped for the core's retry: a failure status
 * becomes an {@link ApiCallError} that says what happened (retryable for 408, 409, 429 and
 * 5xx, with the response headers, so `retry-after` is honoured); a server that cannot be
 * reached becomes a retryable `ApiCallError`; an abort stays the abort.
 *
 * A connection that breaks after the stream started ends the events quietly, without an
 * error: what streamed is kept, and the missing final event is how the core knows the reply
 * was cut off (it reports an interrupted stream).
 *
 * @example
 * ```ts
 * const events = await fetchEventStream({ label: 'Anthropic', url, requestBody, headers, signal });
 * for await (const { event, data } of events) handle(event, JSON.parse(data));
 * ```
 */
export async function fetchEventStream(request: EventStreamRequest): Promise<AsyncGenerator<ServerSentEvent, void, undefined>> {
  const body = await postForStream(request, (contentType) => /json|html/i.test(contentType));
  return untilCutOff(parseServerSentEvents(body), request.signal);
}

/**
 * POSTs `requestBody` as JSON and resolves with the response body to stream, or rejects the way
 * {@link fetchEventStream} describes. `isErrorPage` tells an error page answered with status 200
 * (JSON or HTML from a proxy or a wrong base URL) from the stream format the caller expects.
 *
 * @example
 * ```ts
 * const body = await postForStream(request, (contentType) => /html/i.test(contentType));
 * ```
 */
export async function postForStream(request: EventStreamRequest, isErrorPage: (contentType: string) => boolean): Promise<ReadableStream<Uint8Array>> {
  const { signal } = request;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = value;
  // Called unbound: browsers throw "Illegal invocation" when fetch runs with another `this`.
  const fetchFunction = request.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    const init: RequestInit = { method: 'POST', headers, body: JSON.stringify(request.requestBody), signal };
    response =
      request.responseTimeoutMs === undefined
        ? await fetchFunction(request.url, init)
        : await fetchWithDeadline(fetchFunction, request.url, init, { timeoutMs: request.responseTimeoutMs, until: 'headers', signal });
  } catch (error) {
    if (signal?.aborted || (error as { name?: unknown } | null)?.name === 'AbortError') throw error;
    throw networkError(error, request);
  }
  if (!response.ok || isErrorPage(response.headers.get('content-type') ?? '')) throw await apiCallErrorFromResponse(response, request);
  if (!response.body) {
    throw new ApiCallError({ message: `${request.label} answered without a body (${response.status}).`, url: request.url, isRetryable: true });
  }
  return response.body;
}

async function* untilCutOff(events: AsyncGenerator<ServerSentEvent, void, undefined>, signal: AbortSignal | undefined): AsyncGenerator<ServerSentEvent, void, undefined> {
  try {
    yield* events;
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
  }
}
