/**
 * react-agent-kit core: the agent loop, tools, model interface and store. No React, no DOM
 * requirement: it runs in browsers, workers and Node.
 *
 * @module react-agent-kit
 */
export { createAgent } from './agent/create-agent';
export { AgentCommandError } from './agent/agent-options';
export type { AgentSession, AgentSessionStatus } from './sessions/agent-session';
export { canResume } from './sessions/seal-interrupted';
export type { AgentSnapshot, SandboxCheckpointRecord, SessionGrants, SessionStorage, SessionSummary, SessionWrite, StoredSession } from './sessions/session-types';
export { PersistenceError } from './persistence/persistence-error';
export type { PersistenceErrorCode } from './persistence/persistence-error';
export type { Agent, AgentCommandErrorCode, AgentOptions, AgentSessionOptions, AttachedFile, RunResult, SendOptions, WhenBusy } from './agent/agent-options';
export type { AgentEventListener, AgentEventOf } from './agent/agent-events';
export { suggestFollowUps } from './agent/follow-up-suggestions';
export type { FollowUpOptions } from './agent/follow-up-options';
export type { AgentErrorSource, ReportError } from './agent/report-error';
export type { AgentLimits, CostEstimator } from './run/run-limits';
export type { ContextOptions } from './context/context-options';
export type { PrepareStep, PrepareStepInput, PrepareStepResult } from './run/prepare-step';
export type { AfterToolCall, AgentHooks, BeforeToolCall, BeforeToolCallDecision, OnStepFinish, StepFinishInfo, ToolHookAgent, ToolHookCall, ToolHookResult } from './run/agent-hooks';
export type { PermissionPolicy } from './people/permission-policy';
export type { AskUserOption } from './people/question-types';
export type { ToolInfo } from './tools/tool-info';
export type { ToolUi, ToolUiResource } from './tools/tool-ui';
export { demoModel, demoModelInfo } from './demo/demo-model';
export type { DemoModelOptions } from './demo/demo-model';
/** The demo model's type; the scripted model helpers themselves live in `react-agent-kit/testing`. */
export type { ScriptedModel } from './scripted/scripted-model';
export { defineTool } from './tools/define-tool';
export { defineAgentTool } from './agents/define-agent-tool';
export type { AgentToolDefinition, AgentToolInput, AgentToolOptions } from './agents/define-agent-tool';
export { InvalidToolError } from './tools/invalid-tool-error';
export type { ToolDefinition, ToolExecuteResult, ToolExecutionContext } from './tools/define-tool';
export { deferToolResult } from './run/execute-tool-call';
export { httpToolBridge } from './bridge/http-tool-bridge';
export type { BackendTools, HttpToolBridgeOptions, ToolBridge } from './bridge/http-tool-bridge';
export type {
  BridgeError,
  BridgeErrorBody,
  ModelStepPart,
  ModelStepRequest,
  ModelStepUsage,
  ToolCallLine,
  ToolCallRequest,
  ToolCatalog,
  ToolCatalogEntry,
} from './bridge/wire-format';
export type { ToolCallHandler } from './run/execute-tool-call';
export { isApprovedWaitingForTurn, isFinalToolCallState, isPendingApproval, isWaitingForPeople } from './store/tool-call-states';
export { askUserQuestionToolName } from './people/question-types';
export { todoWriteToolName } from './people/todo-rules';
export type { AnsweredQuestion, AskUserQuestionInput, Question, QuestionAnswer, QuestionOption, QuestionResult } from './people/question-types';
export { InvalidModelError } from './model/validate-model';
export { JsonSchemaError } from './schema/index';
export type { FromJsonSchema, InferToolInput, JsonSchemaObject, SchemaIssue, StandardSchemaV1 } from './schema/index';
export type { ToolInputSchema } from './tools/tool-input-schema';
export type { RetryPolicy } from './model/retry-policy';
export type {
  FinishReason,
  LanguageModel,
  ModelCallOptions,
  ModelStreamEvent,
  ProviderMetadata,
  ProviderFilePart,
  ProviderPrompt,
  ProviderToolResultContentPart,
  ProviderToolResultOutput,
  SpecificationVersion,
} from './model/language-model';
export type { ToolContentOutput, ToolContentPart } from './model/tool-content-output';
export { createId } from './store/ids';
export { reduce } from './store/reducer';
export type { ReadonlyAgentStore } from './store/readonly-agent-store';
export { createInitialState } from './store/state';
export { replyTiming } from './store/message-timing';
export { feedbackEvent, maxFeedbackCommentLength } from './agent/message-feedback';
export type { MessageTiming, ReplyTiming } from './store/message-timing';
export type {
  AgentError,
  AgentErrorCode,
  ApprovalPreview,
  ApprovalRequest,
  FileChangePreview,
  FilePart,
  AgentState,
  AgentStatus,
  AuditActor,
  AuditEntry,
  Compaction,
  Message,
  MessageFeedback,
  SourcePart,
  FeedbackInput,
  MessagePart,
  MessageRole,
  MessageStatus,
  NoticePart,
  QueuedMessage,
  ReasoningPart,
  StoredBranch,
  RemoteCallInfo,
  SubAgentRun,
  TextPart,
  TodoItem,
  TodoStatus,
  ToolCall,
  ToolCallPart,
  ToolCallState,
  Usage,
} from './store/state';
export type { AgentEvent, AgentEventType, LoggedEvent } from './store/events';
export { branchSiblings, type BranchSiblings } from './store/branches';
/** The sandbox's types; `createSandbox` itself is in `react-agent-kit/sandbox`, so apps without one do not ship it. */
export type {
  CheckpointInfo,
  FileContent,
  Sandbox,
  SandboxChanges,
  SandboxEntry,
  SandboxEvent,
  SandboxLimits,
} from './sandbox/index';
