/**
 * The playground's AI SDK route, `/api/chat`: what an AI SDK app's backend looks like
 * (`streamText(...).toUIMessageStreamResponse()`), with a server tool that needs approval
 * (`send_email`) and a client tool the page runs (`get_time`, no `execute` here). Offline: the
 * model is a scripted one that answers from the conversation, streaming like a provider.
 */
import { convertToModelMessages, isStepCount, simulateReadableStream, streamText, tool, type UIMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';

export const chatPath = '/api/chat';

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } };

function textReply(text: string) {
  const words = text.split(/(?<= )/);
  return [{ type: 'text-start', id: 't' }, ...words.map((delta) => ({ type: 'text-delta', id: 't', delta })), { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }];
}

function toolCall(toolName: string, input: object) {
  return [{ type: 'tool-call', toolCallId: `call-${Date.now().toString(36)}`, toolName, input: JSON.stringify(input) }, { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }];
}

/** Answers from the last message: a tool result is reported, a request for email or time calls a tool. */
function reply(prompt: Array<{ role: string; content: unknown }>) {
  const last = prompt.at(-1);
  if (last?.role === 'tool') {
    const result = JSON.stringify(last.content);
    if (result.includes('execution-denied')) return textReply('Understood: the email was not sent.');
    if (result.includes('get_time')) return textReply(`Your browser says it is ${/"value":"([^"]+)"/.exec(result)?.[1] ?? 'some time'}.`);
    return textReply('Done: the email is on its way.');
  }
  const text = JSON.stringify(last?.content ?? '').toLowerCase();
  if (text.includes('email')) return toolCall('send_email', { to: 'ada@example.com', subject: 'Launch' });
  if (text.includes('time')) return toolCall('get_time', {});
  return textReply('This route runs streamText on the server. Ask me to send an email (a server tool that needs approval) or for the time (a tool the page runs).');
}

const model = new MockLanguageModelV4({
  provider: 'playground',
  modelId: 'scripted-chat',
  doStream: async ({ prompt }) => ({ stream: simulateReadableStream({ chunks: reply(prompt as never) as never[], chunkDelayInMs: 15 }) }),
});

const tools = {
  send_email: tool({
    description: 'Sends an email.',
    inputSchema: z.object({ to: z.string(), subject: z.string() }),
    needsApproval: true,
    execute: ({ to, subject }) => ({ sent: true, to, subject }),
  }),
  get_time: tool({ description: 'The time in the user’s browser.', inputSchema: z.object({}) }),
};

/** The route: POST `{ messages }` (what `useChat`'s default transport sends). */
export async function chatRoute(request: Request): Promise<Response> {
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 });
  const { messages } = (await request.json()) as { messages: UIMessage[] };
  const result = streamText({ model, messages: await convertToModelMessages(messages, { tools }), tools, stopWhen: isStepCount(5) });
  return result.toUIMessageStreamResponse();
}
