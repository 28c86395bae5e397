type Result<T> = { ok: true; value: T } | { ok: false; error: string };
function parse(text: string): Result<number> {
  const value = Number(text);
  return Number.isNaN(value) ? { ok: false, error: `not a number: ${text}` } : { ok: true, value };
}
function assertNever(value: never): never {
  throw new Error(`unexpected ${value}`);
}
function describe(result: Result<number>): string {
  switch (result.ok) {
    case true:
      return `value ${result.value}`;
    case false:
      return `error ${result.error}`;
    default:
      return assertNever(result);
  }
}
function overloaded(value: string): string;
function overloaded(value: number): number;
function overloaded(value: string | number): string | number {
  return typeof value === 'string' ? value.repeat(2) : value * 2;
}
console.log(['12', 'x1', '3.5'].map(parse).map(describe));
console.log(overloaded('ab'), overloaded(21));
