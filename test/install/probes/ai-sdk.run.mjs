// With the AI SDK, run: a conversation becomes UIMessages that the installed ai validates.
import { validateUIMessages } from 'ai';
import { createAgent, demoModel } from 'react-agent-kit';
import { agentChatTransport, toUIMessages } from 'react-agent-kit/ai-sdk';

const agent = createAgent({ model: demoModel() });
await agent.send('Hello');
const messages = await validateUIMessages({ messages: toUIMessages(agent.getState()) });
const { useChat } = await import('@ai-sdk/react');
console.log(JSON.stringify({ messages: messages.length, transport: typeof agentChatTransport(agent).sendMessages, useChat: typeof useChat }));
