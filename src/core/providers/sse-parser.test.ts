import { describe, expect, it } from 'vitest';
import { parseServerSentEvents, type ServerSentEvent } from './sse-parser';

/** A body that delivers `chunks` one by one, as the network would. */
function bodyOf(chunks: ReadonlyArray<string | Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function collect(chunks: ReadonlyArray<string | Uint8Array>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of parseServerSentEvents(bodyOf(chunks))) events.push(event);
  return events;
}

const stream = 'event: message_start\ndata: {"a":1}\n\n: keep-alive comment\n\ndata: {"b":"ü€"}\r\n\r\nevent: ping\r\ndata: first\r\ndata: second\r\rdata: [DONE]\n\n';
const expected: ServerSentEvent[] = [
  { event: 'message_start', data: '{"a":1}' },
  { event: undefined, data: '{"b":"ü€"}' },
  { event: 'ping', data: 'first\nsecond' },
  { event: undefined, data: '[DONE]' },
];

describe('parseServerSentEvents', () => {
  it('reads events with LF, CRLF and CR line ends, multi-line data and comments', async () => {
    expect(await collect([stream])).toEqual(expected);
  });

  it('gives the same events wherever the bytes are split, even inside a CRLF or a multibyte character', async () => {
    const bytes = new TextEncoder().encode(stream);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await collect([bytes.slice(0, cut), bytes.slice(cut)]), `cut at byte ${cut}`).toEqual(expected);
    }
    expect(await collect([...bytes].map((byte) => new Uint8Array([byte])))).toEqual(expected);
  });

  it('takes the value after the colon with one optional space, and a field without colon as empty', async () => {
    expect(await collect(['data:no-space\n\ndata:  two spaces\n\ndata\ndata\n\n'])).toEqual([
      { event: undefined, data: 'no-space' },
      { event: undefined, data: ' two spaces' },
      { event: undefined, data: '\n' },
    ]);
  });

  it('ignores id, retry and unknown fields, and events without data', async () => {
    expect(await collect(['id: 7\nretry: 1000\nfoo: bar\n\nevent: empty\n\ndata: x\n\n'])).toEqual([{ event: undefined, data: 'x' }]);
  });

  it('resets the event type after each event', async () => {
    expect(await collect(['event: a\ndata: 1\n\ndata: 2\n\n'])).toEqual([
      { event: 'a', data: '1' },
      { event: undefined, data: '2' },
    ]);
  });

  it('drops an event the stream ends in the middle of (a cut connection must not yield half a JSON document)', async () => {
    expect(await collect(['data: {"complete":true}\n\ndata: {"cut":'])).toEqual([{ event: undefined, data: '{"complete":true}' }]);
    expect(await collect(['data: {"no blank line":true}\n'])).toEqual([]);
  });

  it('skips a byte order mark at the start', async () => {
    expect(await collect([new Uint8Array([0xef, 0xbb, 0xbf]), 'data: x\n\n'])).toEqual([{ event: undefined, data: 'x' }]);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('data: tick\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of parseServerSentEvents(body)) {
      expect(event.data).toBe('tick');
      break;
    }
    expect(cancelled).toBe(true);
  });

  it('passes a network error on to the reader', async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(new TextEncoder().encode('data: one\n\n'));
        else controller.error(new TypeError('terminated'));
      },
    });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const event of parseServerSentEvents(body)) seen.push(event.data);
      })(),
    ).rejects.toThrow('terminated');
    expect(seen).toEqual(['one']);
  });
});
