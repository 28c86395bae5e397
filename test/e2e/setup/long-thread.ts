import { createAgent, defineTool, type AgentState, type Message, type ToolCall } from '../../../src/core/index';
import { writeSessionFile } from '../../../src/core/sessions/index';
import { scriptedModel, text, toolCall } from '../../../src/testing/index';

/**
 * A session file holding a long conversation, for the playground's "Import chat": the messages
 * of one real turn (a question, a `get_weather` call with its result, an answer in markdown),
 * repeated with fresh ids and texts of varied length, so heights vary as they do in real threads
 * (paragraphs, lists, code blocks, tool cards).
 *
 * @example
 * await page.getByLabel('Import chat').setInputFiles({ name: 'long.json', mimeType: 'application/json', buffer: Buffer.from(await longThreadSessionFile(10_000)) });
 */
export async function longThreadSessionFile(messageCount: number): Promise<string> {
  const weather = defineTool({
    name: 'get_weather',
    description: 'Current weather for a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    execute: ({ city }: { city: string }) => ({ city, temperatureCelsius: 18, conditions: 'sunny', source: 'demo data' }),
  });
  const agent = createAgent({ model: scriptedModel([toolCall('get_weather', { city: 'Paris' }, 'call-template'), text('It is sunny in Paris.')]), tools: [weather] });
  await agent.send('What is the weather in Paris?');
  const template = agent.snapshot();
  const turn = template.state.messages;
  let messages: Message[] = [];
  const toolCalls: ToolCall[] = [];
  // Whole turns, then the oldest messages dropped: the thread ends with a complete answer.
  for (let round = 0; messages.length < messageCount; round++) {
    const rename = (id: string) => `${id}-r${round}`;
    for (const message of turn) {
      const parts = message.parts.map((part) => {
        if (part.type === 'tool-call') return { ...part, toolCallId: rename(part.toolCallId) };
        if (part.type !== 'text') return { ...part, id: rename(part.id) };
        return { ...part, id: rename(part.id), text: message.role === 'user' ? question(round) : answer(round) };
      });
      messages.push({ ...message, id: rename(message.id), parts, createdAt: message.createdAt + round, ...(message.runId ? { runId: rename(message.runId) } : {}) });
    }
    for (const call of template.state.toolCalls) toolCalls.push({ ...call, id: rename(call.id), messageId: rename(call.messageId) });
  }
  messages = messages.slice(-messageCount);
  // Only calls whose message made it into the thread.
  const kept = new Set(messages.map((message) => message.id));
  const state: AgentState = { ...template.state, messages, toolCalls: toolCalls.filter((call) => kept.has(call.messageId)) };
  return writeSessionFile({ ...template, state });
}

function question(round: number): string {
  return round % 4 === 0 ? `Question ${round}: what is the weather in Paris, and what should I pack for a week of walking around the city in spring?` : `Question ${round}: weather in Paris?`;
}

const sentence = 'The forecast stays mild, with sun in the morning and a few clouds drifting in from the west by the afternoon.';

/** Markdown of varied shape and length: one to six paragraphs, sometimes a list, sometimes code. */
function answer(round: number): string {
  const blocks = [`**Answer ${round}.** ${Array.from({ length: 1 + (round % 6) }, () => sentence).join(' ')}`];
  if (round % 3 === 0) blocks.push(['- a light jacket', '- comfortable shoes', '- an umbrella, just in case'].join('\n'));
  if (round % 5 === 0) blocks.push(['```ts', `const forecast${round} = await getWeather({ city: 'Paris' });`, 'console.log(forecast.conditions);', '```'].join('\n'));
  if (round % 7 === 0) blocks.push(Array.from({ length: 3 }, () => sentence).join(' '));
  return blocks.join('\n\n');
}
