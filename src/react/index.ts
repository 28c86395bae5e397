/**
 * react-agent-kit/react: hooks over the agent store. Each hook subscribes to a slice of the
 * state, so components re-render only when what they show changes.
 */
export { AgentProvider, useAgentInstance } from './agent-context';
export { useAgent } from './use-agent';
export type { UseAgentResult } from './use-agent';
export { useAgentSelector, shallowEqual } from './use-agent-selector';
export { useMessage, useMessageIds } from './use-messages';
export { useToolCall } from './use-tool-call';
export { useToolCalls, useToolCallIds } from './use-tool-calls';
export type { ToolCallFilter } from './use-tool-calls';
export { useApprovals } from './use-approvals';
export type { ApproveOptions, PendingApproval } from './use-approvals';
export { useQuestions } from './use-questions';
export type { PendingQuestion, ResolvedQuestion, UseQuestionsOptions } from './use-questions';
