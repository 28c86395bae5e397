// node server.mjs: the kit's backend half on plain Node (20.19 or later), no TypeScript loader.
// npm install react-agent-kit react react-dom ai@7 @ai-sdk/openai@4
// OPENAI_API_KEY is read here, never sent to the page (OPENAI_BASE_URL points the provider at
// another OpenAI-compatible server); APP_TOKEN is what the page must send; PORT defaults to 3001.
import { createServer } from 'node:http';
import { openai } from '@ai-sdk/openai';
import { createAgentHandler, toNodeHandler } from 'react-agent-kit/server';

const handler = createAgentHandler({
  basePath: '/api/agent',
  model: openai('gpt-5-mini'),
  // Who may use your key: check the request's session or token here.
  authorize: (request) => request.headers.get('authorization') === `Bearer ${process.env.APP_TOKEN}`,
});

const port = Number(process.env.PORT ?? 3001);
createServer(toNodeHandler(handler)).listen(port, '127.0.0.1', () => console.log(`agent backend on http://127.0.0.1:${port}/api/agent`));
