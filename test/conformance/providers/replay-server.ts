/**
 * A local stand-in for the OpenAI and Anthropic APIs: it replays recorded streams
 * (test/fixtures/provider-streams, one JSON event per line) as server-sent events,
 * records what it receives, and answers with errors or cut-off streams on request.
 *
 * Replies are queued: each request takes the next one, so an adapter under test and the
 * official provider see the same sequence when each gets a fresh queue.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

export const fixtureDirectory = resolve(import.meta.dirname, '../../fixtures/provider-streams');

/** `openai`: `data: {...}` events and a closing `data: [DONE]`; `anthropic`: `event: <type>` plus `data: {...}`. */
export type ReplayFormat = 'openai' | 'anthropic';

export type ReplayReply =
  /** A recorded stream (`fixture`, a file name) or events given inline. */
  | (({ fixture: string } | { events: Array<Record<string, unknown>> }) & StreamLimits)
  /** A short text answer built in the server's format (used after a tool call). */
  | { text: string }
  /** An error response. */
  | { status: number; body?: unknown; headers?: Record<string, string> };

/** At most one of these: how a stream stops early. */
export interface StreamLimits {
  /** Send this many events, then destroy the socket (a connection cut mid-stream). */
  cutAfter?: number;
  /** Send this many events, then end the response properly, without the final event or `[DONE]`. */
  endAfter?: number;
  /** Send this many events, then keep the connection open until the client leaves. */
  holdAfter?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface ReplayServer {
  /** `http://127.0.0.1:<port>/v1`, the base URL for the adapters and the official providers. */
  baseURL: string;
  readonly requests: RecordedRequest[];
  /** Replaces the queue of replies. */
  reply(...replies: ReplayReply[]): void;
  /** Answers requests the queue has no reply for with what `respond` makes of each (a scripted provider). */
  respondWith(respond: (request: RecordedRequest) => ReplayReply): void;
  /** Resolves when the client has closed the connection of the request with this index. */
  clientClosed(requestIndex: number): Promise<void>;
  close(): Promise<void>;
}

/** The events of a fixture file, one parsed JSON value per line. */
export function readFixture(name: string): Array<Record<string, unknown>> {
  return readFileSync(join(fixtureDirectory, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export async function startReplayServer(format: ReplayFormat): Promise<ReplayServer> {
  let queue: ReplayReply[] = [];
  let respond: ((request: RecordedRequest) => ReplayReply) | undefined;
  const requests: RecordedRequest[] = [];
  const closed: Array<Promise<void>> = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
      closed.push(new Promise((resolve) => response.on('close', () => resolve())));
      const reply = queue.shift() ?? respond?.(requests.at(-1)!);
      if (!reply) {
        // Not retryable, so a test that sends more requests than it queued fails at once.
        sendJson(response, 400, { error: { type: 'invalid_request_error', message: 'replay server: no reply queued for this request' } });
        return;
      }
      answer(response, reply, format).catch((error: unknown) => {
        // A broken test setup (say, a misspelled fixture) must fail the test, not hang it.
        if (!response.headersSent) sendJson(response, 400, { error: { type: 'invalid_request_error', message: `replay server: ${String(error)}` } });
        else response.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(...replies) {
      queue = [...replies];
    },
    respondWith(respondTo) {
      respond = respondTo;
    },
    clientClosed: (index) => closed[index] ?? Promise.reject(new Error(`no request ${index}`)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(response: ServerResponse, reply: ReplayReply, format: ReplayFormat): Promise<void> {
  if ('status' in reply) {
    sendJson(response, reply.status, reply.body ?? { error: { message: `HTTP ${reply.status}` } }, reply.headers);
    return;
  }
  const events = 'text' in reply ? cannedText(reply.text, format) : 'events' in reply ? reply.events : readFixture(reply.fixture);
  const limits: StreamLimits = 'text' in reply ? {} : reply;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const limit = limits.cutAfter ?? limits.endAfter ?? limits.holdAfter;
  for (const event of events.slice(0, limit)) response.write(frame(event, format));
  if (limits.cutAfter !== undefined) {
    // Let the written events reach the client before the connection dies mid-stream.
    await new Promise((resolve) => setTimeout(resolve, 20));
    response.socket?.destroy();
    return;
  }
  if (limits.holdAfter !== undefined) return;
  if (limits.endAfter !== undefined) {
    response.end();
    return;
  }
  if (format === 'openai') response.write('data: [DONE]\n\n');
  response.end();
}

function frame(event: Record<string, unknown>, format: ReplayFormat): string {
  const data = `data: ${JSON.stringify(event)}\n\n`;
  return format === 'anthropic' ? `event: ${String(event.type)}\n${data}` : data;
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** A short answer in the shape the real API streams one, split in two deltas. */
function cannedText(text: string, format: ReplayFormat): Array<Record<string, unknown>> {
  const middle = Math.ceil(text.length / 2);
  const pieces = [text.slice(0, middle), text.slice(middle)];
  if (format === 'openai') {
    const chunk = (delta: object, finishReason: string | null = null) => ({ id: 'chatcmpl-canned', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] });
    return [
      chunk({ role: 'assistant', content: '' }),
      ...pieces.map((piece) => chunk({ content: piece })),
      chunk({}, 'stop'),
      { id: 'chatcmpl-canned', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 40, completion_tokens: 6, total_tokens: 46 } },
    ];
  }
  return [
    { type: 'message_start', message: { id: 'msg_canned', type: 'message', role: 'assistant', content: [], usage: { input_tokens: 40, output_tokens: 1 } } },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ...pieces.map((piece) => ({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } })),
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 6 } },
    { type: 'message_stop' },
  ];
}
