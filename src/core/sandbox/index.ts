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
export { compileGlob } from './glob';
export { defaultMaxLineLength, defaultMaxMatches } from './grep';
export type { GrepMatch, GrepOptions, GrepResult } from './grep';
export type { SandboxChanges } from './changes';
export type { DiffBounds } from './file-diff';
export type { SandboxSnapshot, SnapshotEntry } from './snapshot';
export type {
  CheckpointInfo,
  CreateSandboxOptions,
  FileContent,
  GlobOptions,
  ReadOptions,
  Sandbox,
  SandboxEntry,
  SandboxEvent,
  WriteOptions,
} from './sandbox-types';
