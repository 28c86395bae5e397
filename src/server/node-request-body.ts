/**
 * A Node request's body as a web stream that reads nothing until the handler asks for it (so
 * `authorize` decides on the headers alone, and a refused request's body is never buffered),
 * counts bytes as they arrive (telling `onProgress`, which moves the deadline), and fails once the
 * body passes the size limit or its deadline.
 * Whatever happens, it never destroys the request: the adapter decides what to do with the
 * connection after it has answered.
 */
import type { IncomingMessage } from 'node:http';

/** Where the body stands: not asked for yet, being read, read to its end, or stopped (and why). */
export type NodeBodyStatus = 'unread' | 'reading' | 'complete' | 'too-large' | 'timed-out' | 'cancelled' | 'disconnected';

export interface NodeRequestBody {
  /** What the handler reads (the `Request`'s body). */
  stream: ReadableStream<Uint8Array>;
  status(): NodeBodyStatus;
  /** Fails the stream because the deadline passed; a body already read to its end stays as it is. */
  expire(): void;
  /** Stops listening to the request, so that what is left of it can be drained and dropped. */
  release(): void;
}

/**
 * @example
 * ```ts
 * const body = nodeRequestBody(request, 1024 * 1024, (bytes) => deadline.progress(bytes));
 * const response = await handler(new Request(url, { method: 'POST', body: body.stream, duplex: 'half' }));
 * if (body.status() === 'too-large') refuse(413);
 * ```
 */
export function nodeRequestBody(request: IncomingMessage, maxBytes: number, onProgress: (bytes: number) => void = () => {}): NodeRequestBody {
  let status: NodeBodyStatus = 'unread';
  let received = 0;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const onData = (chunk: Buffer) => {
    received += chunk.byteLength;
    onProgress(chunk.byteLength);
    if (received > maxBytes) return stop('too-large', `The request body exceeds ${maxBytes} bytes.`);
    controller.enqueue(chunk);
    // One chunk at a time: the socket waits (TCP pushes back) until the handler reads on.
    if ((controller.desiredSize ?? 0) <= 0) request.pause();
  };
  const onEnd = () => {
    release();
    status = 'complete';
    controller.close();
  };
  const onClose = () => {
    if (status === 'reading') stop('disconnected', 'The client disconnected before sending the whole body.');
  };
  const onError = () => onClose();

  function release() {
    request.off('data', onData);
    request.off('end', onEnd);
    request.off('close', onClose);
    request.off('error', onError);
    request.pause();
  }

  function stop(reason: 'too-large' | 'timed-out' | 'disconnected', message: string) {
    if (status !== 'unread' && status !== 'reading') return;
    release();
    status = reason;
    controller.error(Object.assign(new Error(message), { code: reason }));
  }

  const stream = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
      },
      pull() {
        // Someone before the adapter (a body parser) already read it all: there is nothing left to wait for.
        if (status === 'unread' && request.readableEnded) return onEnd();
        if (status === 'unread') {
          status = 'reading';
          request.on('data', onData);
          request.on('end', onEnd);
          request.on('close', onClose);
          request.on('error', onError);
        }
        if (status === 'reading') request.resume();
      },
      cancel() {
        if (status === 'unread' || status === 'reading') status = 'cancelled';
        release();
      },
    },
    // No read-ahead: `pull` runs only when the handler reads, never on its own.
    { highWaterMark: 0 },
  );

  return {
    stream,
    status: () => status,
    expire: () => stop('timed-out', 'The request body did not arrive in time.'),
    release,
  };
}
