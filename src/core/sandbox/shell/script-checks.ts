/**
 * Checks a script before it runs, on just-bash's own syntax tree, and refuses the constructs the
 * engine evaluates differently from bash (each one gave a wrong answer that looked right):
 * - a glob ending in `/` (`*\/`): the engine matches files too, and drops the `/`;
 * - a shell function called from an arithmetic context (`$(( $(f) + 1 ))`): the function is not
 *   found there, and the expression silently reads 0;
 * - stderr merged into stdout (`2>&1`, `&>`, `|&`) around several commands: the engine puts all
 *   the errors after all the output, not in the order they were written;
 * - an output redirection of a group or subshell that changes folder (`(cd src && ls) > out`):
 *   the engine opens the file in the new folder;
 * - `wc` with several counts reading a file through `<`: the column width depends on whether the
 *   input is a file, which the engine does not tell.
 * Then the rewrites in `script-rewrites` are made; a script that needs none runs as it was written.
 */
import type { ScriptNode, WordNode } from 'just-bash';
import { rewriteScript } from './script-rewrites';
import { commandName, literalOf, nodesOf, parseScript, type SyntaxNode } from './script-syntax';

/** A script as it will run, or why it is refused. */
export interface CheckedScript {
  script: string;
  refused?: string;
}

const compound = new Set(['Group', 'Subshell', 'For', 'CStyleFor', 'While', 'Until', 'If', 'Case']);

function endsWithSlashGlob(word: WordNode): boolean {
  const last = word.parts.at(-1);
  const hasGlob = word.parts.some((part) => part.type === 'Glob');
  return hasGlob && ((last?.type === 'Literal' && last.value.endsWith('/')) || (last?.type === 'Glob' && last.pattern.endsWith('/')));
}

/** The words of `node` that bash expands into file names (not the patterns inside ${x%/*}, say). */
function expandedWords(node: SyntaxNode): WordNode[] {
  if (node.type === 'SimpleCommand') return [node.name as WordNode | null, ...(node.args as WordNode[])].filter((word): word is WordNode => word !== null);
  if (node.type === 'For' && Array.isArray(node.words)) return node.words as WordNode[];
  if (node.type === 'Assignment' && Array.isArray(node.array)) return node.array as WordNode[];
  return [];
}

function mergesErrors(node: SyntaxNode): boolean {
  const redirections = (node.redirections ?? []) as { operator: string; fd: number | null; target: unknown }[];
  return redirections.some(({ operator, fd, target }) => operator === '&>' || operator === '&>>' || (operator === '>&' && fd === 2 && literalOf(target as WordNode) === '1'));
}

function callsFunction(script: string, functions: ReadonlySet<string>): boolean {
  const parsed = parseScript(script);
  if (parsed === undefined) return [...functions].some((name) => new RegExp(`(^|[^\\w-])${name}($|[^\\w-])`).test(script));
  return [...nodesOf(parsed)].some((node) => functions.has(commandName(node) ?? ''));
}

function refusalOf(ast: ScriptNode): string | undefined {
  const nodes = [...nodesOf(ast)];
  const functions = new Set(nodes.filter((node) => node.type === 'FunctionDef').map((node) => String(node.name)));
  for (const node of nodes) {
    if (expandedWords(node).some(endsWithSlashGlob)) return 'a glob that ends in / (to match folders only); list folders with: find . -mindepth 1 -maxdepth 1 -type d';
    const inArithmetic =
      (node.type === 'ArithCommandSubst' && callsFunction(String(node.command), functions)) ||
      (node.type === 'ArithmeticExpression' && /\$\(|`/.test(String(node.originalText)) && functions.size > 0 && callsFunction(String(node.originalText).replace(/^[^$`]*/, 'echo '), functions)) ||
      (node.type === 'ParameterExpansion' && /\$\(|`/.test(String(node.parameter)) && callsFunction(String(node.parameter).replace(/^[^[]*\[|\]$/g, ''), functions));
    if (inArithmetic) return 'a shell function called inside an arithmetic expression or an index ($(( $(f) + 1 ))); assign its output first: n=$(f); echo $((n + 1))';
    const called = commandName(node);
    if ((compound.has(node.type) || (called !== undefined && functions.has(called))) && mergesErrors(node)) return 'merging errors into the output (2>&1, &>) of several commands: their order would be wrong; redirect each command, or 2>/dev/null';
    if (node.type === 'Pipeline') {
      const commands = node.commands as SyntaxNode[];
      const pipesErrors = (node.pipeStderr as boolean[] | undefined) ?? [];
      if (commands.some((command, index) => pipesErrors[index] === true && (compound.has(command.type) || functions.has(commandName(command) ?? '')))) return 'piping errors with |& from several commands: their order would be wrong';
    }
    if ((node.type === 'Group' || node.type === 'Subshell') && ((node.redirections ?? []) as { operator: string }[]).some(({ operator }) => operator.includes('>')) && [...nodesOf(node.body, true)].some((inner) => ['cd', 'pushd', 'popd'].includes(commandName(inner) ?? ''))) {
      return 'redirecting the output of a group or subshell that changes folder with cd; redirect the command inside it, with a path from the starting folder';
    }
    if (called === 'wc' && (node.args as WordNode[]).every((arg) => literalOf(arg)?.startsWith('-') === true) && (node.redirections as { operator: string }[]).some(({ operator }) => operator === '<')) {
      const flags = (node.args as WordNode[]).map((arg) => literalOf(arg) ?? '').join('');
      if ([...'lwmcL'].filter((flag) => flags.includes(flag)).length !== 1) return 'wc with several counts reading a file through < (its column width); name the file: wc notes.txt';
    }
  }
  return undefined;
}

/**
 * Checks `script`: the reason it is refused, or the script to run (rewritten where needed).
 *
 * @example
 * ```ts
 * checkScript('ls -d src/*' + '/').refused; // 'a glob that ends in / …'
 * checkScript('echo hi').script;            // 'echo hi'
 * ```
 */
export function checkScript(script: string): CheckedScript {
  const ast = parseScript(script);
  if (ast === undefined) return { script };
  const refused = refusalOf(ast);
  if (refused !== undefined) return { script, refused };
  return { script: rewriteScript(script, ast) };
}
