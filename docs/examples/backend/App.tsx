// The page of the backend example: the model runs behind /api/agent (server.mjs), the loop and the
// tools run here. In Vite development, proxy /api/agent to the server:
//   server: { proxy: { '/api/agent': 'http://127.0.0.1:3001' } }   (vite.config.ts)
import { createAgent, defineTool } from 'react-agent-kit';
import { AgentChat } from 'react-agent-kit/components';
import { remoteModel } from 'react-agent-kit/providers';
import 'react-agent-kit/styles.css';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: async ({ city }) => ({ city, celsius: 21 }),
});

const agent = createAgent({
  // The token server.mjs checks (APP_TOKEN); in a real app, the user's session does this.
  model: remoteModel('/api/agent', { headers: { authorization: `Bearer ${import.meta.env.VITE_APP_TOKEN}` } }),
  instructions: 'You are concise.',
  tools: [getWeather],
});

export default function App() {
  // AgentChat fills its container's height: without one it collapses to the composer and a few lines.
  return (
    <div style={{ height: '100vh' }}>
      <AgentChat agent={agent} />
    </div>
  );
}
