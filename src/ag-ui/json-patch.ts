/**
 * RFC 6902 JSON Patch, applied without changing the document: each operation copies only the
 * objects and arrays on its path (the rest is shared), so the state before stays as it was and
 * the views that select an untouched branch do not re-render. All operations or none: a patch
 * whose operation does not apply (a path that is not there, a failed `test`) throws
 * `JsonPatchError` naming the operation, and the document is unchanged.
 */

/** One RFC 6902 operation (the shape `@ag-ui/core` names `JsonPatchOperation`). */
export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; from: string; path: string };

/** A patch operation that does not apply to the document, or is not one. */
export class JsonPatchError extends Error {
  override readonly name = 'JsonPatchError';
}

type Container = Record<string, unknown> | unknown[];

/**
 * `document` with `patch` applied (a new value; `document` is not changed).
 *
 * @example
 * ```ts
 * applyJsonPatch({ todos: [] }, [{ op: 'add', path: '/todos/-', value: 'Write the report' }]);
 * // { todos: ['Write the report'] }
 * ```
 */
export function applyJsonPatch(document: unknown, patch: readonly unknown[]): unknown {
  if (!Array.isArray(patch)) throw new JsonPatchError('A JSON Patch is a list of operations.');
  let result = document;
  patch.forEach((operation, index) => {
    try {
      result = applyOperation(result, operation as JsonPatchOperation);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new JsonPatchError(`operation ${index} (${JSON.stringify(operation)?.slice(0, 200)}): ${reason}`);
    }
  });
  return result;
}

function applyOperation(document: unknown, operation: JsonPatchOperation): unknown {
  if (typeof operation !== 'object' || operation === null || typeof operation.path !== 'string') throw new Error('not an operation with a string `path`');
  const path = parsePointer(operation.path);
  if (path.length === 0 && (operation.op === 'add' || operation.op === 'replace')) return operation.value;
  switch (operation.op) {
    case 'add':
      return change(document, path, (parent, key) => insert(parent, key, operation.value));
    case 'remove':
      return change(document, path, (parent, key) => remove(parent, key));
    case 'replace':
      return change(document, path, (parent, key) => {
        remove(parent, key);
        insert(parent, key, operation.value);
      });
    case 'test':
      if (!equal(valueAt(document, path), operation.value)) throw new Error('the value differs');
      return document;
    case 'move':
    case 'copy': {
      if (typeof operation.from !== 'string') throw new Error('`from` must be a string');
      const from = parsePointer(operation.from);
      const value = valueAt(document, from);
      if (operation.op === 'copy') return applyOperation(document, { op: 'add', path: operation.path, value: structuredClone(value) });
      if (path.length > from.length && from.every((token, index) => token === path[index])) throw new Error('cannot move a value into itself');
      return applyOperation(applyOperation(document, { op: 'remove', path: operation.from }), { op: 'add', path: operation.path, value });
    }
    default:
      throw new Error(`unknown op ${JSON.stringify((operation as { op?: unknown }).op)}`);
  }
}

/** RFC 6901: `''` is the whole document; otherwise `/`-separated tokens with `~1` for `/` and `~0` for `~`. */
function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`the path ${JSON.stringify(pointer)} is not a JSON Pointer (it must start with "/")`);
  return pointer.slice(1).split('/').map((token) => {
    if (/~[^01]|~$/.test(token)) throw new Error(`the path ${JSON.stringify(pointer)} has an invalid escape`);
    return token.replaceAll('~1', '/').replaceAll('~0', '~');
  });
}

/** Copies the containers down to the last token's parent and lets `edit` change that copy. */
function change(document: unknown, path: readonly string[], edit: (parent: Container, key: string) => void): unknown {
  if (path.length === 0) throw new Error('the whole document cannot be removed');
  const copy = (value: unknown): Container => {
    if (Array.isArray(value)) return value.slice();
    if (typeof value === 'object' && value !== null) return { ...(value as Record<string, unknown>) };
    throw new Error('the path goes through a value that is not an object or an array');
  };
  const root = copy(document);
  let parent = root;
  for (const token of path.slice(0, -1)) {
    const child = read(parent, token);
    const next = copy(child);
    if (Array.isArray(parent)) parent[index(parent, token, false)] = next;
    else setMember(parent, token, next);
    parent = next;
  }
  edit(parent, path.at(-1)!);
  return root;
}

function read(container: Container, token: string): unknown {
  if (Array.isArray(container)) return container[index(container, token, false)];
  if (!Object.hasOwn(container, token)) throw new Error(`there is no member ${JSON.stringify(token)}`);
  return container[token];
}

function valueAt(document: unknown, path: readonly string[]): unknown {
  let value = document;
  for (const token of path) {
    if (typeof value !== 'object' || value === null) throw new Error('the path goes through a value that is not an object or an array');
    value = read(value as Container, token);
  }
  return value;
}

function index(array: readonly unknown[], token: string, forAdd: boolean): number {
  if (forAdd && token === '-') return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`${JSON.stringify(token)} is not an array index`);
  const at = Number(token);
  if (at > array.length || (!forAdd && at === array.length)) throw new Error(`index ${at} is out of bounds (length ${array.length})`);
  return at;
}

function insert(parent: Container, key: string, value: unknown): void {
  if (Array.isArray(parent)) parent.splice(index(parent, key, true), 0, value);
  else setMember(parent, key, value);
}

/** Defined, never assigned: a member named `__proto__` (JSON allows it) stays data and does not change the object's prototype. */
function setMember(parent: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
}

function remove(parent: Container, key: string): void {
  if (Array.isArray(parent)) parent.splice(index(parent, key, false), 1);
  else if (Object.hasOwn(parent, key)) delete parent[key];
  else throw new Error(`there is no member ${JSON.stringify(key)}`);
}

function equal(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  return leftKeys.length === rightKeys.length && leftKeys.every((key) => Object.hasOwn(right, key) && equal((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]));
}
