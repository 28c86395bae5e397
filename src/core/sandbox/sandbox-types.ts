/**
 * The public shape of a sandbox: the operations an agent's file tools, the UI and persistence use.
 * All operations are synchronous (the tree is in memory) and atomic: a refusal throws a
 * `SandboxError` and changes nothing.
 */
import type { SandboxChanges } from './tree/changes';
import type { DiffBounds } from './tree/file-diff';
import type { GrepOptions, GrepResult } from './search/grep';
import type { SandboxLimits } from './tree/sandbox-limits';
import type { FileRecord } from './storage/file-record';
import type { StorageChanges } from './storage/sandbox-storage';
import type { SandboxCheckpointRecord } from './checkpoints/checkpoint-record';
import type { ToolDefinition } from '../tools/define-tool';

/** File content: text (stored as a string, sized in UTF-8 bytes) or binary. */
export type FileContent = string | Uint8Array;

/** What `list` and `stat` report about one entry. */
export interface SandboxEntry {
  name: string;
  /** Canonical path (`/src/a.ts`; `/` for the root). */
  path: string;
  kind: 'file' | 'directory';
  /** Bytes for a file; number of entries for a directory. */
  size: number;
  /** Last change, epoch milliseconds. */
  modified: number;
  /** For files: whether the content is text (a string) or binary. */
  binary?: boolean;
}

/**
 * A change, delivered to subscribers after the operation completed. `restore` means the whole tree
 * was swapped for a checkpoint (re-read everything); `path` is then `/`.
 */
export interface SandboxEvent {
  type: 'write' | 'delete' | 'mkdir' | 'move' | 'restore';
  path: string;
  /** For `move`: where it came from. */
  from?: string;
  /** The sandbox version after this change. */
  version: number;
}

/** A saved point in the sandbox's history (see `checkpoint()`). */
export interface CheckpointInfo {
  id: string;
  /** The sandbox version when it was taken. */
  version: number;
  createdAt: number;
  files: number;
  bytes: number;
}

/** Options of `readFile`: a range of lines. */
export interface ReadOptions {
  /** First line to return, 1-based (the numbering grep reports). Default 1. */
  offset?: number;
  /** Most lines to return. Default: all. */
  limit?: number;
}

/** Options of `writeFile`. */
export interface WriteOptions {
  /** Replace an existing file. Default true here; the agent's write tool asks for it explicitly. */
  overwrite?: boolean;
}

/**
 * What the model knows of one file (see `Sandbox.noteRead`): a fingerprint of the content it last
 * read or wrote at `path`, not the content itself. Sessions save these with the conversation.
 */
export interface FileRead {
  /** Canonical path. */
  path: string;
  /** Fingerprint of the content (kind, length and a 64-bit hash). */
  hash: string;
}

/**
 * Whether the model knows a file's current content: `current` (it read or wrote exactly what is
 * there), `changed` (something else changed it since), `unread` (never read, or not since a
 * restore or a load).
 */
export type ReadStatus = 'current' | 'changed' | 'unread';

/** Options of `glob`. */
export interface GlobOptions {
  /** Directory the pattern is relative to. Default `/`. A pattern starting with `/` ignores it. */
  cwd?: string;
  /** Also return directories that match. Default false (files only). */
  directories?: boolean;
}

/** A virtual filesystem confined to its root. Create one with `createSandbox`. */
export interface Sandbox {
  /** Increases by one with every change (including a restore); 0 when created. */
  readonly version: number;
  readonly limits: Readonly<SandboxLimits>;
  /** Number of files and their total bytes. */
  usage(): { files: number; bytes: number };

  /** A text file's content (binary is decoded as UTF-8), or a range of its lines. */
  readFile(path: string, options?: ReadOptions): string;
  /** A file's bytes (text is encoded as UTF-8). A copy: changing it does not change the file. */
  readBytes(path: string): Uint8Array;
  /** Writes a file, creating parent directories. */
  writeFile(path: string, content: FileContent, options?: WriteOptions): void;
  /** Creates a directory and its parents; an existing directory is fine. */
  mkdir(path: string): void;
  /** Entries of a directory, sorted by name. */
  list(path?: string): SandboxEntry[];
  stat(path: string): SandboxEntry;
  exists(path: string): boolean;
  /** Deletes a file, or a directory (a non-empty one only with `recursive`). */
  delete(path: string, options?: { recursive?: boolean }): void;
  /** Moves or renames a file or directory. The destination must not exist unless `overwrite` (files only). */
  move(from: string, to: string, options?: { overwrite?: boolean }): void;
  /** Canonical paths matching a glob, sorted. */
  glob(pattern: string, options?: GlobOptions): string[];
  /** Searches text files for a literal (default) or regular expression. */
  grep(pattern: string, options?: GrepOptions): GrepResult;

  /** Listens to changes; returns the function that stops listening. */
  subscribe(listener: (event: SandboxEvent) => void): () => void;

  /** Saves the current tree; O(1), it keeps the root pointer. Returns the checkpoint's id. */
  checkpoint(): string;
  /** Makes a checkpoint's tree current again (a pointer swap). Later checkpoints are kept. */
  restore(id: string): void;
  checkpoints(): CheckpointInfo[];
  deleteCheckpoint(id: string): void;
  /** Files added, modified and deleted from a checkpoint to another one (default: now). */
  changesSince(id: string, toId?: string): SandboxChanges;
  /** A unified diff of one file from a checkpoint to another one (default: now); '' when equal. */
  diffFile(path: string, id: string, toId?: string, bounds?: DiffBounds): string;
  /**
   * Every checkpoint, in creation order, as the changes that turn the CURRENT tree into the
   * checkpoint's tree: records to write (binary content copied, one copy per file version shared
   * by the records that hold it) and paths to delete, exact down to `modified` times. Costs
   * O(what changed between now and each checkpoint), not O(tree). Binary content stays a
   * `Uint8Array` (fine for IndexedDB; JSON needs an encoding of its own).
   * Sessions save these next to the files; `importCheckpoints` on the same files reads them back.
   *
   * @example
   * ```ts
   * const saved = { files: sandbox.toRecords(), checkpoints: sandbox.exportCheckpoints() };
   * ```
   */
  exportCheckpoints(): SandboxCheckpointRecord[];
  /**
   * Replaces ALL checkpoints with ones rebuilt from `records` by applying each one's changes to
   * the current tree (copy-on-write, O(its change)). Ids, `createdAt` and `version` are kept; later
   * checkpoints get ids after the highest imported `checkpoint-N`. Paths and content follow the
   * rules of any write, but quotas are not applied: a checkpoint was within the limits when taken.
   * All or nothing: a malformed or hostile record throws `SandboxError` `invalid-records` (naming
   * the record and the reason) and the checkpoints stay as they were. The current tree, `version`
   * and subscribers are untouched.
   *
   * @example
   * ```ts
   * const sandbox = createSandbox();
   * sandbox.load(saved.files); // first the tree the records are relative to
   * sandbox.importCheckpoints(saved.checkpoints);
   * sandbox.restore('checkpoint-3');
   * ```
   */
  importCheckpoints(records: readonly SandboxCheckpointRecord[]): void;

  /**
   * A unified diff from the file's current content to `content` (`undefined`: the file would be
   * deleted), without changing anything: what a write would do. '' when nothing would change.
   */
  previewChange(path: string, content: FileContent | undefined, bounds?: DiffBounds): string;

  /**
   * An opaque handle on the tree as it is now, for `recordChangesSince`. Unlike a checkpoint it
   * is not listed and is forgotten when dropped; taking one is O(1).
   */
  mark(): SandboxMark;
  /**
   * What a copy of the tree saved at `mark` needs to become the tree at `to` (default: now):
   * the records to write (files and empty directories) and the paths to delete. Costs O(size of
   * the change), not O(tree), because unchanged subtrees are shared. Persistence uses it.
   */
  recordChangesSince(mark: SandboxMark, to?: SandboxMark): StorageChanges;

  /** Every file and empty directory as records (binary content copied), in path order. */
  toRecords(): FileRecord[];
  /**
   * Replaces the whole tree with `records` (from storage, `toRecords()` or an archive), checked
   * by the same path rules and limits as any write. All or nothing: a refused record throws and
   * the tree stays as it was. Checkpoints are kept. Subscribers get one `restore` event.
   */
  load(records: readonly FileRecord[]): void;
  /** The whole tree as one JSON file (binary as base64) that `importArchive` reads back. */
  exportArchive(): string;
  /** Replaces the whole tree with an archive's files, like `load`; a bad archive throws `PersistenceError`. */
  importArchive(data: string | Uint8Array): void;

  /**
   * Records that the agent's model knows the file's current content: it read it (`read_file`)
   * or wrote it (`write_file`, `edit_file`). The stale-write guard of the file tools refuses to
   * edit or overwrite a file whose `readStatus` is not `current`. A fingerprint per path is kept,
   * so a change by anyone else (the user, the bash tool, an app's write) shows as `changed`
   * without any bookkeeping on their side. `restore` and `load` forget every read: the
   * conversation they go with may not hold those reads any more.
   *
   * @example
   * ```ts
   * sandbox.noteRead('/src/a.ts');
   * sandbox.readStatus('/src/a.ts'); // 'current'
   * sandbox.writeFile('/src/a.ts', 'changed by the user');
   * sandbox.readStatus('/src/a.ts'); // 'changed'
   * ```
   */
  noteRead(path: string): void;
  /** Whether the model knows the file's current content (see `noteRead`). Throws when it does not exist. */
  readStatus(path: string): ReadStatus;
  /** The reads `noteRead` recorded, to save with a conversation (agent snapshots and sessions do). */
  exportReads(): FileRead[];
  /**
   * Replaces the recorded reads with saved ones, after the files they refer to were loaded. A
   * read only counts while the file still has the content it was recorded for, so old or foreign
   * reads cannot vouch for anything else; entries that are not `{ path, hash }` are ignored.
   *
   * @example
   * ```ts
   * sandbox.load(saved.files);
   * sandbox.importReads(saved.reads);
   * ```
   */
  importReads(reads: readonly FileRead[] | undefined): void;

  /**
   * The agent's tools over this sandbox (`read_file`, `write_file`, `edit_file`, `list_files`,
   * `glob`, `grep`, `delete_file`, `move_file`, `bash`). `createAgent({ sandbox })` adds them;
   * call it yourself to give them to another agent. The ones that change files ask for approval.
   */
  agentTools(): ToolDefinition<never, unknown>[];
}

/** A handle on one version of a sandbox's tree (see `Sandbox.mark`). */
export interface SandboxMark {
  /** The sandbox version it marks. */
  readonly version: number;
}

/** Options of `createSandbox`. */
export interface CreateSandboxOptions {
  /** Initial files, by path. */
  files?: Record<string, FileContent>;
  limits?: Partial<SandboxLimits>;
  /** Clock for `modified` times (tests pass a fixed one). Default `Date.now`. */
  now?: () => number;
  /**
   * The stale-write guard of `agentTools()` (see `SandboxToolsOptions.requireRead`): `edit_file`
   * and overwriting with `write_file` or `move_file` need a `read_file` of the file's current
   * content first. Default true.
   */
  requireRead?: boolean;
}
