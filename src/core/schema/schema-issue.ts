/**
 * One problem found in a value, worded for the model that has to fix it.
 *
 * @example
 * ```ts
 * const issue: SchemaIssue = { path: '$.items[2].name', message: 'required property is missing' };
 * ```
 */
export interface SchemaIssue {
  /** Where in the value, as a JSONPath-like string starting at `$`. */
  path: string;
  /** What is wrong and what would be right. */
  message: string;
}

/**
 * How many issues a validation reports at most; past that the model gains nothing but noise.
 *
 * @example
 * ```ts
 * validateJsonSchema(schema, value, { maxIssues: defaultMaxIssues });
 * ```
 */
export const defaultMaxIssues = 20;

const identifierPattern = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The path of a property below `parent`: `$.name` for plain names, `$["a b"]` otherwise, so
 * the path stays unambiguous for keys with dots, spaces or quotes.
 *
 * @example
 * ```ts
 * propertyPath('$', 'city'); // '$.city'
 * propertyPath('$', 'first name'); // '$["first name"]'
 * ```
 */
export function propertyPath(parent: string, key: string): string {
  return identifierPattern.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/**
 * The path of an array item below `parent`.
 *
 * @example
 * ```ts
 * indexPath('$.items', 2); // '$.items[2]'
 * ```
 */
export function indexPath(parent: string, index: number): string {
  return `${parent}[${index}]`;
}

const maxLiteralLength = 60;

/**
 * A value written as JSON, shortened so one huge argument cannot flood the message.
 *
 * @example
 * ```ts
 * formatLiteral('c'); // '"c"'
 * ```
 */
export function formatLiteral(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    // Cycles and BigInts cannot be written as JSON; a type name is still useful.
    text = typeof value;
  }
  return text.length > maxLiteralLength ? `${text.slice(0, maxLiteralLength - 3)}...` : text;
}

/**
 * Describes a value for a "got ..." clause: its type, and for scalars the value itself, since
 * "got string "3"" tells the model exactly what to change.
 *
 * @example
 * ```ts
 * describeValue('3'); // 'string "3"'
 * describeValue([1, 2]); // 'array of 2 items'
 * ```
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  switch (typeof value) {
    case 'string':
      return `string ${formatLiteral(value)}`;
    case 'number':
      return Number.isFinite(value) ? `number ${value}` : `non-finite number ${value}`;
    case 'boolean':
      return `boolean ${value}`;
    case 'object':
      return 'object';
    default:
      return typeof value;
  }
}

/**
 * Joins issues into one sentence-friendly list: `$.a: x; $.b: y`.
 *
 * @example
 * ```ts
 * formatIssueList([{ path: '$.city', message: 'required property is missing' }]);
 * // '$.city: required property is missing'
 * ```
 */
export function formatIssueList(issues: readonly SchemaIssue[]): string {
  // Library messages often end with a period; dropping it keeps "; " joins readable.
  return issues.map((issue) => `${issue.path}: ${issue.message.replace(/\.\s*$/, '')}`).join('; ');
}
