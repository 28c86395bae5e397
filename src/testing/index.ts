/**
 * react-agent-kit/testing: scripted models and helpers for testing agents and the apps built
 * on them (`stateFromEvents` starts an agent in a given state). Deterministic and offline; no
 * timers unless asked for.
 *
 * @example
 * ```ts
 * import { createAgent } from 'react-agent-kit';
 * import { scriptedModel, text, toolCall } from 'react-agent-kit/testing';
 *
 * const model = scriptedModel([toolCall('list_files', { path: '/' }), text('The sandbox is empty.')]);
 * const agent = createAgent({ model });
 * ```
 *
 * @module react-agent-kit/testing
 */
export { scriptedModel, stepsInOrder, toScriptedStep } from '../core/scripted/scripted-model';
export { hangingModel } from './hanging-model';
export type { HangingModelOptions } from './hanging-model';
export { text, reasoning, toolCall, streamError, failingCall, pause, source } from './step-builders';
export type { FailingCallOptions } from './step-builders';
export { stateFromEvents } from './state-from-events';
export { isFollowUpRequest } from '../core/agent/follow-up-request';
export { apiCallError, ScriptedApiCallError } from './api-call-error';
export type { ApiCallErrorOptions } from './api-call-error';
export type {
  Script,
  ScriptedCall,
  ScriptedCallOptions,
  ScriptedItem,
  ScriptedModel,
  ScriptedModelSettings,
  ScriptedPromptMessage,
  ScriptedPromptPart,
  ScriptedRespond,
  ScriptedStep,
  ScriptedStepInput,
  ScriptedStreamPart,
  ScriptedTool,
  ScriptedUsage,
} from '../core/scripted/scripted-model';
