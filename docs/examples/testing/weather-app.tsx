// The app under test: an agent with one tool that asks before it runs, and the drop-in chat.
// The agent is made by a function of the model, so the app passes a real one and the tests a scripted one.
import { createAgent, defineTool, type Agent, type LanguageModel } from 'react-agent-kit';
import { AgentChat } from 'react-agent-kit/components';
import 'react-agent-kit/styles.css';

export const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  needsApproval: true,
  execute: async ({ city }) => ({ city, celsius: 21 }),
});

export function createWeatherAgent(model: LanguageModel): Agent {
  return createAgent({ model, instructions: 'You are concise.', tools: [getWeather] });
}

export function WeatherApp({ agent }: { agent: Agent }) {
  return (
    <div style={{ height: '100vh' }}>
      <AgentChat
        agent={agent}
        toolRenderers={{
          get_weather: {
            running: () => <p>Looking up the weather…</p>,
            done: ({ call }) => {
              const { city, celsius } = call.output as { city: string; celsius: number };
              return <p>{city}: {celsius} °C</p>;
            },
          },
        }}
      />
    </div>
  );
}
