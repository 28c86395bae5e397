// The quick start: the demo model (offline), one tool of your own, the drop-in chat.
// Ask "What's the weather in Paris?": the model calls get_weather and answers from its result.
import { createAgent, defineTool, demoModel } from 'react-agent-kit';
import { AgentChat } from 'react-agent-kit/components';
import 'react-agent-kit/styles.css';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  // `city` is typed string from the schema; what execute returns is the call's result.
  execute: async ({ city }) => ({ city, celsius: 21, sky: 'sunny' }),
});

// Made once, outside the component: the agent holds the conversation.
const agent = createAgent({ model: demoModel(), instructions: 'You are concise.', tools: [getWeather] });

export default function App() {
  // AgentChat fills its container's height: give the container one.
  return (
    <div style={{ height: '100vh' }}>
      <AgentChat agent={agent} />
    </div>
  );
}
