// Browser only: the core with the demo model and a typed tool, the drop-in chat.
import { createAgent, defineTool, demoModel } from 'react-agent-kit';
import { AgentChat } from 'react-agent-kit/components';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: async ({ city }) => {
    // @ts-expect-error the input is typed from the schema: city is a string, not a number
    const wrong: number = city;
    return { city, celsius: 21, wrong };
  },
});

const agent = createAgent({ model: demoModel(), tools: [getWeather] });

export function App() {
  return (
    <div style={{ height: '100vh' }}>
      <AgentChat agent={agent} />
    </div>
  );
}
