/**
 * Reads a response body of newline-delimited JSON (the backend's streaming format) as values,
 * one per line, however the bytes are split into chunks. A line that is not JSON is reported
 * as `{ malformed: text }` rather than thrown, so the caller decides what it means.
 */
import { drainReader } from '../model/drain-reader';

export type NdjsonLine = { value: unknown } | { malformed: string };

/**
 * @example
 * ```ts
 * for await (const line of ndjsonLines(response.body!)) if ('value' in line) handle(line.value);
 * ```
 */
export async function* ndjsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<NdjsonLine> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line !== '') yield parse(line);
        newline = buffer.indexOf('\n');
      }
      if (done) break;
    }
    finished = true;
    if (buffer.trim() !== '') yield parse(buffer.trim());
  } finally {
    // A consumer that stops early (it has its result or an error line, or it was aborted) lets
    // the connection go: what is left is read to its end when it comes soon (a finished request,
    // not a cancelled one, in the network panel), else cancelled; an aborted body ends at once.
    if (finished) reader.releaseLock();
    else void drainReader(reader).finally(() => reader.releaseLock());
  }
}

function parse(line: string): NdjsonLine {
  try {
    return { value: JSON.parse(line) };
  } catch {
    return { malformed: line.length > 200 ? `${line.slice(0, 200)}…` : line };
  }
}
