/**
 * `awk` with the everyday forms just-bash reads differently from GNU awk: `-v OFS=;` (and the
 * other special variables) is ignored, bare `length` (`{print length}`) prints nothing, and a
 * zero-padded float with a precision (`%08.3f`) is padded with spaces. The wrapper moves special
 * `-v` assignments into a `BEGIN` block, writes `length($0)`, and refuses what it cannot mend:
 * a record separator (`RS`, which the engine does not honor) and `%0N.Mf` formats.
 */
import type { Command } from 'just-bash';
import type { ShellRefusals } from './shell-refusals';

const specialVariables = new Set(['FS', 'OFS', 'ORS', 'SUBSEP', 'CONVFMT', 'OFMT']);

/**
 * `program` with each bare `length` (not followed by `(`) outside strings written `length($0)`.
 * Regular expressions are left alone: a `/` after an operand is a division.
 *
 * @example
 * ```ts
 * bareLength('{ print length }'); // '{ print length($0) }'
 * ```
 */
export function bareLength(program: string): string {
  let out = '';
  let previous = '';
  for (let index = 0; index < program.length; index++) {
    const character = program[index] ?? '';
    const quoted = character === '"' || (character === '/' && /^$|[(,~!{};&|?:=\n]$/.test(previous));
    if (quoted) {
      let end = index + 1;
      while (end < program.length && program[end] !== character) end += program[end] === '\\' ? 2 : 1;
      out += program.slice(index, end + 1);
      index = end;
      previous = character;
      continue;
    }
    if (/[A-Za-z_]/.test(character) && !/[\w$]/.test(program[index - 1] ?? '')) {
      const word = /^[A-Za-z_]\w*/.exec(program.slice(index))?.[0] ?? character;
      out += word === 'length' && !/^\s*\(/.test(program.slice(index + word.length)) ? 'length($0)' : word;
      index += word.length - 1;
      previous = 'x';
      continue;
    }
    out += character;
    if (!/\s/.test(character) || character === '\n') previous = character;
  }
  return out;
}

/**
 * The `awk` command, for just-bash's `customCommands`.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: [awkCommand(refusals)] });
 * // `awk -v OFS=';' '{ print $1, $2 }'` separates the fields with ;
 * ```
 */
export function awkCommand(refusals: ShellRefusals): Command {
  return {
    name: 'awk',
    async execute(args, context) {
      const run = context.origCommand;
      if (run === undefined) return refusals.refuse('awk outside the shell');
      const rewritten: string[] = [];
      const begins: string[] = [];
      let programIndex = -1;
      for (let index = 0; index < args.length; index++) {
        const arg = args[index] ?? '';
        if (programIndex !== -1) rewritten.push(arg);
        else if (arg === '-v' || (arg.startsWith('-v') && arg.includes('='))) {
          const assignment = arg === '-v' ? (args[++index] ?? '') : arg.slice(2);
          const name = assignment.split('=')[0] ?? '';
          if (name === 'RS') return refusals.refuse('awk with a record separator (RS)');
          if (specialVariables.has(name)) {
            rewritten.push('-v', `__kit_${assignment}`);
            begins.push(`${name} = __kit_${name}`);
          } else rewritten.push('-v', assignment);
        } else if (arg === '-f' || arg.startsWith('-f')) return run(args);
        else if (arg === '-F') rewritten.push(arg, args[++index] ?? '');
        else if (arg.startsWith('-') && arg !== '-' && arg !== '--') rewritten.push(arg);
        else if (arg === '--') rewritten.push(arg);
        else {
          programIndex = rewritten.length;
          rewritten.push(arg);
        }
      }
      if (programIndex === -1) return run(args);
      const program = rewritten[programIndex] ?? '';
      if (/\bRS\s*=[^=~]/.test(program)) return refusals.refuse('awk with a record separator (RS)');
      if (/%[-+ #]*0\d*\.\d*[fFeEgG]/.test(program)) return refusals.refuse('awk printf with zero padding and a precision (%08.3f)');
      rewritten[programIndex] = `${begins.length > 0 ? `BEGIN { ${begins.join('; ')} }\n` : ''}${bareLength(program)}`;
      return run(rewritten);
    },
  };
}
