// node server.mjs: the kit's backend half on plain Node (20.19 or later), no TypeScript loader.
// npm install react-agent-kit ai@7 @ai-sdk/openai@4; OPENAI_API_KEY is read here, never sent to the page.
import { createServer } from 'node:http';
import { openai } from '@ai-sdk/openai';
import { createAgentHandler, toNodeHandler } from 'react-agent-kit/server';

const handler = createAgentHandler({
  basePath: '/api/agent',
  model: openai('gpt-5-mini'),
  // Who may use your key: check the request's session or token here.
  authorize: (request) => request.headers.get('authorization') === `Bearer ${process.env.APP_TOKEN}`,
});

createServer(toNodeHandler(handler)).listen(3001, () => console.log('agent backend on http://127.0.0.1:3001/api/agent'));
