// The backend half's probe (see probe.tsx): compiled in a Node project by test/types-matrix.test.ts.
import { createServer } from 'node:http';
import { createAgentHandler, toNodeHandler } from 'react-agent-kit/server';
import { defineTool } from 'react-agent-kit';
import { scriptedModel, text } from 'react-agent-kit/testing';

const lookUp = defineTool({
  name: 'lookup_customer',
  description: 'Finds a customer by email.',
  inputSchema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
  execute: async ({ email }) => ({ email: email.toLowerCase() }),
});

const handler = createAgentHandler({ basePath: '/api/agent', model: scriptedModel([text('hi')]), tools: [lookUp], authorize: () => true });
// @ts-expect-error basePath is a string
createAgentHandler({ basePath: 3, model: scriptedModel([text('hi')]), authorize: () => true });
// eslint-disable-next-line @typescript-eslint/no-misused-promises -- the documented pattern: toNodeHandler settles its own errors
createServer(toNodeHandler(handler)).listen(0);
