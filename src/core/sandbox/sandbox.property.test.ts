/**
 * Property tests: random operation sequences against a deliberately naive reference model (a Map
 * of paths), checkpoint round trips (also through export and import), and hostile paths.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox';
import { isSandboxError, SandboxError } from './tree/sandbox-errors';
import { parsePath } from './tree/sandbox-path';
import type { Sandbox } from './sandbox-types';

// Small limits, so random sequences actually reach every quota.
const limits = { maxFileBytes: 6, maxTotalBytes: 14, maxFiles: 4, maxDepth: 3 };
/** Outcomes seen across runs; the test checks every rule was exercised, so the model is not vacuous. */
const seen = new Set<string>();

/** The reference: files and directories by canonical path, every rule spelled out naively. */
interface Model {
  files: Map<string, string>;
  directories: Set<string>;
}

const parentsOf = (path: string) => {
  const names = path.split('/').slice(1, -1);
  return names.map((_, index) => '/' + names.slice(0, index + 1).join('/'));
};
const depthOf = (path: string) => (path === '/' ? 0 : path.split('/').length - 1);
const below = (path: string, ancestor: string) => path.startsWith(ancestor + '/');
const bytesOf = (model: Model) => [...model.files.values()].reduce((sum, text) => sum + new TextEncoder().encode(text).length, 0);
const clone = (model: Model): Model => ({ files: new Map(model.files), directories: new Set(model.directories) });

function fail(code: string): never {
  throw new SandboxError(code as never, code);
}

function lookupModel(model: Model, path: string): 'file' | 'directory' | undefined {
  if (parentsOf(path).some((parent) => model.files.has(parent))) fail('not-a-directory');
  if (path === '/' || model.directories.has(path)) return 'directory';
  return model.files.has(path) ? 'file' : undefined;
}

type Operation =
  | { type: 'write'; path: string; content: string; overwrite: boolean }
  | { type: 'mkdir'; path: string }
  | { type: 'delete'; path: string; recursive: boolean }
  | { type: 'move'; from: string; to: string; overwrite: boolean };

function applyToModel(model: Model, operation: Operation): void {
  switch (operation.type) {
    case 'write': {
      const { path, content } = operation;
      if (path === '/') fail('is-a-directory');
      if (depthOf(path) > limits.maxDepth) fail('path-too-deep');
      const size = new TextEncoder().encode(content).length;
      if (size > limits.maxFileBytes) fail('file-too-large');
      const kind = lookupModel(model, path);
      if (kind === 'directory') fail('is-a-directory');
      if (kind === 'file' && !operation.overwrite) fail('already-exists');
      if (kind === undefined && model.files.size + 1 > limits.maxFiles) fail('quota-files');
      const old = model.files.get(path);
      if (bytesOf(model) - (old === undefined ? 0 : new TextEncoder().encode(old).length) + size > limits.maxTotalBytes) fail('quota-bytes');
      for (const parent of parentsOf(path)) model.directories.add(parent);
      model.files.set(path, content);
      return;
    }
    case 'mkdir': {
      const { path } = operation;
      if (path === '/') return;
      if (depthOf(path) > limits.maxDepth) fail('path-too-deep');
      const kind = lookupModel(model, path);
      if (kind === 'file') fail('already-exists');
      for (const directory of [...parentsOf(path), path]) model.directories.add(directory);
      return;
    }
    case 'delete': {
      const { path } = operation;
      if (path === '/') fail('path-is-root');
      const kind = lookupModel(model, path);
      if (kind === undefined) fail('not-found');
      const inside = [...model.files.keys(), ...model.directories].filter((other) => below(other, path));
      if (kind === 'directory' && inside.length > 0 && !operation.recursive) fail('directory-not-empty');
      for (const other of [path, ...inside]) if (!model.files.delete(other)) model.directories.delete(other);
      return;
    }
    case 'move': {
      const { from, to } = operation;
      if (from === '/') fail('path-is-root');
      const source = lookupModel(model, from);
      if (source === undefined) fail('not-found');
      if (from === to) return;
      if (below(to, from)) fail('move-into-self');
      if (to === '/') fail('already-exists');
      const destination = lookupModel(model, to);
      if (destination !== undefined && !(operation.overwrite && destination === 'file' && source === 'file')) fail('already-exists');
      const moved = [from, ...[...model.files.keys(), ...model.directories].filter((other) => below(other, from))];
      const deepest = Math.max(...moved.map((path) => depthOf(path) - depthOf(from)));
      if (depthOf(to) + deepest > limits.maxDepth) fail('path-too-deep');
      const next = clone(model);
      for (const path of moved) {
        const renamed = to + path.slice(from.length);
        if (model.files.has(path)) {
          next.files.delete(path);
          next.files.set(renamed, model.files.get(path)!);
        } else {
          next.directories.delete(path);
          next.directories.add(renamed);
        }
      }
      for (const parent of parentsOf(to)) next.directories.add(parent);
      model.files = next.files;
      model.directories = next.directories;
      return;
    }
  }
}

function applyToSandbox(sandbox: Sandbox, operation: Operation): void {
  switch (operation.type) {
    case 'write':
      return sandbox.writeFile(operation.path, operation.content, { overwrite: operation.overwrite });
    case 'mkdir':
      return sandbox.mkdir(operation.path);
    case 'delete':
      return sandbox.delete(operation.path, { recursive: operation.recursive });
    case 'move':
      return sandbox.move(operation.from, operation.to, { overwrite: operation.overwrite });
  }
}

function outcome(action: () => void): string {
  try {
    action();
    return 'ok';
  } catch (error) {
    if (!isSandboxError(error)) throw error;
    return error.code;
  }
}

function observe(sandbox: Sandbox): Model {
  const files = new Map(sandbox.glob('**').map((path) => [path, sandbox.readFile(path)] as const));
  const directories = new Set(sandbox.glob('**', { directories: true }).filter((path) => !files.has(path)));
  return { files, directories };
}

const pathArbitrary = fc
  .array(fc.constantFrom('a', 'b', 'c', '..', '.'), { minLength: 0, maxLength: 4 })
  .map((names) => (names.length === 0 ? '/' : names.join('/')))
  .filter((path) => {
    try {
      parsePath(path);
      return true;
    } catch {
      return false;
    }
  });
const contentArbitrary = fc.oneof(fc.string({ maxLength: 4 }), fc.string({ maxLength: 8 }), fc.constantFrom('é€', ''));
// Flat names make successful writes common enough to fill the quotas.
const filePathArbitrary = fc.oneof(pathArbitrary, fc.constantFrom('f1', 'f2', 'f3', 'f4', 'f5', 'b/f6'));
const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('write' as const), path: filePathArbitrary, content: contentArbitrary, overwrite: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('mkdir' as const), path: pathArbitrary }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('delete' as const), path: pathArbitrary, recursive: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('move' as const), from: pathArbitrary, to: pathArbitrary, overwrite: fc.boolean() }) },
);
const stepArbitrary = fc.oneof(
  { weight: 8, arbitrary: operationArbitrary },
  { weight: 1, arbitrary: fc.constant({ type: 'checkpoint' as const }) },
  { weight: 1, arbitrary: fc.nat({ max: 5 }).map((index) => ({ type: 'restore' as const, index })) },
);

describe('sandbox properties', () => {
  it('behaves like the reference model: same refusals, same files, same totals; checkpoints round-trip', () => {
    const property = fc.property(fc.array(stepArbitrary, { maxLength: 40 }), (steps) => {
      const sandbox = createSandbox({ limits });
      let model: Model = { files: new Map(), directories: new Set() };
      const saved: { id: string; model: Model }[] = [];
      for (const step of steps) {
        if (step.type === 'checkpoint') {
          saved.push({ id: sandbox.checkpoint(), model: clone(model) });
          continue;
        }
        if (step.type === 'restore') {
          const target = saved[step.index % Math.max(1, saved.length)];
          if (target === undefined) continue;
          const changes = sandbox.changesSince(target.id);
          const expectedChanged = new Set([...model.files.keys(), ...target.model.files.keys()].filter((path) => model.files.get(path) !== target.model.files.get(path)));
          expect(new Set([...changes.added, ...changes.modified, ...changes.deleted])).toEqual(expectedChanged);
          sandbox.restore(target.id);
          model = clone(target.model);
          expect(observe(sandbox)).toEqual(model);
          continue;
        }
        const path = step.type === 'move' ? step.from : step.path;
        const resolved = { ...step, path: parsePath(path).path, ...(step.type === 'move' ? { from: parsePath(step.from).path, to: parsePath(step.to).path } : {}) } as Operation;
        const next = clone(model);
        const expected = outcome(() => applyToModel(next, resolved));
        const actual = outcome(() => applyToSandbox(sandbox, step));
        expect(actual).toBe(expected);
        seen.add(expected);
        if (expected === 'ok') model = next;
        expect(observe(sandbox)).toEqual(model);
        expect(sandbox.usage()).toEqual({ files: model.files.size, bytes: bytesOf(model) });
      }
    });
    fc.assert(property, { numRuns: 300 });
    // A fixed seed on top of the random runs, so the coverage check below is deterministic.
    fc.assert(property, { numRuns: 500, seed: 4 });
    const rules = ['ok', 'not-a-directory', 'is-a-directory', 'already-exists', 'not-found', 'directory-not-empty', 'move-into-self', 'path-is-root'];
    const limitRules = ['file-too-large', 'quota-bytes', 'quota-files', 'path-too-deep'];
    expect([...rules, ...limitRules].filter((rule) => !seen.has(rule))).toEqual([]);
  });

  it('a stored copy kept up to date with recordChangesSince always equals the tree (what persistence relies on)', () => {
    const syncArbitrary = fc.oneof({ weight: 6, arbitrary: stepArbitrary }, { weight: 2, arbitrary: fc.constant({ type: 'sync' as const }) });
    fc.assert(
      fc.property(fc.array(syncArbitrary, { maxLength: 40 }), (steps) => {
        // A clock that ticks on every call, so a rewrite with the same content still changes the record.
        let time = 0;
        const sandbox = createSandbox({ limits, now: () => ++time });
        const copy = new Map<string, unknown>();
        let mark = sandbox.mark();
        const checkpoints: string[] = [];
        const sync = () => {
          const next = sandbox.mark();
          const { written, deleted } = sandbox.recordChangesSince(mark, next);
          // Applied as storage applies a change set: writes first, then deletes.
          for (const record of written) copy.set(record.path, record);
          for (const path of deleted) copy.delete(path);
          mark = next;
          expect([...copy.values()].sort((a, b) => ((a as { path: string }).path < (b as { path: string }).path ? -1 : 1))).toEqual(sandbox.toRecords());
        };
        for (const step of steps) {
          if (step.type === 'sync') sync();
          else if (step.type === 'checkpoint') checkpoints.push(sandbox.checkpoint());
          else if (step.type === 'restore') {
            const id = checkpoints[step.index % Math.max(1, checkpoints.length)];
            if (id !== undefined) sandbox.restore(id);
          } else outcome(() => applyToSandbox(sandbox, step));
        }
        sync();
      }),
      { numRuns: 400 },
    );
  });

  it('checkpoints exported and imported into a fresh sandbox restore exactly like the original ones', () => {
    const binaryArbitrary = fc.record({ type: fc.constant('binary' as const), path: filePathArbitrary, bytes: fc.uint8Array({ maxLength: 4 }) });
    const historyArbitrary = fc.oneof(
      { weight: 8, arbitrary: stepArbitrary },
      { weight: 1, arbitrary: binaryArbitrary },
      { weight: 1, arbitrary: fc.nat({ max: 5 }).map((index) => ({ type: 'forget' as const, index })) },
      { weight: 1, arbitrary: fc.nat({ max: 7 }).map((index) => ({ type: 'touch' as const, index })) },
    );
    // Rewrites a file with its own content, or re-creates an empty directory: only `modified` changes.
    const touch = (sandbox: Sandbox, index: number) => {
      const entries = sandbox.glob('**', { directories: true }).filter((path) => sandbox.stat(path).kind === 'file' || sandbox.list(path).length === 0);
      const path = entries[index % Math.max(1, entries.length)];
      if (path === undefined) return;
      const entry = sandbox.stat(path);
      if (entry.kind === 'directory') {
        sandbox.delete(path);
        sandbox.mkdir(path);
      } else sandbox.writeFile(path, entry.binary ? sandbox.readBytes(path) : sandbox.readFile(path));
    };
    fc.assert(
      fc.property(fc.array(historyArbitrary, { maxLength: 40 }), (steps) => {
        // A clock that ticks on every call: `modified` times differ, and must come back too.
        let time = 0;
        const original = createSandbox({ limits, now: () => ++time });
        for (const step of steps) {
          const ids = original.checkpoints().map((info) => info.id);
          if (step.type === 'checkpoint') original.checkpoint();
          else if (step.type === 'restore' || step.type === 'forget') {
            const id = ids[step.index % Math.max(1, ids.length)];
            if (id !== undefined) {
              if (step.type === 'restore') original.restore(id);
              else original.deleteCheckpoint(id);
            }
          } else if (step.type === 'binary') outcome(() => original.writeFile(step.path, step.bytes));
          else if (step.type === 'touch') touch(original, step.index);
          else outcome(() => applyToSandbox(original, step));
        }
        const copy = createSandbox({ limits, now: () => 1e9 });
        copy.load(original.toRecords());
        copy.importCheckpoints(original.exportCheckpoints());
        expect(copy.checkpoints()).toEqual(original.checkpoints());
        for (const { id } of original.checkpoints()) {
          expect(copy.changesSince(id)).toEqual(original.changesSince(id));
        }
        for (const { id } of original.checkpoints()) {
          original.restore(id);
          copy.restore(id);
          expect(copy.toRecords()).toEqual(original.toRecords());
          expect(copy.usage()).toEqual(original.usage());
        }
        const taken = new Set(copy.checkpoints().map((info) => info.id));
        expect(taken.has(copy.checkpoint())).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('hostile paths are refused with SandboxErrors or stay inside the root', () => {
    const hostilePiece = fc.constantFrom('..', '.', '', 'a', 'é', 'e\u0301', '\\', '\u0000', '../..', '/', 'x'.repeat(300), '%2e%2e', '~', '\u202e');
    const hostilePath = fc.oneof(
      fc.array(hostilePiece, { maxLength: 8 }).map((pieces) => pieces.join('/')),
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: 6 }), hostilePath, hostilePath), { maxLength: 12 }), (steps) => {
        const sandbox = createSandbox({ files: { 'inside.txt': 'x' } });
        for (const [kind, first, second] of steps) {
          try {
            const actions = [
              () => sandbox.writeFile(first, 'data'),
              () => sandbox.mkdir(first),
              () => sandbox.delete(first, { recursive: true }),
              () => sandbox.move(first, second),
              () => sandbox.readFile(first),
              () => sandbox.glob(first, { cwd: second }),
              () => sandbox.grep('data', { path: first, glob: second }),
            ];
            actions[kind]!();
          } catch (error) {
            expect(error).toBeInstanceOf(SandboxError);
          }
        }
        for (const path of sandbox.glob('**', { directories: true })) {
          expect(parsePath(path).path).toBe(path);
          expect(path.startsWith('/')).toBe(true);
          expect(path.split('/').slice(1)).not.toContain('..');
          expect(path.split('/').slice(1)).not.toContain('.');
          expect(path.split('/').slice(1)).not.toContain('');
          expect(path.normalize('NFC')).toBe(path);
        }
      }),
      { numRuns: 500 },
    );
  });
});
