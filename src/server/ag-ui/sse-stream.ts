/**
 * A response that streams AG-UI events as server-sent events: each event one `data: <json>`
 * line and a blank line, written as it is produced. Encoded here (the format is two lines), so
 * the server entry does not need `@ag-ui/encoder`.
 */
import type { AgUiEvent } from './ag-ui-wire';

/** The stream's writing end and its response. */
export interface SseStream {
  readonly response: Response;
  /** Writes one event; nothing once the stream is closed or the client went away. */
  send(event: AgUiEvent): void;
  /** Ends the response. */
  close(): void;
  /** Whether the client stopped reading (it went away, or cancelled the body). */
  readonly cancelled: boolean;
}

/** The content type AG-UI clients ask for (`Accept: text/event-stream`). */
export const eventStreamContentType = 'text/event-stream';

/**
 * @example
 * ```ts
 * const stream = sseStream(() => agent.stop());
 * stream.send({ type: 'RUN_STARTED', threadId, runId });
 * return stream.response;
 * ```
 */
export function sseStream(onCancel: () => void): SseStream {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      cancelled = true;
      closed = true;
      onCancel();
    },
  });
  return {
    response: new Response(body, {
      status: 200,
      headers: { 'content-type': eventStreamContentType, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-accel-buffering': 'no' },
    }),
    send(event) {
      if (closed) return;
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
    },
    close() {
      if (closed) return;
      closed = true;
      controller.close();
    },
    get cancelled() {
      return cancelled;
    },
  };
}
