import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server as HttpServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ToolDefinition } from '../../core/index';
import { toolNamePattern } from '../../core/internal';
import { connectMcpServers, type McpToolSource } from './connect-mcp-servers';
import { McpToolCallError } from './mcp-tool-call-error';

/**
 * A small Streamable HTTP MCP server built with the SDK, on an ephemeral port. It refuses
 * requests without the right bearer token, and its tools have names the kit must rewrite.
 */
const token = 'Bearer test-token-1234';
const longToolName = `summarize_${'very_'.repeat(12)}long_document`;

const testTools: Tool[] = [
  {
    name: 'pages.search',
    description: 'Searches the pages.',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    annotations: { readOnlyHint: true },
  },
  { name: 'whoami', title: 'Who am I', inputSchema: { type: 'object', properties: {} } },
  { name: 'fail', description: 'Always fails.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: false, destructiveHint: true } },
  { name: longToolName, description: 'A tool with a long name.', inputSchema: { type: 'object', properties: {} } },
];

function createMcpTestServer(): Server {
  const server = new Server({ name: 'http-test-server', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: testTools }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra): CallToolResult => {
    const input = request.params.arguments ?? {};
    switch (request.params.name) {
      case 'pages.search':
        return { content: [{ type: 'text', text: 'one result' }], structuredContent: { results: [{ title: `About ${String(input.query)}`, page: 7 }] } };
      case 'whoami':
        return { content: [{ type: 'text', text: `tenant ${String(extra.requestInfo?.headers['x-tenant'])}` }] };
      case 'fail':
        return { isError: true, content: [{ type: 'text', text: 'Page 42 is locked by another editor.' }] };
      default:
        return { content: [{ type: 'text', text: `ran ${request.params.name}` }] };
    }
  });
  return server;
}

interface TestHttpServer {
  url: string;
  requests: IncomingHttpHeaders[];
  deletedSessions: string[];
  stop(): Promise<void>;
}

async function startTestHttpServer(): Promise<TestHttpServer> {
  const requests: IncomingHttpHeaders[] = [];
  const deletedSessions: string[] = [];
  const transports = new Map<string, StreamableHTTPServerTransport>();
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- node:http drops the handler's promise; a rejection would fail the test as an unhandled rejection
  const httpServer: HttpServer = createServer(async (request, response) => {
    requests.push(request.headers);
    if (request.headers.authorization !== token) {
      response.writeHead(401, { 'content-type': 'text/plain' }).end('Missing or wrong token.');
      return;
    }
    const sessionId = request.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId) {
        response.writeHead(404).end('Unknown session.');
        return;
      }
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void transports.set(id, created),
        onsessionclosed: (id) => {
          transports.delete(id);
          deletedSessions.push(id);
        },
      });
      await createMcpTestServer().connect(created);
      transport = created;
    }
    await transport.handleRequest(request, response);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    deletedSessions,
    async stop() {
      await Promise.all([...transports.values()].map((transport) => transport.close()));
      httpServer.closeAllConnections();
      await new Promise((resolve) => httpServer.close(resolve));
    },
  };
}

function toolNamed(source: McpToolSource, name: string): ToolDefinition {
  const tool = source.tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`No tool ${name} in ${source.tools.map((candidate) => candidate.name).join(', ')}`);
  return tool;
}

function run(source: McpToolSource, name: string, input: unknown = {}): Promise<unknown> {
  return Promise.resolve(toolNamed(source, name).execute!(input as never, { signal: new AbortController().signal, toolCallId: 'call-1', reportProgress: () => {} }));
}

describe('connectMcpServers over Streamable HTTP', () => {
  let server: TestHttpServer;
  let source: McpToolSource | undefined;
  beforeEach(async () => {
    server = await startTestHttpServer();
  });
  afterEach(async () => {
    await source?.close();
    source = undefined;
    await server.stop();
  });

  it('lists the tools with names made to fit the pattern, and maps annotations', async () => {
    source = await connectMcpServers([{ name: 'docs', transport: 'http', url: server.url, headers: { authorization: token } }]);
    expect(source.failures).toEqual([]);
    const names = source.tools.map((tool) => tool.name);
    expect(names.slice(0, 3)).toEqual(['docs__pages_search', 'docs__whoami', 'docs__fail']);
    expect(names[3]).toHaveLength(64);
    expect(names[3]).toMatch(/^docs__summarize_very_very_.*_[0-9a-z]{7}$/);
    for (const name of names) expect(name).toMatch(toolNamePattern);
    expect(toolNamed(source, 'docs__pages_search')).toMatchObject({
      description: 'Searches the pages. (MCP server "docs", tool "pages.search")',
      inputSchema: testTools[0]!.inputSchema,
      category: 'mcp:docs',
      readOnly: true,
      needsApproval: false,
      idempotent: false,
    });
    // No annotations: may change things, so a person is asked.
    expect(toolNamed(source, 'docs__whoami')).toMatchObject({ description: 'Who am I (MCP server "docs", tool "whoami")', readOnly: false, needsApproval: true });
  });

  it('calls tools over HTTP, sending the configured headers with every request', async () => {
    source = await connectMcpServers([{ name: 'docs', transport: 'http', url: server.url, headers: { authorization: token, 'x-tenant': 'acme' } }]);
    expect(await run(source, 'docs__pages_search', { query: 'billing' })).toEqual({ results: [{ title: 'About billing', page: 7 }] });
    expect(await run(source, 'docs__whoami')).toBe('tenant acme');
    expect(await run(source, source.tools[3]!.name)).toBe(`ran ${longToolName}`);
    expect(server.requests.length).toBeGreaterThanOrEqual(5);
    for (const headers of server.requests) expect(headers).toMatchObject({ authorization: token, 'x-tenant': 'acme' });
  });

  it("turns an error result into a thrown error with the tool's text", async () => {
    source = await connectMcpServers([{ name: 'docs', transport: 'http', url: server.url, headers: { authorization: token } }]);
    const error = await run(source, 'docs__fail').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(McpToolCallError);
    expect(error).toMatchObject({ code: 'tool-error', server: 'docs', tool: 'fail', message: 'Page 42 is locked by another editor.' });
  });

  it('reports a refused token as a failure without repeating it', async () => {
    source = await connectMcpServers([{ name: 'docs', transport: 'http', url: server.url, headers: { authorization: 'Bearer wrong-token-5678' } }]);
    expect(source.tools).toEqual([]);
    expect(source.failures).toHaveLength(1);
    expect(source.failures[0]!.error).toMatch(
      /^Could not connect to the MCP server "docs" \(http, http:\/\/127\.0\.0\.1:\d+\/mcp\): HTTP 401: Error POSTing to endpoint: Missing or wrong token\. \(check the credentials in `headers`\)$/,
    );
    expect(source.failures[0]!.error).not.toContain('wrong-token');
  });

  it('fails calls clearly, naming the server, once the server is gone', async () => {
    source = await connectMcpServers([{ name: 'docs', transport: 'http', url: server.url, headers: { authorization: token } }]);
    await server.stop();
    const error = await run(source, 'docs__whoami').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(McpToolCallError);
    expect(error).toMatchObject({ code: 'unreachable', server: 'docs', tool: 'whoami' });
    expect((error as Error).message).toMatch(/^The MCP server "docs" could not be reached for the tool "whoami": fetch failed \(.+\)$/);
    server = await startTestHttpServer(); // for afterEach
  });

  it('close() ends the session on the server (HTTP DELETE)', async () => {
    source = await connectMcpServers([{ name: 'docs', transport: 'http', url: server.url, headers: { authorization: token } }]);
    expect(server.deletedSessions).toEqual([]);
    await source.close();
    expect(server.deletedSessions).toHaveLength(1);
    const error = await run(source, 'docs__whoami').catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'disconnected', message: 'The MCP server "docs" is not connected (it was closed by the application), so its tool "whoami" cannot run.' });
  });
});
