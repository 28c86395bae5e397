/**
 * react-agent-kit/react: hooks over the agent store and its workspace (sandbox). Each hook
 * subscribes to a slice of the state, or to one directory or file, so components re-render only
 * when what they show changes.
 *
 * @module react-agent-kit/react
 */
export { AgentProvider, useAgentInstance } from './agent-context';
export { useAgent } from './use-agent';
export type { UseAgentResult } from './use-agent';
export { useAgentSelector, shallowEqual } from './use-agent-selector';
export { useMessage, useMessageIds } from './use-messages';
export { useBranches, useCanSwitchBranch } from './use-branches';
export { useToolCall } from './use-tool-call';
export { useToolCalls, useToolCallIds } from './use-tool-calls';
export type { ToolCallFilter } from './use-tool-calls';
export { useApprovals } from './use-approvals';
// The phase tests of a call, for views that group or label calls (the same ones the core uses).
export { isApprovedWaitingForTurn, isPendingApproval, isWaitingForPeople, replyTiming } from '../core/index';
export type { ApproveOptions, PendingApproval } from './use-approvals';
export { useQuestions } from './use-questions';
export { useTodos } from './use-todos';
export { useRemoteState } from './use-remote-state';
export type { PendingQuestion, ResolvedQuestion, UseQuestionsOptions } from './use-questions';
export { SandboxProvider, useSandbox } from './sandbox-context';
export { useFiles } from './use-files';
export { useFile } from './use-file';
export type { FileState, FileStatus } from './use-file';
export { useSandboxChanges, useFileChange } from './use-sandbox-changes';
export type { ChangeMark, FileChangeKind, ChangesSinceCheckpoint } from './sandbox-changes-store';
export { useFileDiff } from './use-file-diff';
export type { FileDiff } from './use-file-diff';
export { useCheckpoints } from './use-checkpoints';
export type { TurnCheckpoint } from './use-checkpoints';
export { useBackendTools } from './use-backend-tools';
export type { UseBackendToolsOptions, UseBackendToolsResult } from './use-backend-tools';
export { useAgentSession, useCanResume } from './use-agent-session';
export type { AgentSessionView } from './use-agent-session';
export { useSessions } from './use-sessions';
export type { UseSessionsResult } from './use-sessions';
