/** One server-sent event: its `event:` type (when the server named one) and its `data:` payload. */
export interface ServerSentEvent {
  event: string | undefined;
  data: string;
}

/** The most one event may hold, in characters of its `data:` lines, and the error thrown past it. */
export interface EventSizeLimit {
  maxEventChars: number;
  tooLarge: () => Error;
}

/**
 * Reads a server-sent event stream (the `text/event-stream` format both the OpenAI and the
 * Anthropic APIs stream in) and yields each event once its closing blank line arrives.
 *
 * Follows the WHATWG rules: lines end in LF, CRLF or CR, wherever the network splits the
 * bytes (a CR at the end of one chunk and its LF at the start of the next are one line end);
 * several `data:` lines join with newlines; lines starting with `:` are comments (keep-alives);
 * `id:`, `retry:` and unknown fields are ignored; events without data are skipped. An event
 * still open when the stream ends is dropped, as the standard says: a connection cut in the
 * middle of a line must not yield half a JSON document. With `limit`, an event (or a line) longer
 * than `maxEventChars` throws `limit.tooLarge()` before more is buffered.
 *
 * @example
 * ```ts
 * const response = await fetch(url, { method: 'POST', body });
 * for await (const { event, data } of parseServerSentEvents(response.body!)) {
 *   if (data !== '[DONE]') console.log(event, JSON.parse(data));
 * }
 * ```
 */
export async function* parseServerSentEvents(body: ReadableStream<Uint8Array>, limit?: EventSizeLimit): AsyncGenerator<ServerSentEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event: string | undefined;
  let data: string[] = [];
  // Characters held for the open event; with a limit, a hostile or broken server cannot fill the memory.
  let size = 0;
  const maxChars = limit?.maxEventChars ?? Infinity;
  try {
    while (true) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let start = 0;
      while (true) {
        const end = lineEnd(buffer, start);
        if (end === -1) break;
        // A lone CR as the last character may be the first half of a CRLF: wait for the next chunk.
        if (buffer[end] === '\r' && end === buffer.length - 1 && !done) break;
        const line = buffer.slice(start, end);
        start = end + (buffer[end] === '\r' && buffer[end + 1] === '\n' ? 2 : 1);
        if (line === '') {
          if (data.length > 0) yield { event, data: data.join('\n') };
          event = undefined;
          data = [];
          size = 0;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'data') {
          size += value.length + 1;
          if (size > maxChars) throw limit!.tooLarge();
          data.push(value);
        } else if (field === 'event') event = value;
      }
      buffer = buffer.slice(start);
      // A line without its end yet counts too.
      if (buffer.length + size > maxChars) throw limit!.tooLarge();
      if (done) return;
    }
  } finally {
    // Also runs when the consumer stops early: release the connection.
    reader.cancel().catch(() => {});
  }
}

const lineBreak = /[\r\n]/g;

function lineEnd(text: string, from: number): number {
  lineBreak.lastIndex = from;
  return lineBreak.exec(text)?.index ?? -1;
}
