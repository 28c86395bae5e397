/**
 * `printf` with C's rounding. just-bash rounds `%.1f` of 2.25 up (JavaScript's toFixed), C rounds
 * the exact value half to even (2.2), as bash's printf does. The wrapper rounds each `%f`
 * argument itself, exactly, and hands the engine the rounded number, which it then prints as is.
 */
import type { Command } from 'just-bash';
import type { ShellRefusals } from './shell-refusals';

/**
 * `value` rounded to `digits` decimals as C's printf does: the exact binary value, a tie to even.
 *
 * @example
 * ```ts
 * roundHalfEven(2.25, 1); // '2.2'
 * roundHalfEven(2.675, 2); // '2.67' (2.675 is 2.67499999… in binary)
 * ```
 */
export function roundHalfEven(value: number, digits: number): string {
  if (!Number.isFinite(value) || value === 0) return value.toFixed(digits);
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(value));
  const bits = view.getBigUint64(0);
  const exponentBits = Number((bits >> 52n) & 0x7ffn);
  const mantissa = (bits & ((1n << 52n) - 1n)) | (exponentBits === 0 ? 0n : 1n << 52n);
  const exponent = (exponentBits === 0 ? 1 : exponentBits) - 1075;
  // |value| * 10^digits = numerator / denominator, exactly.
  let numerator = mantissa * 10n ** BigInt(digits);
  let denominator = 1n;
  if (exponent >= 0) numerator <<= BigInt(exponent);
  else denominator <<= BigInt(-exponent);
  let quotient = numerator / denominator;
  const twice = 2n * (numerator - quotient * denominator);
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) quotient += 1n;
  const text = quotient.toString().padStart(digits + 1, '0');
  const sign = value < 0 ? '-' : '';
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * The `printf` command, for just-bash's `customCommands`.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: [printfCommand(refusals)] });
 * // `printf "%.1f" 2.25` prints "2.2"
 * ```
 */
export function printfCommand(refusals: ShellRefusals): Command {
  return {
    name: 'printf',
    async execute(args, context) {
      const run = context.origCommand;
      if (run === undefined) return refusals.refuse('printf outside the shell');
      const formatIndex = args[0] === '-v' ? 2 : args[0] === '--' ? 1 : 0;
      const format = args[formatIndex];
      if (format === undefined || format.includes('*')) return run(args);
      const conversions = [...format.matchAll(/%(?:%|[-+ #0']*\d*(?:\.(\d*))?([a-zA-Z]))/g)].filter((match) => match[0] !== '%%');
      if (conversions.length === 0) return run(args);
      const values = args.slice(formatIndex + 1).map((arg, index) => {
        const conversion = conversions[index % conversions.length];
        if (conversion?.[2] !== 'f' && conversion?.[2] !== 'F') return arg;
        const number = Number(arg);
        if (arg.trim() === '' || !Number.isFinite(number)) return arg;
        return roundHalfEven(number, conversion[1] === undefined ? 6 : Number(conversion[1] || '0'));
      });
      return run([...args.slice(0, formatIndex + 1), ...values]);
    },
  };
}
