/**
 * The sandbox: an in-memory virtual filesystem for agents, confined to its root, with limits,
 * change events, O(1) checkpoints and diffs. Runs in browsers, workers and Node.
 */
export { createSandbox } from './create-sandbox';
export { SandboxError, isSandboxError } from './sandbox-errors';
export type { SandboxErrorCode } from './sandbox-errors';
export { defaultSandboxLimits, maxNameBytes, maxPathBytes } from './sandbox-limits';
export type { SandboxLimits } from './sandbox-limits';
export { parsePath } from './sandbox-path';
export type { SandboxPath } from './sandbox-path';
export { compileGlob, maxGlobLength } from './glob';
export type { GlobMatcher } from './glob';
export { defaultMaxLineLength, defaultMaxMatches } from './grep';
export { loadRegexEngine } from './regex-engine';
export type { GrepMatch, GrepOptions, GrepResult } from './grep';
export type { SandboxChanges } from './changes';
export type { DiffBounds } from './file-diff';
export type {
  CheckpointInfo,
  CreateSandboxOptions,
  FileContent,
  GlobOptions,
  ReadOptions,
  Sandbox,
  SandboxEntry,
  SandboxEvent,
  SandboxMark,
  WriteOptions,
} from './sandbox-types';
export { sandboxTools } from './tools/sandbox-tools';
export type { SandboxToolsOptions } from './tools/sandbox-tools';
// Persistence: where a sandbox's files live between page loads, and export/import files.
export { persistSandbox } from '../persistence/persist-sandbox';
export type { PersistSandboxOptions, SandboxPersistence, SandboxPersistenceStatus } from '../persistence/persist-sandbox';
export { indexedDbSandboxStorage } from '../persistence/indexed-db-storage';
export type { IndexedDbSandboxStorageOptions } from '../persistence/indexed-db-storage';
export { memorySandboxStorage } from '../persistence/memory-storage';
export { exportArchive, importArchive } from '../persistence/archive';
export type { ArchiveEntry } from '../persistence/archive';
export { PersistenceError } from '../persistence/persistence-error';
export type { PersistenceErrorCode } from '../persistence/persistence-error';
export type { BinaryFileRecord, DirectoryRecord, FileRecord, TextFileRecord } from '../persistence/file-record';
export type { SandboxStorage, StorageChanges } from '../persistence/sandbox-storage';
// The simulated shell (just-bash, imported on the first run only) and the bash tool over it.
export { createSandboxShell, defaultShellLimits } from './shell/sandbox-shell';
export type { SandboxShell, SandboxShellOptions, SandboxShellResult, SandboxShellRunOptions } from './shell/sandbox-shell';
export { bashTool } from './shell/bash-tool';
export type { BashToolOptions, BashToolOutput } from './shell/bash-tool';
// The sandbox as the AI SDK's Experimental_SandboxSession (types only from `ai`).
export { toAISandboxSession } from './ai-sdk-sandbox-session';
export type { AISandboxSessionOptions } from './ai-sdk-sandbox-session';
