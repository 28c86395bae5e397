/**
 * The playground's AI SDK route, `/api/chat`: what an AI SDK app's backend looks like
 * (`streamText(...).toUIMessageStreamResponse()`), with a server tool that needs approval
 * (`weather`) and a client tool the page runs (`updateIssueList`, no `execute` here). Offline: the
 * real provider packages read recorded provider streams (provider-replay.ts); questions about the
 * weather go to the OpenAI-format replay, the rest to the Anthropic one.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { convertToModelMessages, isStepCount, streamText, tool, type UIMessage } from 'ai';
import { z } from 'zod';
import { anthropicReplayFetch, openAIReplayFetch } from './provider-replay';

const openai = createOpenAI({ apiKey: 'replay', baseURL: 'http://replay.invalid/v1', fetch: openAIReplayFetch }).chat('llama-3.3-70b-versatile');
const anthropic = createAnthropic({ apiKey: 'replay', baseURL: 'http://replay.invalid/v1', fetch: anthropicReplayFetch })('claude-sonnet-4-5');

const tools = {
  weather: tool({
    description: 'The weather for a location.',
    inputSchema: z.object({ location: z.string().optional() }),
    needsApproval: true,
    execute: ({ location }) => ({ location: location ?? 'here', temperature: 72 }),
  }),
  updateIssueList: tool({ description: 'Updates the issue list in the user’s browser.', inputSchema: z.object({}) }),
};

/** The user's words that started this turn: the last user message's text. */
function lastUserText(messages: UIMessage[]): string {
  const user = messages.findLast((message) => message.role === 'user');
  return (user?.parts ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(' ');
}

/** The route: POST `{ messages }` (what `useChat`'s default transport sends). */
export async function chatRoute(request: Request): Promise<Response> {
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 });
  const { messages } = (await request.json()) as { messages: UIMessage[] };
  const model = /weather/i.test(lastUserText(messages)) ? openai : anthropic;
  const result = streamText({ model, messages: await convertToModelMessages(messages, { tools }), tools, stopWhen: isStepCount(5) });
  return result.toUIMessageStreamResponse();
}
