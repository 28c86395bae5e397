import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The text every reply of the fake says. */
export const fakeReply = 'Hello from the fake model';

/**
 * A stand-in for OpenAI's Responses API (`POST /v1/responses`, what `openai('...')` of
 * `@ai-sdk/openai` calls): every request gets one streamed text reply, so the docs' backend example
 * runs end to end without a key or the network. Answers 401 without a bearer token, as OpenAI does.
 */
export async function startFakeOpenAI(): Promise<{ baseUrl: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests++;
      if (request.method !== 'POST' || request.url !== '/v1/responses' || !request.headers.authorization?.startsWith('Bearer ')) {
        response.writeHead(request.headers.authorization ? 404 : 401, { 'content-type': 'application/json' }).end('{"error":{"message":"not here"}}');
        return;
      }
      const events = [
        { type: 'response.created', response: { id: 'resp_1', created_at: 1_700_000_000, model: 'gpt-5-mini' } },
        { type: 'response.output_item.added', output_index: 0, item: { type: 'message', id: 'msg_1' } },
        { type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, delta: fakeReply },
        { type: 'response.output_item.done', output_index: 0, item: { type: 'message', id: 'msg_1' } },
        { type: 'response.completed', response: { usage: { input_tokens: 5, output_tokens: 5 } } },
      ];
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const event of events) response.write(`data: ${JSON.stringify(event)}\n\n`);
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
