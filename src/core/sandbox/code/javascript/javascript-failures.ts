/**
 * How an uncaught exception reads on stderr, in Node's shape: the file and line it was thrown at,
 * that line of source with a caret, then the error and its stack, so a model reads the same
 * report it would get from `node`. QuickJS words a few common errors differently from V8; the
 * report uses V8's words for those (`settings.load is not a function`), as Node would print them.
 */
import type { Sandbox } from '../../sandbox-types';

interface Location {
  path: string;
  line: number;
  column: number | undefined;
}

/** The first `(path:line:column)` or `path:line` of a QuickJS stack that names a sandbox file. */
function firstLocation(stack: string): Location | undefined {
  for (const match of stack.matchAll(/\(?(\/[^():\s]*):(\d+)(?::(\d+))?\)?/g)) {
    const path = match[1]!;
    if (!path.startsWith('/[eval]') && !path.startsWith('node:')) return { path, line: Number(match[2]), column: match[3] === undefined ? undefined : Number(match[3]) };
  }
  return undefined;
}

function sourceLine(sandbox: Sandbox, location: Location): string | undefined {
  try {
    return sandbox.readFile(location.path).split('\n')[location.line - 1];
  } catch {
    return undefined;
  }
}

/** V8's wording of an error QuickJS words its own way, where the source line shows what V8 would name. */
function v8Message(name: string, message: string, line: string | undefined, location: Location | undefined): string {
  if (name === 'ReferenceError') return message.replace(/^'(.+)' is not defined$/, '$1 is not defined');
  if (name !== 'TypeError') return message;
  const property = /^cannot (read|set) property '(.+)' of (undefined|null)$/.exec(message);
  if (property !== null) return `Cannot ${property[1]} properties of ${property[3]} (${property[1]}ing '${property[2]}')`;
  if (message === 'not a function' && line !== undefined && location?.column !== undefined) {
    // QuickJS's column is the call's `(`; V8 names the expression before it.
    const callee = /([A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*)\s*$/.exec(line.slice(0, location.column - 1));
    if (callee !== null) return `${callee[1]} is not a function`;
  }
  return message;
}

/**
 * Describes a value the program threw and never caught (as `QuickJSContext.dump` gives it), with
 * `inspected`, the guest's `util.inspect` of it, for a value that is not an error.
 *
 * @example
 * ```ts
 * describeUncaught({ name: 'Error', message: 'boom', stack: '    at <anonymous> (/a.js:3:9)\n' }, sandbox);
 * // '/a.js:3\n  throw new Error("boom");\n  ^\n\nError: boom\n    at <anonymous> (/a.js:3:9)\n'
 * ```
 */
export function describeUncaught(thrown: unknown, sandbox: Sandbox, inspected?: string): string {
  if (typeof thrown !== 'object' || thrown === null || typeof (thrown as { message?: unknown }).message !== 'string') {
    // Node prints a thrown string as it is, and any other value as util.inspect shows it.
    const text = typeof thrown === 'string' ? thrown : (inspected ?? JSON.stringify(thrown) ?? String(thrown));
    return `${text}\n`;
  }
  const { name = 'Error', message, stack = '' } = thrown as { name?: string; message: string; stack?: string };
  const frames = stack
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.includes('node:internal'))
    .join('\n');
  const location = firstLocation(frames);
  const line = location === undefined ? undefined : sourceLine(sandbox, location);
  const header = location === undefined || line === undefined ? '' : `${location.path}:${location.line}\n${line}\n${' '.repeat(line.length - line.trimStart().length)}^\n\n`;
  // Node's own assertion errors carry their code in the name line.
  const shownName = name === 'AssertionError' ? 'AssertionError [ERR_ASSERTION]' : name;
  const shownMessage = v8Message(name, message, line, location);
  return `${header}${shownMessage === '' ? shownName : `${shownName}: ${shownMessage}`}\n${frames === '' ? '' : `${frames}\n`}`;
}
