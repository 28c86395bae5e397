/**
 * How an uncaught exception reads on stderr, in Node's shape: the file and line it was thrown at,
 * that line of source with a caret, then the error and its stack, so a model reads the same
 * report it would get from `node`.
 */
import type { Sandbox } from '../../sandbox-types';

/** The first `(path:line:column)` or `path:line` of a QuickJS stack that names a sandbox file. */
function firstLocation(stack: string): { path: string; line: number } | undefined {
  for (const match of stack.matchAll(/\(?(\/[^():\s]*):(\d+)(?::\d+)?\)?/g)) {
    const path = match[1]!;
    if (!path.startsWith('/[eval]') && !path.startsWith('node:')) return { path, line: Number(match[2]) };
  }
  return undefined;
}

function sourceLine(sandbox: Sandbox, location: { path: string; line: number }): string | undefined {
  try {
    return sandbox.readFile(location.path).split('\n')[location.line - 1];
  } catch {
    return undefined;
  }
}

/**
 * Describes a value the program threw and never caught (as `QuickJSContext.dump` gives it).
 *
 * @example
 * ```ts
 * describeUncaught({ name: 'Error', message: 'boom', stack: '    at <anonymous> (/a.js:3:9)\n' }, sandbox);
 * // '/a.js:3\n  throw new Error("boom");\n  ^\n\nError: boom\n    at <anonymous> (/a.js:3:9)\n'
 * ```
 */
export function describeUncaught(thrown: unknown, sandbox: Sandbox): string {
  if (typeof thrown !== 'object' || thrown === null || typeof (thrown as { message?: unknown }).message !== 'string') {
    const text = typeof thrown === 'string' ? thrown : JSON.stringify(thrown) ?? String(thrown);
    return `Uncaught ${text}\n`;
  }
  const { name = 'Error', message, stack = '' } = thrown as { name?: string; message: string; stack?: string };
  const frames = stack
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.includes('node:internal'))
    .join('\n');
  const location = firstLocation(frames);
  const line = location === undefined ? undefined : sourceLine(sandbox, location);
  const header = location === undefined || line === undefined ? '' : `${location.path}:${location.line}\n${line}\n${' '.repeat(line.length - line.trimStart().length)}^\n\n`;
  return `${header}${message === '' ? name : `${name}: ${message}`}\n${frames === '' ? '' : `${frames}\n`}`;
}
