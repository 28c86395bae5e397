export function check(value) {
  if (value < 0) throw new RangeError(`negative: ${value}`);
  return `ok ${value}`;
}
