import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A local OpenAI-compatible chat endpoint for end-to-end tests: each request is recorded and
 * answered by `reply(n)` (n counts from 1) with the stream of a text or of one tool call, as a
 * provider streams them. The playground is pointed at it through its model settings, as a user would.
 */

/** What the endpoint answers to the n-th request. */
export type ScriptedReply = { text: string } | { toolCall: { id: string; name: string; input: object } };

/** A running endpoint: its URL, the requests it got (parsed bodies), and `close`. */
export interface ScriptedEndpoint {
  url: string;
  requests: { messages: { role: string; content: unknown }[] }[];
  close(): Promise<void>;
}

function chunk(model: string, delta: object, finishReason: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-e2e', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
}

/**
 * Starts the endpoint on a loopback port.
 *
 * @example
 * ```ts
 * const endpoint = await startScriptedEndpoint('code-model', (n) => (n === 1 ? { toolCall: { id: 'call-1', name: 'bash', input: { command: 'ls' } } } : { text: 'Done.' }));
 * ```
 */
export async function startScriptedEndpoint(model: string, reply: (request: number) => ScriptedReply): Promise<ScriptedEndpoint> {
  const requests: ScriptedEndpoint['requests'] = [];
  const server: Server = createServer((request, response) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, authorization' };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    let body = '';
    request.on('data', (data) => (body += data));
    request.on('end', () => {
      requests.push(JSON.parse(body));
      const answer = reply(requests.length);
      response.writeHead(200, { ...cors, 'content-type': 'text/event-stream' });
      response.write(chunk(model, { role: 'assistant', content: null }));
      if ('toolCall' in answer) {
        const { id, name, input } = answer.toolCall;
        response.write(chunk(model, { tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: JSON.stringify(input) } }] }));
        response.write(chunk(model, {}, 'tool_calls'));
      } else {
        response.write(chunk(model, { content: answer.text }));
        response.write(chunk(model, {}, 'stop'));
      }
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/**
 * Points the playground's model at `endpoint` through its settings dialog.
 *
 * @example
 * ```ts
 * await useScriptedEndpoint(page, endpoint, 'code-model');
 * ```
 */
export async function useScriptedEndpoint(page: Page, endpoint: ScriptedEndpoint, model: string): Promise<void> {
  await page.getByRole('button', { name: 'Change model' }).click();
  const dialog = page.getByRole('dialog', { name: 'Model' });
  await dialog.getByRole('radio', { name: /OpenAI-compatible endpoint/ }).check();
  await dialog.getByLabel('Endpoint URL').fill(endpoint.url);
  await dialog.getByLabel('Model', { exact: true }).fill(model);
  await dialog.getByRole('button', { name: 'Use this model' }).click();
  await expect.poll(() => page.getByTestId('model-name').innerText()).toContain(model);
}
