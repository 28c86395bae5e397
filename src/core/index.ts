/**
 * react-agent-kit core: the agent loop, tools, model interface and store. No React, no DOM
 * requirement: it runs in browsers, workers and Node.
 */
export { createAgent } from './agent/create-agent';
export { AgentCommandError } from './agent/agent-options';
export type { Agent, AgentCommandErrorCode, AgentLimits, AgentOptions, RunResult } from './agent/agent-options';
export { demoModel, demoModelInfo } from './demo/demo-model';
export type { DemoModelOptions } from './demo/demo-model';
export { createScriptedModel, describeCall, stepsInOrder, toScriptedStep } from './model/scripted-model';
export type {
  ScriptedCall,
  ScriptedCallOptions,
  ScriptedFinishReason,
  ScriptedItem,
  ScriptedModel,
  ScriptedModelOptions,
  ScriptedPromptMessage,
  ScriptedPromptPart,
  ScriptedRespond,
  ScriptedStep,
  ScriptedStepInput,
  ScriptedStreamPart,
  ScriptedTool,
  ScriptedUsage,
} from './model/scripted-model';
export { defineTool, InvalidToolError, toolNamePattern } from './tools/define-tool';
export type { ToolDefinition, ToolExecuteResult, ToolExecutionContext } from './tools/define-tool';
export type { ToolCallHandler } from './tools/run-tool-call';
export { InvalidModelError, assertLanguageModel } from './model/validate-model';
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
