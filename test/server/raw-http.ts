/**
 * A raw HTTP/1.x client over a `net` socket, for what fetch will not send: malformed `Host`
 * headers, HTTP/1.0, a body that trickles in, a body blasted past the limit. It records what the
 * server answered and how the connection ended, so tests can tell a complete response from a reset.
 */
import { connect, type Socket } from 'node:net';

export interface RawReply {
  /** Everything the server sent, as text. */
  text: string;
  /** The status of the first response, when one arrived. */
  status: number | undefined;
  /** The first response's body, once it arrived in full (per its `content-length`). */
  body: string | undefined;
  /** How the exchange ended: the server closed the connection, the socket failed, or we stopped waiting. */
  end: 'closed' | 'error' | 'response' | 'gave-up';
  /** The socket error's code (`ECONNRESET`, `EPIPE`…), when there was one. */
  errorCode: string | undefined;
  /** Milliseconds from connecting to the end. */
  elapsedMs: number;
}

export interface RawOptions {
  /** Resolve as soon as a complete response arrived (`'response'`), or only when the connection ends (`'close'`). */
  until: 'response' | 'close';
  /** Stop waiting after this long and report `end: 'gave-up'`. */
  giveUpAfterMs: number;
}

/**
 * Connects to `port` on 127.0.0.1, lets `send` write to the socket (it may return a function that
 * stops whatever it started, such as a timer), and collects the reply.
 *
 * @example
 * ```ts
 * const reply = await rawHttp(port, (socket) => socket.write('GET / HTTP/1.0\r\n\r\n'), { until: 'close', giveUpAfterMs: 2000 });
 * expect(reply.status).toBe(400);
 * ```
 */
export function rawHttp(port: number, send: (socket: Socket) => void | (() => void), options: RawOptions): Promise<RawReply> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let stop: void | (() => void);
    let settled = false;
    const finish = (end: RawReply['end'], errorCode?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(giveUp);
      if (typeof stop === 'function') stop();
      socket.destroy();
      resolve({ text, ...parse(text), end, errorCode, elapsedMs: Date.now() - started });
    };
    const giveUp = setTimeout(() => finish('gave-up'), options.giveUpAfterMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (options.until === 'response' && parse(text).body !== undefined) finish('response');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => finish('error', error.code));
    socket.on('close', () => finish('closed'));
    socket.on('connect', () => {
      stop = send(socket);
    });
  });
}

/**
 * Writes `bytes` zeros as fast as the socket takes them, then stops (a socket error stops it early).
 *
 * @example
 * ```ts
 * rawHttp(port, (socket) => { socket.write(head); blast(socket, 4 * 1024 * 1024); }, options);
 * ```
 */
export function blast(socket: Socket, bytes: number, chunkBytes = 64 * 1024): void {
  let left = bytes;
  const write = () => {
    while (left > 0 && !socket.destroyed && socket.writable) {
      const size = Math.min(chunkBytes, left);
      left -= size;
      if (!socket.write(Buffer.alloc(size))) return;
    }
  };
  socket.on('drain', write);
  write();
}

function parse(text: string): { status: number | undefined; body: string | undefined } {
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
  const headEnd = text.indexOf('\r\n\r\n');
  if (status === undefined || headEnd < 0) return { status: status === undefined ? undefined : Number(status), body: undefined };
  const head = text.slice(0, headEnd);
  const rest = text.slice(headEnd + 4);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
  if (length !== undefined) return { status: Number(status), body: rest.length >= Number(length) ? rest.slice(0, Number(length)) : undefined };
  if (/\r\ntransfer-encoding: *chunked/i.test(head)) return { status: Number(status), body: dechunk(rest) };
  return { status: Number(status), body: undefined };
}

/** The body of a chunked response once its last chunk arrived, else undefined. */
function dechunk(text: string): string | undefined {
  let body = '';
  let offset = 0;
  for (;;) {
    const lineEnd = text.indexOf('\r\n', offset);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(text.slice(offset, lineEnd), 16);
    if (!Number.isFinite(size)) return undefined;
    if (size === 0) return body;
    if (text.length < lineEnd + 2 + size + 2) return undefined;
    body += text.slice(lineEnd + 2, lineEnd + 2 + size);
    offset = lineEnd + 2 + size + 2;
  }
}
