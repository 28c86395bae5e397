/**
 * Small helpers over just-bash's syntax tree, shared by the checks and the rewrites of a script.
 */
import type { CommandNode, ScriptNode, WordNode } from 'just-bash';
import { parse } from './script-parser';

/** Any node of the tree: an object with a `type`. */
export interface SyntaxNode {
  type: string;
  [field: string]: unknown;
}

/** Whether `value` is a node of the tree. */
export function isNode(value: unknown): value is SyntaxNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * Every node under `root` (itself included), depth first. Function bodies are included unless
 * `skipFunctions` is set.
 *
 * @example
 * ```ts
 * [...nodesOf(parse('echo $(ls)'))].some((node) => node.type === 'CommandSubstitution'); // true
 * ```
 */
export function* nodesOf(root: unknown, skipFunctions = false): Generator<SyntaxNode> {
  if (Array.isArray(root)) {
    for (const item of root) yield* nodesOf(item, skipFunctions);
    return;
  }
  if (typeof root !== 'object' || root === null) return;
  // Some parts of the tree are plain objects without a type (the clauses of an `if`).
  if (isNode(root)) {
    yield root;
    if (skipFunctions && root.type === 'FunctionDef') return;
  }
  for (const [key, value] of Object.entries(root)) if (key !== 'type' && typeof value === 'object') yield* nodesOf(value, skipFunctions);
}

/** The text of a word made of literal parts only, else undefined. */
export function literalOf(word: WordNode | null | undefined): string | undefined {
  if (word === null || word === undefined) return undefined;
  let text = '';
  for (const part of word.parts) {
    if (part.type === 'Literal') text += part.value;
    else if (part.type === 'SingleQuoted') text += part.value;
    else return undefined;
  }
  return text;
}

/** The name of a simple command when it is a literal (`grep`, `break`), else undefined. */
export function commandName(command: CommandNode | SyntaxNode): string | undefined {
  return command.type === 'SimpleCommand' ? literalOf((command as { name: WordNode | null }).name) : undefined;
}

/** Parses `script`, or undefined when it does not parse (the engine then reports the error). */
export function parseScript(script: string): ScriptNode | undefined {
  try {
    return parse(script);
  } catch {
    return undefined;
  }
}
