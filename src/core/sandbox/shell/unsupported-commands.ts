/**
 * Commands a model commonly tries that this shell cannot honor, replaced by ones that say why.
 * Without them a model sees "command not found", or a misleading message (just-bash's `chmod`
 * reports every failure as "No such file or directory"), and keeps guessing.
 */
import type { Command } from 'just-bash';
import type { ShellRefusals } from './shell-refusals';

/** Why each command is unavailable, in one line the model can act on. */
export const unsupportedCommandReasons: Readonly<Record<string, string>> = Object.freeze({
  curl: 'network access is disabled: this is a simulated shell over an in-browser workspace',
  wget: 'network access is disabled: this is a simulated shell over an in-browser workspace',
  chmod: 'the workspace does not keep file permissions; run scripts with `bash script.sh`',
  ln: 'the workspace has no symbolic or hard links; copy the file with `cp` instead',
  python: 'this shell was not given a Python runtime (the app can enable Pyodide)',
  python3: 'this shell was not given a Python runtime (the app can enable Pyodide)',
  'js-exec': 'run JavaScript with `node file.js` or `node -e "..."`',
  sqlite3: 'there is no SQLite in this simulated shell',
  gzip: 'compression is not available in this simulated shell',
  gunzip: 'compression is not available in this simulated shell',
  zcat: 'compression is not available in this simulated shell',
  bc: 'there is no calculator; use $(( )) for integers or awk for decimals',
  dc: 'there is no calculator; use $(( )) for integers or awk for decimals',
  yes: 'a command that prints forever; use a loop with a count, or seq',
});

/**
 * The replacement commands, for just-bash's `customCommands` (which take precedence over its
 * built-ins). Each refuses the script: it ends with "not supported: <name>: <reason>" and exit
 * code 2, since a script that goes on without the command would not give the answer it asks for.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: unsupportedCommands(refusals) });
 * // `curl https://example.com` ends with "bash: not supported: curl: network access is disabled: ..."
 * ```
 */
export function unsupportedCommands(refusals: ShellRefusals): Command[] {
  return Object.entries(unsupportedCommandReasons).map(([name, reason]) => ({
    name,
    execute: async () => refusals.refuse(`${name}: ${reason}`),
  }));
}
