import type { ScriptedItem } from '../scripted/scripted-model';
import { demoExamplePrompts } from './demo-examples';
/**
 * What the demo model says. Kept apart from the logic that picks a reply, so the words can be
 * edited without touching behaviour. Plain markdown strings; no randomness anywhere.
 */



const fence = '```';

const plugInCode = `${fence}ts
// Your backend holds the API key (react-agent-kit/server's createAgentHandler at /api/agent):
import { remoteModel } from 'react-agent-kit/providers';
const agent = createAgent({ model: remoteModel('/api/agent') });

// Or the user's own key, in the page (any script in the page can read it):
import { createOpenAI } from '@ai-sdk/openai';
const openai = createOpenAI({ apiKey: usersOwnKey });
const agent = createAgent({ model: openai('gpt-5-mini') });
${fence}`;

const defineToolCode = `${fence}ts
import { createAgent, defineTool } from 'react-agent-kit';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Get the current weather in a city',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
  } as const,
  execute: async ({ city }) => ({ city, temperature: 21, conditions: 'sunny' }),
});

const agent = createAgent({ model, tools: [getWeather] });
${fence}`;

/** The greeting and default reply: what the demo is, what to try, how to plug in a real model. */
export const introReply = [
  "Hi! I'm the **demo model** of react-agent-kit. I run right here in your browser: no network, no API key. My replies are scripted, so I'm not really intelligent, but I can show you what the kit does.",
  '',
  'Try one of these:',
  '',
  ...demoExamplePrompts.map((example) => `- **${example.prompt}**: ${example.shows}`),
  '',
  '## Plug in a real model',
  '',
  'Any AI SDK provider works (`@ai-sdk/openai`, `@ai-sdk/anthropic`, `ollama-ai-provider`, ...), with the key on your server or a key the user brings, in the page (the README shows both, under "Real models"):',
  '',
  plugInCode,
].join('\n');

/** A tour of what markdown rendering supports. */
export const markdownReply = `# Markdown tour

Replies are rendered as **markdown**, with *emphasis*, \`inline code\` and [links](https://github.com).

## A list

1. Stream the reply
2. Render it as it arrives
   - nested items work too
3. Keep the scroll at the bottom

## A table

| Part | Streams | Example |
| --- | --- | --- |
| Text | yes | this reply |
| Reasoning | yes | "think about ..." |
| Tool call | input, then result | "what's the weather?" |

## Code

${fence}tsx
import { useAgent } from 'react-agent-kit/react';

export function Status() {
  const { status } = useAgent();
  return <p>The agent is {status}.</p>;
}
${fence}

> A blockquote: the demo model wrote all of this without a network connection.

That's the tour. Ask for **a long story** next to try stopping a reply mid-way.`;

/** The scripted reasoning shown before the answer of the "think" demo. */
export const reasoningPrelude = (question: string): string =>
  `The user asked: "${question}". I am the demo model, so this reasoning is scripted. ` +
  'A real reasoning model would work through the problem here, step by step, before it answers. ' +
  'The kit streams these thoughts into a separate reasoning part that the UI can fold away. ' +
  'Now I will write the answer.';

/** The answer of the "think" demo; it explains the sky when asked about it. */
export const reasoningAnswer = (mentionsSky: boolean): string =>
  (mentionsSky
    ? "The sky is blue because air scatters short (blue) wavelengths of sunlight much more than long (red) ones: that's **Rayleigh scattering** [1]. At sunset the light crosses more air, the blue is scattered away, and the reds remain [2].\n\n"
    : '') +
  'What you just saw: a **reasoning** part streamed first, then this answer. Open the reasoning block above to read it. With a real reasoning model the thoughts are its own, not scripted.';

/** What streams before the simulated failure. */
export const errorPrelude =
  "Sure, let me look into that. I'll start streaming an answer, and halfway through ";

/** The message of the simulated failure. */
export const errorMessage =
  'The demo model simulated a network failure in the middle of its reply. Press Retry: the next attempt succeeds.';

/** The reply of the attempt after a simulated failure. */
export const errorRecoveredReply =
  'This time it worked. That failure was simulated: the kit kept what had streamed, showed the error and offered **Retry**. ' +
  'Real providers fail the same way (rate limits, dropped connections); failures that happen before any output are retried automatically.';

/** Said when no offered tool fits the request: how to define one. */
export const noToolsReply = (wanted: string, available: readonly string[]): string =>
  [
    available.length === 0
      ? `This agent has no tools configured, so I can't ${wanted}.`
      : `This agent has tools (${available.map((name) => `\`${name}\``).join(', ')}), but none to ${wanted}.`,
    "I'm the demo model: given a matching tool, I call it, the call shows up in the tool timeline (with an approval request if the tool needs one), and I summarize its result.",
    '',
    'Define a tool with `defineTool` and give it to the agent:',
    '',
    defineToolCode,
  ].join('\n');

/** The sentence streamed before a tool call. */
export const toolCallLead = (toolName: string): string => `Let me call \`${toolName}\` for that.`;

/** The sentence streamed before the `send_email` call: what the person can do with the approval. */
export const emailLead = (toolName: string, input: Record<string, unknown>): string =>
  `Here is a draft${typeof input.to === 'string' ? ` to ${input.to}` : ''}. Sending an email can't be undone, so \`${toolName}\` asks for your approval first: ` +
  '**approve** it as it is, **edit** the recipient, subject or body before approving, or **deny** it with a reason.';

/** The sentence streamed before the `ask_user_question` call. */
export const questionLead = (): string =>
  'Before I plan anything, a couple of questions. Focus an option to see its preview, pick several where allowed, or type your own answer.';

/** The sentence streamed before the `delete_records` call. */
export const cleanupLead = (toolName: string, input: Record<string, unknown>): string =>
  `Let me call \`${toolName}\`${typeof input.table === 'string' ? ` on \`${input.table}\`` : ''}` +
  `${typeof input.olderThanDays === 'number' ? ` for records older than ${input.olderThanDays} days` : ''}. ` +
  'Whether it asks you first depends on the arguments: deleting recent records needs your approval.';

/** The sources the sky's answer cites (its [1] and [2]): shown under the reply. */
export const skySources: ScriptedItem[] = [
  { type: 'source', id: '1', url: 'https://en.wikipedia.org/wiki/Rayleigh_scattering', title: 'Rayleigh scattering' },
  { type: 'source', id: '2', url: 'https://en.wikipedia.org/wiki/Diffuse_sky_radiation', title: 'Diffuse sky radiation' },
];
