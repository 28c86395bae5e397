/**
 * Commands a model commonly tries that this shell cannot honor, replaced by ones that say why.
 * Without them a model sees "command not found", or a misleading message (just-bash's `chmod`
 * reports every failure as "No such file or directory"), and keeps guessing.
 */
import type { Command } from 'just-bash';

/** Why each command is unavailable, in one line the model can act on. */
export const unsupportedCommandReasons: Readonly<Record<string, string>> = Object.freeze({
  curl: 'network access is disabled: this is a simulated shell over an in-browser workspace',
  wget: 'network access is disabled: this is a simulated shell over an in-browser workspace',
  chmod: 'the workspace does not keep file permissions; run scripts with `bash script.sh`',
  ln: 'the workspace has no symbolic or hard links; copy the file with `cp` instead',
  python: 'there is no Python interpreter in this simulated shell',
  python3: 'there is no Python interpreter in this simulated shell',
  node: 'there is no JavaScript runtime in this simulated shell',
  'js-exec': 'there is no JavaScript runtime in this simulated shell',
  sqlite3: 'there is no SQLite in this simulated shell',
  gzip: 'compression is not available in this simulated shell',
  gunzip: 'compression is not available in this simulated shell',
  zcat: 'compression is not available in this simulated shell',
});

/**
 * The replacement commands, for just-bash's `customCommands` (which take precedence over its
 * built-ins). Each prints `<name>: <reason>` and exits with 1.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: unsupportedCommands() });
 * // `curl https://example.com` prints "curl: network access is disabled: ..." and exits 1
 * ```
 */
export function unsupportedCommands(): Command[] {
  return Object.entries(unsupportedCommandReasons).map(([name, reason]) => ({
    name,
    execute: async () => ({ stdout: '', stderr: `${name}: ${reason}\n`, exitCode: 1 }),
  }));
}
