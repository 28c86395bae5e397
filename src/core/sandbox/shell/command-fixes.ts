/**
 * just-bash's commands that give wrong answers for everyday GNU usage, wrapped: each wrapper
 * rewrites the arguments into ones the engine handles right, fixes the output, or refuses with
 * "not supported: …". They replace the bundled commands through `customCommands` and call them
 * through `origCommand`.
 */
import type { Command } from 'just-bash';
import type { ShellRefusals } from './shell-refusals';
import { grepCommands } from './grep-command';
import { xargsCommand } from './xargs-command';

/**
 * The wrapped commands of one run.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: commandFixes(refusals) });
 * ```
 */
export function commandFixes(refusals: ShellRefusals): Command[] {
  return [xargsCommand(refusals), ...grepCommands(refusals)];
}
