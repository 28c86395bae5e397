/**
 * Core internals that the kit's own server half, its testing kit and its tests build on. Not a
 * public entry (not in package.json's exports): apps use `react-agent-kit` and the other
 * subpaths, whose surface stays small and stable; these may change in any release.
 */
export { toolNamePattern } from './tools/define-tool';
export { createToolRegistry } from './tools/tool-registry';
export { createToolLifecycle } from './tools/tool-lifecycle';
export type { ToolLifecycle } from './tools/tool-lifecycle';
export { validateToolInput } from './tools/tool-input-schema';
export { toModelJsonSchema } from './tools/tool-model-schema';
export { isToolContentOutput } from './model/tool-content-output';
export { describeToolFailure, invokeTool, ToolFailureError } from './tools/invoke-tool';
export type { InvokeToolOptions, ToolCallOutcome } from './tools/invoke-tool';
export { ndjsonContentType } from './bridge/wire-format';
export { fileRecordFromJson, fileRecordToJson } from './sandbox/storage/file-record-json';
export type { JsonFileRecord } from './sandbox/storage/file-record-json';
export { askUserQuestionTool } from './people/ask-user-question-tool';
export { InvalidAnswerError, toAnsweredResult } from './people/validate-answers';
export { checkPermission } from './people/permission-check';
export type { PermissionDecision } from './people/permission-check';
export { assertLanguageModel } from './model/validate-model';
export { isStandardSchema, validateJsonSchema } from './schema/index';
export { normalizeStreamPart, toFinishReason } from './model/normalize-stream-part';
export { normalizeContentStreamPart } from './model/normalize-content-stream-part';
export { normalizeSource } from './model/normalize-source';
export { toProviderPrompt } from './model/to-provider-prompt';
export { streamModel, StreamInterruptedError } from './model/stream-model';
export { defaultRetryPolicy, isRetryableError } from './model/retry-policy';
export { createAgentStore } from './store/store';
export type { AgentStore } from './store/store';
export { createEventLog } from './store/event-log';
export type { EventLog } from './store/event-log';
export { checkSessionWrite, nextSessionRecord, renamedSessionRecord } from './sessions/session-record';
export { byRecentUpdate, maxSessionTitleLength } from './sessions/session-summary';
export { snapshotFromJson, snapshotToJson } from './sessions/snapshot-json';
export { applySessionChanges, chunkHash, chunkJson, rememberChunkHash } from './sessions/session-changes';
export type { ChangesKit, SessionChanges } from './sessions/session-changes';
export { chunksOf, headOf, piecesPerChunk, sameChunk } from './sessions/session-pieces';
export { contentHash } from './sandbox/tree/content-hash';
export { checkDeletedPath, checkLoadedFiles, normalizeFileRecord } from './sandbox/storage/file-record';
export { sandboxFormatVersion } from './sandbox/storage/sandbox-storage';
export { parsePath } from './sandbox/tree/sandbox-path';
export { toPersistenceError } from './persistence/persistence-error';
export { engineStepKey } from './run/engine-step';
export type { EngineStep, EngineStepContext, EngineStepResult } from './run/engine-step';
export { fetchWithDeadline, withIdleDeadline, RequestTimeoutError } from './providers/fetch-deadline';
export { parseServerSentEvents } from './providers/sse-parser';
export { childAgentKey } from './run/sub-agent-host';
