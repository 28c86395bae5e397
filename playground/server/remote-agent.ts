/**
 * The playground's remote agent: the kit's own agent behind AG-UI (`agUiHandler`), run in the
 * dev server with the demo model, so the "Remote agent (AG-UI)" model choice shows `<AgentChat>`
 * over an agent on a server, offline. Its tools run here (the customer table, an email that asks
 * for approval); the browser lends its own (the workspace's file tools, the shell) as client tools.
 */
import { defineTool, demoModel } from '../../src/core/index';
import { agUiHandler, toNodeHandler, type AgUiHandler } from '../../src/server/index';
import { sameOrigin } from './agent-backend';
import { backendTools } from './backend-tools';

/** Where the AG-UI endpoint is mounted, for the Vite plugin and the browser. */
export const agUiPath = '/api/ag-ui';

/**
 * An email "sent" by the server: it asks for approval first, which reaches the browser as an
 * AG-UI interrupt (the kit's approval dialog there), and sends nothing anywhere.
 */
export const serverSendEmail = defineTool({
  name: 'send_email',
  description: 'Sends an email from the server. Asks the user for approval before sending.',
  inputSchema: {
    type: 'object',
    properties: {
      to: { type: 'string', description: 'The recipient address, e.g. "ada@example.com"' },
      subject: { type: 'string', description: 'The subject line' },
      body: { type: 'string', description: 'The message, plain text' },
    },
    required: ['to', 'subject', 'body'],
    additionalProperties: false,
  },
  needsApproval: true,
  category: 'email',
  async execute({ to, subject }, { signal }) {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, 300);
      signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
    });
    return { sent: true, to, subject, via: 'the playground server (nothing left it)' };
  },
});

/**
 * The handler: the demo model on the server, the playground's backend tools and the email, the
 * built-in question tool (its questions reach the browser as interrupts). Stateless: the browser
 * keeps the conversation (its session) and sends it with every run, under the session's id as
 * the thread id, so a reload continues the same thread.
 *
 * @example
 * ```ts
 * server.middlewares.use(agUiPath, toNodeHandler(createRemoteAgentHandler()));
 * ```
 */
export function createRemoteAgentHandler(): AgUiHandler {
  return agUiHandler({
    model: demoModel(),
    instructions: 'You are the react-agent-kit demo assistant, running on the playground server.',
    tools: [...backendTools, serverSendEmail],
    askUser: { allowFreeText: true },
    // Same-origin only, like the playground's backend (a real app checks its session here).
    authorize: sameOrigin,
    path: agUiPath,
  });
}

/**
 * The handler as Connect middleware for the Vite dev server, and how to release it.
 *
 * @example
 * ```ts
 * const { middleware } = createRemoteAgentMiddleware();
 * server.middlewares.use(agUiPath, middleware);
 * ```
 */
export function createRemoteAgentMiddleware() {
  const handler = createRemoteAgentHandler();
  return { middleware: toNodeHandler(handler), close: () => handler.close() };
}
