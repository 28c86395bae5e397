// With a backend: the handler with an AI SDK provider, served by Node's http server.
import { createServer } from 'node:http';
import { openai } from '@ai-sdk/openai';
import { defineTool } from 'react-agent-kit';
import { createAgentHandler, toNodeHandler } from 'react-agent-kit/server';

const lookupCustomer = defineTool({
  name: 'lookup_customer',
  description: 'Finds a customer by email.',
  inputSchema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
  execute: async ({ email }) => ({ email: email.toLowerCase() }),
});

const handler = createAgentHandler({ basePath: '/api/agent', model: openai('gpt-5-mini'), tools: [lookupCustomer], authorize: () => true });
// @ts-expect-error authorize is required: the handler never serves a key to anyone by default
createAgentHandler({ basePath: '/api/agent', model: openai('gpt-5-mini') });
// eslint-disable-next-line @typescript-eslint/no-misused-promises -- the documented pattern: toNodeHandler settles its own errors
export const server = createServer(toNodeHandler(handler));
