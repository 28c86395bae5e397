/**
 * react-agent-kit/server: the backend half of the kit, for Node and any runtime that speaks
 * Request/Response. The agent handler (model proxy, tool bridge, MCP) builds on these.
 */
export { toNodeHandler } from './node-adapter';
export type { FetchHandler, NodeHandlerOptions } from './node-adapter';
