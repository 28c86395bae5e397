/**
 * react-agent-kit/server: the backend half of the kit, for Node and any runtime that speaks
 * Request/Response: a model proxy (the API key stays here), transcription for dictation, tools the browser runs on the server,
 * MCP servers' tools, and users' sessions kept on the server (in memory, in Postgres, or in PGlite in this process).
 *
 * @module react-agent-kit/server
 */
export { createAgentHandler } from './agent-handler';
export type { AgentHandler, AgentHandlerOptions, Authorize, AuthorizeDecision } from './agent-handler';
export type { CorsOptions } from './cors';
export type { ServerModels } from './model-route';
export type { TranscriptionResponseBody } from './transcription-route';
export { connectMcpServers } from './mcp/index';
export type { McpRestartOptions, McpServerConfig, McpToolSource } from './mcp/index';
export { toNodeHandler } from './node-adapter';
export { memoryServerSessionStore } from './sessions/memory-server-session-store';
export type { ServerSessionStore, ServerSessionStoreOptions } from './sessions/server-session-store';
export { sharedSessionsUserId } from './sessions/session-routes';
export type { SessionRoutesOptions } from './sessions/session-routes';
export type { FetchHandler, NodeHandlerOptions } from './node-adapter';
export { postgresSessionStore } from './sessions/postgres-session-store';
export type { PostgresSessionStoreOptions } from './sessions/postgres-session-store';
export type { PostgresPool, PostgresPoolClient, PostgresQueryable, PostgresQueryResult } from './sessions/postgres-client';
export { pgliteSessionStore } from './sessions/pglite-session-store';
export type { PgliteSessionStoreOptions } from './sessions/pglite-session-store';
export type { PgliteInstance, PgliteResults, PgliteTransaction } from './sessions/pglite-client';
export { agUiHandler } from './ag-ui/ag-ui-handler';
export type { AgUiHandler, AgUiHandlerOptions } from './ag-ui/ag-ui-handler';
export type { AgUiSessionsOptions } from './ag-ui/thread-sessions';
