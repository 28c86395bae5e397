/**
 * Rewrites of a script that make just-bash give bash's answer, made on its syntax tree and
 * printed back with its `serialize` (only when a rewrite was needed):
 * - Loops left with `break` or `continue`: the engine gives the loop the status of the last
 *   iteration that ran to its end (`for …; do [ … ] && break; done; echo $?` printed 1), bash
 *   the status of the last command run, which `break` makes 0. Each such loop notes, in a
 *   variable, whether its last iteration ended with `break`/`continue`, and its status is set
 *   from that by `__kit_loop_status` (in an `&& :` list, so `set -e` is not triggered by it).
 * - Word splitting: the engine joins an expansion that starts with a space to the text before it
 *   in the same word (`[$x]` with x="  a" gave `[a]`, bash `[ a]`). Such an expansion is checked
 *   while the word is expanded (`__kit_split_check`), and the script refused when it starts with
 *   a character of $IFS.
 * - `cmd 2>&1` of one command that writes to both streams: the engine puts its errors after its
 *   output, GNU tools in an order that depends on their buffering (grep's count first, ls's
 *   errors first). The command runs under `__kit_errors_merged`, which refuses the script when
 *   it wrote to both.
 */
import { getCommandNames, type ScriptNode, type StatementNode, type WordNode } from 'just-bash';
import { parse, serialize } from './script-parser';
import { commandName, isNode, literalOf, nodesOf, type SyntaxNode } from './script-syntax';

/** The commands the rewrites call; `commandFixes` provides them. */
export const loopStatusCommand = '__kit_loop_status';
export const splitCheckCommand = '__kit_split_check';
export const errorsMergedCommand = '__kit_errors_merged';

// Commands that change nothing in the shell's state, so they can run in a sub-shell of their own.
const stateless = new Set(getCommandNames().filter((name) => !['printf', 'cd', 'alias', 'unalias', 'history', 'time', 'timeout', 'xargs', 'bash', 'sh'].includes(name)));

const loops = new Set(['For', 'CStyleFor', 'While', 'Until']);

function statementsOf(script: string): StatementNode[] {
  return parse(script).statements;
}

/** Replaces, in `root`, the simple command named `placeholder` by `replacement`. */
function substitute(root: unknown, placeholder: string, replacement: unknown): void {
  for (const node of nodesOf(root)) {
    if (node.type !== 'Pipeline') continue;
    const commands = node.commands as SyntaxNode[];
    const index = commands.findIndex((command) => commandName(command) === placeholder);
    if (index !== -1) commands[index] = replacement as SyntaxNode;
  }
}

function hasLoopControl(loop: SyntaxNode): boolean {
  return [...nodesOf(loop.body, true)].some((node) => ['break', 'continue'].includes(commandName(node) ?? ''));
}

interface Rewriter {
  changed: boolean;
  counter: number;
}

function rewriteLoops(value: unknown, enclosing: string[], state: Rewriter): void {
  if (Array.isArray(value)) {
    for (const item of value) rewriteLoops(item, enclosing, state);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (!isNode(value)) {
    // A plain object of the tree, like an `if` clause: its fields hold nodes.
    for (const field of Object.values(value)) if (typeof field === 'object') rewriteLoops(field, enclosing, state);
    return;
  }
  if (value.type === 'FunctionDef') {
    rewriteLoops(value.body, [], state);
    return;
  }
  if (value.type !== 'Pipeline') {
    for (const [key, field] of Object.entries(value)) if (key !== 'type' && typeof field === 'object') rewriteLoops(field, enclosing, state);
    return;
  }
  const commands = value.commands as SyntaxNode[];
  commands.forEach((command, index) => {
    const name = commandName(command);
    if ((name === 'break' || name === 'continue') && enclosing.length > 0) {
      const count = literalOf((command.args as WordNode[])[0]) ?? '1';
      const markers = enclosing.slice(-Math.max(1, Number.parseInt(count, 10) || 1));
      const group = statementsOf(`{ ${markers.map((marker) => `${marker}=1; `).join('')}__kit_placeholder; }`)[0]?.pipelines[0]?.commands[0];
      substitute(group, '__kit_placeholder', command);
      commands[index] = group as unknown as SyntaxNode;
      state.changed = true;
      return;
    }
    if (loops.has(command.type) && hasLoopControl(command)) {
      const marker = `__kit_loop_${++state.counter}`;
      rewriteLoops(command.condition, enclosing, state);
      rewriteLoops(command.body, [...enclosing, marker], state);
      (command.body as StatementNode[]).unshift(...statementsOf(`${marker}=`));
      const group = statementsOf(`{ ${marker}=; __kit_placeholder; ${loopStatusCommand} $? "$${marker}" && :; }`)[0]?.pipelines[0]?.commands[0];
      substitute(group, '__kit_placeholder', command);
      commands[index] = group as unknown as SyntaxNode;
      state.changed = true;
      return;
    }
    rewriteLoops(command, enclosing, state);
  });
}

/** The words bash splits into fields: a command's name and arguments, a `for` list, array values. */
function splitWords(ast: ScriptNode): WordNode[] {
  const words: WordNode[] = [];
  for (const node of nodesOf(ast)) {
    if (node.type === 'SimpleCommand') words.push(...[node.name as WordNode | null, ...(node.args as WordNode[])].filter((word): word is WordNode => word !== null));
    if (node.type === 'For' && Array.isArray(node.words)) words.push(...(node.words as WordNode[]));
    if (node.type === 'Assignment' && Array.isArray(node.array)) words.push(...(node.array as WordNode[]));
  }
  return words;
}

function guardSplitting(ast: ScriptNode): boolean {
  let changed = false;
  for (const word of splitWords(ast)) {
    const parts: SyntaxNode[] = [];
    (word.parts as unknown as SyntaxNode[]).forEach((part, index) => {
      if (index > 0 && part.type === 'ParameterExpansion') {
        const check = statementsOf(`echo $(${splitCheckCommand} "$__kit_value")`)[0]?.pipelines[0]?.commands[0] as unknown as { args: WordNode[] };
        const substitution = check.args[0]?.parts[0] as unknown as SyntaxNode;
        const quoted = [...nodesOf(substitution)].find((node) => node.type === 'DoubleQuoted');
        if (quoted !== undefined) quoted.parts = [structuredClone(part)];
        parts.push(part, substitution);
        changed = true;
      } else if (index > 0 && part.type === 'CommandSubstitution') {
        const piped = statementsOf(`echo $({ __kit_placeholder; } | ${splitCheckCommand})`)[0]?.pipelines[0]?.commands[0] as unknown as { args: WordNode[] };
        const substitution = piped.args[0]?.parts[0] as unknown as SyntaxNode;
        const group = [...nodesOf(substitution)].find((node) => node.type === 'Group');
        if (group !== undefined) group.body = (part.body as ScriptNode).statements;
        parts.push(substitution);
        changed = true;
      } else parts.push(part);
    });
    (word as unknown as { parts: SyntaxNode[] }).parts = parts;
  }
  return changed;
}

/** Runs each bundled command whose only redirection is `2>&1` under `__kit_errors_merged`. */
function orderErrors(ast: ScriptNode): boolean {
  let changed = false;
  for (const node of nodesOf(ast)) {
    if (node.type !== 'SimpleCommand' || (node.assignments as unknown[]).length > 0) continue;
    const redirections = node.redirections as { operator: string; fd: number | null; target: WordNode }[];
    const name = commandName(node);
    if (name === undefined || !stateless.has(name) || redirections.length !== 1) continue;
    const [redirection] = redirections;
    if (redirection?.operator !== '>&' || redirection.fd !== 2 || literalOf(redirection.target) !== '1') continue;
    node.args = [node.name, ...(node.args as WordNode[])];
    node.name = { type: 'Word', parts: [{ type: 'Literal', value: errorsMergedCommand }] };
    node.redirections = [];
    changed = true;
  }
  return changed;
}

/**
 * `script` with the rewrites it needs, or as it is when it needs none. `ast` is its tree, which
 * this changes.
 *
 * @example
 * ```ts
 * rewriteScript('echo hi', parse('echo hi')); // 'echo hi'
 * ```
 */
export function rewriteScript(script: string, ast: ScriptNode): string {
  const state: Rewriter = { changed: false, counter: 0 };
  rewriteLoops(ast.statements, [], state);
  const guarded = guardSplitting(ast);
  const ordered = orderErrors(ast);
  return state.changed || guarded || ordered ? serialize(ast) : script;
}
