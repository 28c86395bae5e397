/**
 * just-bash's commands that give wrong answers for everyday GNU usage, wrapped: each wrapper
 * rewrites the arguments into ones the engine handles right, fixes the output, or refuses with
 * "not supported: …". They replace the bundled commands through `customCommands` and call them
 * through `origCommand`.
 */
import type { Command } from 'just-bash';
import type { ShellRefusals } from './shell-refusals';
import { awkCommand } from './awk-command';
import { diffCommand } from './diff-command';
import { headCommand, uniqCommand, wcCommand } from './count-commands';
import { findCommand } from './find-command';
import { grepCommands } from './grep-command';
import { lsCommand } from './ls-command';
import { odCommand } from './od-command';
import { printfCommand } from './printf-command';
import { rewriteCommands } from './rewrite-commands';
import { sedCommand } from './sed-command';
import { sortCommand } from './sort-command';
import { trCommand } from './tr-command';
import { whichCommand } from './which-command';
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
  return [xargsCommand(refusals), ...grepCommands(refusals), sedCommand(refusals), lsCommand(refusals), uniqCommand(refusals), wcCommand(refusals), headCommand(refusals), sortCommand(refusals), diffCommand(refusals), whichCommand(), awkCommand(refusals), printfCommand(refusals), findCommand(refusals), trCommand(refusals), odCommand(refusals), ...rewriteCommands(refusals)];
}
