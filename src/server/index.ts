/**
 * react-agent-kit/server: the backend half of the kit, for Node and any runtime that speaks
 * Request/Response: a model proxy (the API key stays here), tools the browser runs on the server,
 * MCP servers' tools, and users' sessions in Postgres.
 */
export { createAgentHandler } from './agent-handler';
export type { AgentHandler, AgentHandlerOptions, Authorize } from './agent-handler';
export type { CorsOptions } from './cors';
export type { ServerModels } from './model-route';
export { connectMcpServers } from './mcp/index';
export type { McpServerConfig, McpToolSource } from './mcp/index';
export { toNodeHandler } from './node-adapter';
export type { FetchHandler, NodeHandlerOptions } from './node-adapter';
export { postgresSessionStore } from './sessions/postgres-session-store';
export type { PostgresSessionStoreOptions } from './sessions/postgres-session-store';
export type { PostgresPool, PostgresPoolClient, PostgresQueryable, PostgresQueryResult } from './sessions/postgres-client';
export type { ServerSessionStore } from './sessions/server-session-store';
