/**
 * react-agent-kit core: the agent loop, tools, model interface and store. No React, no DOM
 * requirement: it runs in browsers, workers and Node.
 */
export { createAgent } from './agent/create-agent';
export { AgentCommandError } from './agent/agent-options';
export type { AgentSession, AgentSessionStatus } from './session/agent-session';
export { canResume } from './session/seal-interrupted';
export type { AgentSnapshot, SandboxCheckpointRecord, SessionStorage, SessionSummary, SessionWrite, StoredSession } from './session/session-types';
export { PersistenceError } from './persistence/persistence-error';
export type { PersistenceErrorCode } from './persistence/persistence-error';
export type { Agent, AgentCommandErrorCode, AgentLimits, AgentOptions, AgentSessionOptions, AskUserOption, CostEstimator, PermissionPolicy, RunResult, ToolInfo } from './agent/agent-options';
export { demoModel, demoModelInfo } from './demo/demo-model';
export type { DemoModelOptions } from './demo/demo-model';
/** The demo model's type; the scripted model helpers themselves live in `react-agent-kit/testing`. */
export type { ScriptedModel } from './model/scripted-model';
export { createToolRegistry, defineTool, InvalidToolError, toolNamePattern } from './tools/define-tool';
export type { ToolDefinition, ToolExecuteResult, ToolExecutionContext } from './tools/define-tool';
export { deferToolResult } from './tools/execute-tool-call';
export { describeToolFailure, invokeTool, ToolFailure } from './tools/invoke-tool';
export type { InvokeToolOptions, ToolInvocationOutcome } from './tools/invoke-tool';
export { ndjsonContentType } from './bridge/wire-format';
export { httpToolBridge } from './remote/http-tool-bridge';
export type { BackendTools, HttpToolBridgeOptions, ToolBridge } from './remote/http-tool-bridge';
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
export type { ToolCallHandler } from './tools/execute-tool-call';
export { isApprovedWaitingForTurn, isFinalToolCallState, isPendingApproval, isWaitingForPeople } from './tools/tool-call-states';
export { askUserQuestionTool } from './questions/ask-user-question-tool';
export { askUserQuestionToolName } from './questions/question-types';
export type { AnsweredQuestion, AskUserQuestionInput, Question, QuestionAnswer, QuestionOption, QuestionResult } from './questions/question-types';
export { checkPermission } from './approvals/permission-check';
export type { PermissionDecision } from './approvals/permission-check';
export { InvalidModelError, assertLanguageModel } from './model/validate-model';
export { JsonSchemaError, isStandardSchema, toModelJsonSchema, validateJsonSchema, validateToolInput } from './schema/index';
export type { FromJsonSchema, InferToolInput, JsonSchemaObject, SchemaIssue, StandardSchemaV1, ToolInputSchema } from './schema/index';
export { normalizeStreamPart } from './model/normalize-stream-part';
export { toProviderPrompt } from './model/to-provider-prompt';
export { streamModel, StreamInterruptedError } from './model/stream-model';
export { defaultRetryPolicy, isRetryableError } from './model/retry-policy';
export type { RetryPolicy } from './model/retry-policy';
export type {
  FinishReason,
  LanguageModel,
  ModelCallOptions,
  ModelStreamEvent,
  ProviderPrompt,
  SpecificationVersion,
} from './model/language-model';
export { reduce } from './reducer';
export { createAgentStore } from './store';
export type { AgentStore } from './store';
export { createEventLog } from './event-log';
export type { EventLog } from './event-log';
export { createInitialState } from './state';
export type {
  AgentError,
  AgentErrorCode,
  ApprovalPreview,
  ApprovalRequest,
  FileChangePreview,
  AgentState,
  AgentStatus,
  AuditActor,
  AuditEntry,
  Message,
  MessagePart,
  MessageRole,
  MessageStatus,
  NoticePart,
  ReasoningPart,
  TextPart,
  ToolCall,
  ToolCallPart,
  ToolCallState,
  Usage,
} from './state';
export type { AgentEvent, AgentEventType, LoggedEvent } from './events';
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
