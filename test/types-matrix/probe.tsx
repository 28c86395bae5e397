// Compiled by test/types-matrix.test.ts in a consumer project that installed the packed kit, once per
// module resolution and TypeScript version. If the kit's types resolve to `any`, the expected-error
// lines below are unused (TS2578) and the destructured inputs are implicit any (TS7031).
import { createAgent, defineTool, demoModel, type Agent } from 'react-agent-kit';
import { AgentChat } from 'react-agent-kit/components';
import { useAgent } from 'react-agent-kit/react';
import { scriptedModel, text } from 'react-agent-kit/testing';
import { createSandbox } from 'react-agent-kit/sandbox';
import { remoteModel } from 'react-agent-kit/providers';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] },
  execute: async ({ city, days }) => ({ city: city.toUpperCase(), days: days ?? 1 }),
});

defineTool({
  name: 'wrong',
  description: 'Treats a string as a number.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  // @ts-expect-error city is a string: toFixed does not exist on it
  execute: async ({ city }) => city.toFixed(1),
});

const agent: Agent = createAgent({ model: demoModel(), tools: [getWeather], sandbox: createSandbox() });
// @ts-expect-error send takes the user's text, not a number
void agent.send(42);

export function Status() {
  const { status, messages } = useAgent();
  // @ts-expect-error status is a string union, not a number
  const wrong: number = status;
  return <p>{status} {messages.length} {wrong}</p>;
}

export function App() {
  return <AgentChat agent={agent} />;
}

export const testModel = scriptedModel([text('hi')]);
export const browserModel = remoteModel('/api/agent');
