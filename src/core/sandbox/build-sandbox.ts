/**
 * `buildSandbox`: the in-memory filesystem an agent works in. This file wires the pieces together:
 * path rules (`sandbox-path`), pure tree operations (`tree-operations`), events, checkpoints,
 * search and snapshots. The current tree is one immutable value swapped on every change.
 *
 * The agent's tools are passed in: `createSandbox` passes the file tools (and with them the
 * shell), while the shell's Web Worker builds its copy without them, so the worker's bundle does
 * not contain the code that starts the worker (Turbopack never finishes a build in which a
 * worker's modules reach its own `new Worker(new URL(...))`).
 */
import { compareTrees } from './tree/changes';
import { contentHash } from './tree/content-hash';
import { exactRecordChanges } from './checkpoints/checkpoint-changes';
import { exportCheckpointRecords, importCheckpointRecords } from './checkpoints/checkpoint-records';
import { createCheckpointStore } from './checkpoints/checkpoints';
import { unifiedDiff } from './tree/file-diff';
import { globTree } from './search/glob';
import { grepTree } from './search/grep';
import { SandboxError } from './tree/sandbox-errors';
import { resolveLimits } from './tree/sandbox-limits';
import { parsePath, type SandboxPath } from './tree/sandbox-path';
import type { FileRecord } from './storage/file-record';
import type { CreateSandboxOptions, ReadOptions, Sandbox, SandboxEntry, SandboxEvent, SandboxMark } from './sandbox-types';
import { recordsToTree, treeToRecords } from './tree/records';
import type { ToolDefinition } from '../tools/define-tool';
import { decodeUtf8, encodeUtf8 } from './tree/text-encoding';
import { lookup, sortedNames, type DirectoryNode, type FileNode, type TreeNode } from './tree/tree';
import { deleteFrom, emptyTreeState, mkdirInto, moveWithin, writeInto, type TreeState } from './tree/tree-operations';
import { exportArchive, importArchive } from './storage/archive';

/**
 * Builds a sandbox (see `createSandbox`) whose `agentTools()` are `agentTools(sandbox)`.
 *
 * @example
 * ```ts
 * const copy = buildSandbox({ limits: sandbox.limits }, () => []); // a sandbox without agent tools
 * ```
 */
export function buildSandbox(options: CreateSandboxOptions, agentTools: (sandbox: Sandbox) => ToolDefinition<never, unknown>[]): Sandbox {
  const limits = resolveLimits(options.limits);
  const now = options.now ?? Date.now;
  let state: TreeState = emptyTreeState(now());
  let version = 0;
  const listeners = new Set<(event: SandboxEvent) => void>();
  const checkpoints = createCheckpointStore();
  // The edit session: directories it owns may change in place. A new one starts whenever a
  // checkpoint is taken or restored, so no node a checkpoint can reach is ever changed.
  let session = {};
  // What the model knows: path -> fingerprint of the content it last read or wrote there.
  let reads = new Map<string, string>();

  for (const [path, content] of Object.entries(options.files ?? {})) state = writeInto(state, parsePath(path), content, true, limits, now(), undefined, session);

  function commit(next: TreeState, event: Omit<SandboxEvent, 'version'>, always = false): void {
    if (next === state && !always) return;
    state = next;
    version++;
    const delivered: SandboxEvent = { ...event, version };
    for (const listener of [...listeners]) {
      try {
        listener(delivered);
      } catch (error) {
        // The change is done; a failing listener must not turn it into a reported failure.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  function existing(target: SandboxPath, root: DirectoryNode = state.root): TreeNode {
    const node = lookup(root, target.segments);
    if (node === undefined) throw new SandboxError('not-found', `"${target.path}" does not exist.`, target.path);
    return node;
  }

  function file(path: string): FileNode {
    const target = parsePath(path);
    const node = existing(target);
    if (node.kind === 'directory') throw new SandboxError('is-a-directory', `"${target.path}" is a directory.`, target.path);
    return node;
  }

  function directory(path: string): { target: SandboxPath; node: DirectoryNode } {
    const target = parsePath(path);
    const node = existing(target);
    if (node.kind !== 'directory') throw new SandboxError('not-a-directory', `"${target.path}" is a file, not a directory.`, target.path);
    return { target, node };
  }

  const marks = new WeakMap<SandboxMark, TreeState>();
  function marked(mark: SandboxMark): TreeState {
    const found = marks.get(mark);
    if (found === undefined) throw new TypeError('recordChangesSince: the mark was not made by this sandbox\'s mark().');
    return found;
  }

  function load(records: readonly FileRecord[]): void {
    const next = recordsToTree(records, limits, now());
    session = {};
    reads = new Map();
    commit(next, { type: 'restore', path: '/' }, true);
  }

  function contentAt(root: DirectoryNode, target: SandboxPath): string | Uint8Array | undefined {
    let node: TreeNode | undefined;
    try {
      node = lookup(root, target.segments);
    } catch {
      return undefined; // a parent was a file in that version: the file did not exist there
    }
    if (node?.kind === 'directory') throw new SandboxError('is-a-directory', `"${target.path}" is a directory.`, target.path);
    return node?.content;
  }

  const sandbox: Sandbox = {
    get version() {
      return version;
    },
    limits: Object.freeze({ ...limits }),
    usage: () => ({ files: state.files, bytes: state.bytes }),

    readFile(path, readOptions) {
      const content = file(path).content;
      const text = typeof content === 'string' ? content : decodeUtf8(content);
      return readOptions === undefined ? text : lineRange(text, readOptions);
    },
    readBytes(path) {
      const content = file(path).content;
      return typeof content === 'string' ? encodeUtf8(content) : content.slice();
    },
    writeFile(path, content, writeOptions) {
      const target = parsePath(path);
      const time = now();
      commit(writeInto(state, target, content, writeOptions?.overwrite ?? true, limits, time, time, session), { type: 'write', path: target.path });
    },
    mkdir(path) {
      const target = parsePath(path);
      commit(mkdirInto(state, target, limits, now(), session), { type: 'mkdir', path: target.path });
    },
    list(path = '/') {
      const { target, node } = directory(path);
      const base = target.path === '/' ? '/' : target.path + '/';
      return sortedNames(node).map((name) => entryOf(name, base + name, node.children.get(name)!));
    },
    stat(path) {
      const target = parsePath(path);
      return entryOf(target.segments.at(-1) ?? '', target.path, existing(target));
    },
    exists(path) {
      const target = parsePath(path);
      try {
        return lookup(state.root, target.segments) !== undefined;
      } catch (error) {
        if (error instanceof SandboxError && error.code === 'not-a-directory') return false;
        throw error;
      }
    },
    delete(path, deleteOptions) {
      const target = parsePath(path);
      commit(deleteFrom(state, target, deleteOptions?.recursive ?? false, now(), session), { type: 'delete', path: target.path });
    },
    move(from, to, moveOptions) {
      const source = parsePath(from);
      const destination = parsePath(to);
      commit(moveWithin(state, source, destination, moveOptions?.overwrite ?? false, limits, now(), session), { type: 'move', path: destination.path, from: source.path });
    },
    glob(pattern, globOptions) {
      const absolute = pattern.startsWith('/');
      const { target, node } = directory(absolute ? '/' : (globOptions?.cwd ?? '/'));
      return globTree(node, target.path, absolute ? pattern.slice(1) : pattern, globOptions?.directories ?? false);
    },
    grep(pattern, grepOptions = {}) {
      const target = parsePath(grepOptions.path ?? '/');
      return grepTree(existing(target), target.path, pattern, grepOptions);
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    checkpoint() {
      session = {};
      return checkpoints.save(state, version, now());
    },
    restore(id) {
      const tree = checkpoints.get(id);
      session = {};
      reads = new Map();
      // Always an event, even when nothing differs: the caller asked to roll back and views should re-read.
      commit(tree, { type: 'restore', path: '/' }, true);
    },
    checkpoints: () => checkpoints.list(),
    deleteCheckpoint: (id) => checkpoints.remove(id),
    changesSince: (id, toId) => compareTrees(checkpoints.get(id).root, toId === undefined ? state.root : checkpoints.get(toId).root),
    diffFile(path, id, toId, bounds) {
      const target = parsePath(path);
      const before = contentAt(checkpoints.get(id).root, target);
      const after = contentAt(toId === undefined ? state.root : checkpoints.get(toId).root, target);
      if (before === undefined && after === undefined) throw new SandboxError('not-found', `"${target.path}" exists in neither version.`, target.path);
      return unifiedDiff(target.path, before, after, bounds);
    },
    exportCheckpoints: () => exportCheckpointRecords(state, checkpoints),
    importCheckpoints(records) {
      checkpoints.replaceAll(importCheckpointRecords(state, records, now()));
      // The imported trees share subtrees with the current one: later writes must copy, not change in place.
      session = {};
    },

    previewChange(path, content, bounds) {
      const target = parsePath(path);
      return unifiedDiff(target.path, contentAt(state.root, target), content, bounds);
    },

    noteRead(path) {
      reads.set(parsePath(path).path, contentHash(file(path).content));
    },
    readStatus(path) {
      const known = reads.get(parsePath(path).path);
      return known === undefined ? 'unread' : known === contentHash(file(path).content) ? 'current' : 'changed';
    },
    exportReads: () => [...reads].map(([path, hash]) => ({ path, hash })),
    importReads(saved) {
      reads = new Map();
      // Loaded data: a read is only a fingerprint that must match the file, so a bad entry is skipped, not fatal.
      if (Array.isArray(saved)) for (const read of saved) if (typeof read?.path === 'string' && typeof read.hash === 'string') reads.set(read.path, read.hash);
    },

    mark() {
      // Like a checkpoint, a mark must see a tree that no later write changes in place.
      session = {};
      const mark: SandboxMark = Object.freeze({ version });
      marks.set(mark, state);
      return mark;
    },
    // Exact (times too): a rewrite with the same content must reach storage, or a reload shows the old time.
    recordChangesSince: (mark, to) => exactRecordChanges(marked(mark).root, (to === undefined ? state : marked(to)).root),

    toRecords: () => treeToRecords(state.root),
    load,
    exportArchive: () => exportArchive(treeToRecords(state.root)),
    importArchive: (data) => load(importArchive(data)),

    agentTools: () => agentTools(sandbox),
  };
  return sandbox;
}

function entryOf(name: string, path: string, node: TreeNode): SandboxEntry {
  if (node.kind === 'directory') return { name, path, kind: 'directory', size: node.children.size, modified: node.modified };
  return { name, path, kind: 'file', size: node.size, modified: node.modified, binary: typeof node.content !== 'string' };
}

/** Lines `offset` (1-based) to `offset + limit - 1`, joined as in the file. */
function lineRange(text: string, options: ReadOptions): string {
  const first = Math.max(1, Math.floor(options.offset ?? 1));
  const limit = options.limit === undefined ? Infinity : Math.max(0, Math.floor(options.limit));
  const lines = text.split('\n');
  return lines.slice(first - 1, first - 1 + limit).join('\n');
}
