// With a backend, run: the page's side in Node, one message through server.mjs (argv[2] is its URL).
import { createAgent } from 'react-agent-kit';
import { remoteModel } from 'react-agent-kit/providers';

const agent = createAgent({ model: remoteModel(process.argv[2], { headers: { authorization: `Bearer ${process.env.APP_TOKEN}` } }) });
await agent.send('Hello');
const { messages, error } = agent.getState();
const reply = messages.at(-1);
console.log(JSON.stringify({ reply: reply.parts.map((part) => part.text ?? part.type).join(''), error: error ?? null }));
