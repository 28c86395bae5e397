/**
 * The sandbox: an in-memory virtual filesystem for agents, confined to its root, with limits,
 * change events, O(1) checkpoints and diffs. Runs in browsers, workers and Node.
 *
 * @module react-agent-kit/sandbox
 */
export { createSandbox } from './create-sandbox';
export { SandboxError, isSandboxError } from './tree/sandbox-errors';
export type { SandboxErrorCode } from './tree/sandbox-errors';
export { defaultSandboxLimits } from './tree/sandbox-limits';
export type { SandboxLimits } from './tree/sandbox-limits';
export type { SandboxPath } from './tree/sandbox-path';
export { compileGlob } from './search/glob';
export type { GlobMatcher } from './search/glob';
export { loadRegexEngine } from './search/regex-engine';
export type { GrepMatch, GrepOptions, GrepResult } from './search/grep';
export type { SandboxChanges } from './tree/changes';
export type { DiffBounds } from './tree/file-diff';
export type {
  CheckpointInfo,
  CreateSandboxOptions,
  FileContent,
  FileRead,
  GlobOptions,
  ReadOptions,
  ReadStatus,
  Sandbox,
  SandboxEntry,
  SandboxEvent,
  SandboxMark,
  WriteOptions,
} from './sandbox-types';
export { sandboxTools } from './tools/sandbox-tools';
export type { SandboxToolsOptions } from './tools/sandbox-tools';
export type { EditFileInput, TextEdit } from './tools/text-edits';
// Persistence: where a sandbox's files live between page loads, and export/import files.
export { persistSandbox } from './storage/persist-sandbox';
export type { PersistSandboxOptions, SandboxPersistence, SandboxPersistenceStatus } from './storage/persist-sandbox';
export { indexedDbSandboxStorage } from './storage/indexed-db-storage';
export type { IndexedDbSandboxStorageOptions } from './storage/indexed-db-storage';
export { memorySandboxStorage } from './storage/memory-storage';
export { exportArchive, importArchive } from './storage/archive';
export type { ArchiveEntry } from './storage/archive';
export { PersistenceError } from '../persistence/persistence-error';
export type { PersistenceErrorCode } from '../persistence/persistence-error';
export type { BinaryFileRecord, DirectoryRecord, FileRecord, TextFileRecord } from './storage/file-record';
export type { SandboxSnapshot, SandboxStorage, StorageChanges } from './storage/sandbox-storage';
// The simulated shell, the bash tool and the AI SDK sandbox session are in react-agent-kit/shell
// (src/core/sandbox/shell/index.ts), which needs the optional just-bash.
// The live preview's agent side: what `<Preview onLog>` reports, and the tools that read it.
export { createPreviewLog } from './preview/preview-log';
export type { PreviewLog, PreviewLogOptions, PreviewState } from './preview/preview-log';
export { openPreviewTool, previewLogsTool } from './preview/preview-tools';
export type { PreviewConsoleLevel, PreviewLogEntry, PreviewSource, PreviewStatus } from './preview/preview-log-entry';
