/**
 * The engine's parser and serializer, reached through a `Bash` instance: the browser build of
 * just-bash (what the shell's worker bundles) exports neither `parse` nor `serialize`, but every
 * build's `Bash#transform` parses a script, runs its transform plugins and serializes the result.
 */
import { Bash, type ScriptNode } from 'just-bash';

let replacement: ScriptNode | undefined;
let engine: Bash | undefined;

function parserEngine(): Bash {
  if (engine === undefined) {
    engine = new Bash();
    // Hands back the tree to serialize when one is set, else the parsed tree as it is.
    engine.registerTransformPlugin({ name: 'react-agent-kit-script', transform: (context) => ({ ast: replacement ?? context.ast }) });
  }
  return engine;
}

/**
 * The syntax tree of `script`; throws the engine's syntax error when it does not parse.
 *
 * @example
 * ```ts
 * parse('echo hi').statements.length; // 1
 * ```
 */
export function parse(script: string): ScriptNode {
  replacement = undefined;
  return parserEngine().transform(script).ast;
}

/**
 * `ast` written back as a script.
 *
 * @example
 * ```ts
 * serialize(parse('echo hi')); // 'echo hi'
 * ```
 */
export function serialize(ast: ScriptNode): string {
  replacement = ast;
  try {
    return parserEngine().transform('').script;
  } finally {
    replacement = undefined;
  }
}
