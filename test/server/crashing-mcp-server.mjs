/**
 * A small stdio MCP server (built with the MCP SDK) that crashes on request, for the restart
 * tests: `crash` exits the process while the call waits for its answer; `pid` says which process
 * answers. Each start appends its pid to the file `--starts=<path>` names. While the file
 * `--refuse=<path>` holds a number above 0, a start counts it down and exits at once (a server
 * that cannot come back yet).
 */
import { existsSync, appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const option = (name) => process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3);
const refuseFile = option('refuse');
const startsFile = option('starts');

if (refuseFile && existsSync(refuseFile)) {
  const left = Number(readFileSync(refuseFile, 'utf8'));
  if (left > 0) {
    writeFileSync(refuseFile, String(left - 1));
    console.error(`refusing to start (${left - 1} refusals left)`);
    process.exit(2);
  }
}
if (startsFile) appendFileSync(startsFile, `${process.pid}\n`);

const server = new Server({ name: 'crashing-test-server', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    { name: 'pid', description: 'The id of the server process.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } },
    { name: 'crash', description: 'Exits the server process.', inputSchema: { type: 'object', properties: {} } },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, (request) => {
  if (request.params.name === 'crash') {
    console.error('crashing on purpose');
    process.exit(1);
  }
  return { content: [{ type: 'text', text: String(process.pid) }] };
});
await server.connect(new StdioServerTransport());
