/**
 * A file's size for people, in SI units, its number written for `locale`: `512 B`, `6.2 kB`,
 * `14 MB` (one decimal below 10). The strings sets' `attachments.bytes` use it.
 *
 * @example
 * ```ts
 * formatByteSize(6_200_000, 'de'); // '6,2 MB'
 * ```
 */
export function formatByteSize(count: number, locale: string): string {
  const number = (value: number) => value.toLocaleString(locale, { maximumFractionDigits: value < 10 ? 1 : 0 });
  if (count < 1000) return `${count} B`;
  return count < 1_000_000 ? `${number(count / 1000)} kB` : `${number(count / 1_000_000)} MB`;
}
