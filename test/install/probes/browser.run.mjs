// Browser only, run: the demo model answers, and the React entries load.
import { createAgent, demoModel } from 'react-agent-kit';

const agent = createAgent({ model: demoModel() });
await agent.send('Hello');
const reply = agent.getState().messages.at(-1);
const { AgentChat } = await import('react-agent-kit/components');
const { useAgent } = await import('react-agent-kit/react');
console.log(JSON.stringify({ reply: reply.role === 'assistant' && reply.status === 'done', components: typeof AgentChat, hooks: typeof useAgent }));
