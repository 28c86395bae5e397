/**
 * react-agent-kit/ag-ui: agents on a server, speaking the AG-UI protocol (LangGraph, Mastra,
 * CrewAI, Pydantic AI, Google ADK, ...), behind the kit's `Agent`, so its components and hooks
 * show them unchanged. `@ag-ui/core` is an optional peer dependency; this entry uses its types only.
 *
 * @module react-agent-kit/ag-ui
 */
export { agUiAgent } from './ag-ui-agent';
export type { AgUiAgentOptions } from './ag-ui-agent';
export { remoteAgentTool } from './remote-agent-tool';
export type { RemoteAgentToolOptions } from './remote-agent-tool';
export { remoteApprovalToolName } from './interrupts';
export type { RemoteApprovalInput } from './interrupts';
