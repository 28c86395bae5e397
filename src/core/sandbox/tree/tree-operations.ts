/**
 * The changing operations as pure functions from one tree state to the next. Every check runs
 * before the new state is built, and the old state is never touched, so an operation that throws
 * leaves nothing half-written: atomicity comes from immutability, not from undo logic.
 */
import { SandboxError } from './sandbox-errors';
import { maxPathBytes, type SandboxLimits } from './sandbox-limits';
import { isWithin, type SandboxPath } from './sandbox-path';
import type { FileContent } from '../sandbox-types';
import { utf8Length } from './text-encoding';
import { emptyDirectory, lookup, measure, setNode, type DirectoryNode, type FileNode } from './tree';

/** A tree with its running totals (kept so quota checks never walk the tree). */
export interface TreeState {
  readonly root: DirectoryNode;
  readonly files: number;
  readonly bytes: number;
}

/**
 * An empty tree: a root directory and zero totals.
 *
 * @example
 * ```ts
 * let state = emptyTreeState(Date.now());
 * ```
 */
export function emptyTreeState(now: number, owner?: object): TreeState {
  return { root: emptyDirectory(now, owner), files: 0, bytes: 0 };
}

/**
 * Writes a file (parents are created). Refusals: `is-a-directory`, `already-exists` (when not
 * overwriting), `not-a-directory`, `path-too-deep`, `file-too-large`, `quota-files`, `quota-bytes`,
 * `invalid-content`.
 *
 * @example
 * ```ts
 * state = writeInto(state, parsePath('/a.txt'), 'hi', true, limits, Date.now(), Date.now());
 * ```
 */
export function writeInto(state: TreeState, target: SandboxPath, content: FileContent, overwrite: boolean, limits: SandboxLimits, now: number, modified = now, owner?: object): TreeState {
  if (target.segments.length === 0) throw new SandboxError('is-a-directory', 'Cannot write to the root directory.', '/');
  checkDepth(target, 0, limits);
  if (typeof content !== 'string' && !(content instanceof Uint8Array)) {
    throw new SandboxError('invalid-content', `File content must be a string or a Uint8Array, got ${typeof content}.`, target.path);
  }
  const size = typeof content === 'string' ? utf8Length(content) : content.byteLength;
  if (size > limits.maxFileBytes) {
    throw new SandboxError('file-too-large', `"${target.path}" would be ${size} bytes; the limit per file is ${limits.maxFileBytes}.`, target.path);
  }
  const existing = lookup(state.root, target.segments);
  if (existing?.kind === 'directory') throw new SandboxError('is-a-directory', `"${target.path}" is a directory.`, target.path);
  if (existing !== undefined && !overwrite) {
    throw new SandboxError('already-exists', `"${target.path}" already exists; pass overwrite to replace it.`, target.path);
  }
  const files = state.files + (existing === undefined ? 1 : 0);
  const bytes = state.bytes - (existing?.size ?? 0) + size;
  if (files > limits.maxFiles) throw new SandboxError('quota-files', `The sandbox is limited to ${limits.maxFiles} files.`, target.path);
  if (bytes > limits.maxTotalBytes) {
    throw new SandboxError('quota-bytes', `Writing "${target.path}" would bring the sandbox to ${bytes} bytes; the limit is ${limits.maxTotalBytes}.`, target.path);
  }
  // Binary content is copied in, so a caller changing its array later cannot change a checkpoint.
  const stored = typeof content === 'string' ? content : content.slice();
  const node: FileNode = { kind: 'file', content: stored, size, modified };
  return { root: setNode(state.root, target.segments, node, now, owner), files, bytes };
}

/**
 * Creates a directory and its parents; returns `state` itself when it already exists.
 * Refusals: `already-exists` (a file is there), `not-a-directory`, `path-too-deep`.
 *
 * @example
 * ```ts
 * state = mkdirInto(state, parsePath('/src/ui'), limits, Date.now());
 * ```
 */
export function mkdirInto(state: TreeState, target: SandboxPath, limits: SandboxLimits, now: number, owner?: object): TreeState {
  if (target.segments.length === 0) return state;
  checkDepth(target, 0, limits);
  const existing = lookup(state.root, target.segments);
  if (existing?.kind === 'directory') return state;
  if (existing !== undefined) throw new SandboxError('already-exists', `"${target.path}" already exists as a file.`, target.path);
  return { ...state, root: setNode(state.root, target.segments, emptyDirectory(now, owner), now, owner) };
}

/**
 * Deletes a file or directory. Refusals: `not-found`, `path-is-root`, `directory-not-empty`
 * (without `recursive`), `not-a-directory`.
 *
 * @example
 * ```ts
 * state = deleteFrom(state, parsePath('/build'), true, Date.now());
 * ```
 */
export function deleteFrom(state: TreeState, target: SandboxPath, recursive: boolean, now: number, owner?: object): TreeState {
  if (target.segments.length === 0) throw new SandboxError('path-is-root', 'The sandbox root cannot be deleted.', '/');
  const existing = lookup(state.root, target.segments);
  if (existing === undefined) throw new SandboxError('not-found', `"${target.path}" does not exist.`, target.path);
  if (existing.kind === 'directory' && existing.children.size > 0 && !recursive) {
    throw new SandboxError('directory-not-empty', `"${target.path}" is a directory that is not empty; pass recursive to delete it.`, target.path);
  }
  const removed = measure(existing);
  return { root: setNode(state.root, target.segments, undefined, now, owner), files: state.files - removed.files, bytes: state.bytes - removed.bytes };
}

/**
 * Moves or renames a file or directory; returns `state` itself when `from` and `to` are the same.
 * Refusals: `not-found`, `path-is-root`, `move-into-self`, `already-exists` (unless `overwrite`
 * and both are files), `not-a-directory`, `path-too-deep`, `path-too-long`.
 *
 * @example
 * ```ts
 * state = moveWithin(state, parsePath('/a.ts'), parsePath('/src/a.ts'), false, limits, Date.now());
 * ```
 */
export function moveWithin(state: TreeState, from: SandboxPath, to: SandboxPath, overwrite: boolean, limits: SandboxLimits, now: number, owner?: object): TreeState {
  if (from.segments.length === 0) throw new SandboxError('path-is-root', 'The sandbox root cannot be moved.', '/');
  const source = lookup(state.root, from.segments);
  if (source === undefined) throw new SandboxError('not-found', `"${from.path}" does not exist.`, from.path);
  if (from.path === to.path) return state;
  if (isWithin(to.path, from.path)) {
    throw new SandboxError('move-into-self', `Cannot move "${from.path}" into itself ("${to.path}").`, to.path);
  }
  if (to.segments.length === 0) throw new SandboxError('already-exists', 'The destination is the sandbox root.', '/');
  const destination = lookup(state.root, to.segments);
  if (destination !== undefined && !(overwrite && destination.kind === 'file' && source.kind === 'file')) {
    throw new SandboxError('already-exists', `"${to.path}" already exists${overwrite ? ' and is a directory' : '; pass overwrite to replace it'}.`, to.path);
  }
  const moved = measure(source);
  checkDepth(to, moved.depth, limits);
  if (utf8Length(to.path) + moved.pathLength > maxPathBytes) {
    throw new SandboxError('path-too-long', `Moving to "${to.path}" would make a path longer than ${maxPathBytes} bytes.`, to.path);
  }
  // Both steps cannot fail any more (the destination's parents were checked by lookup above),
  // which matters because with an owned root the first one changes it in place.
  const without = setNode(state.root, from.segments, undefined, now, owner);
  const root = setNode(without, to.segments, source, now, owner);
  const replaced = destination?.kind === 'file' ? destination : undefined;
  return { root, files: state.files - (replaced ? 1 : 0), bytes: state.bytes - (replaced?.size ?? 0) };
}

function checkDepth(target: SandboxPath, below: number, limits: SandboxLimits): void {
  const depth = target.segments.length + below;
  if (depth > limits.maxDepth) {
    throw new SandboxError('path-too-deep', `"${target.path}" would be ${depth} levels deep; the limit is ${limits.maxDepth}.`, target.path);
  }
}
