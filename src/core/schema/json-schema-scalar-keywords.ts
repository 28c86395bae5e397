import { jsonEqual } from './json-equal';
import { JsonSchemaError, report, type JsonSchemaObject, type SchemaPosition, type ValidationContext } from './json-schema-context';
import { countKeyword, isJsonObject, numberKeyword, ownKeyword } from './schema-keywords';
import { compilePattern } from './pattern-cache';
import { describeValue, formatLiteral } from './schema-issue';

const typeNames = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);

/** Does the value have this JSON Schema type? Non-finite numbers are not JSON numbers. */
function hasJsonType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'object':
      return isJsonObject(value);
    case 'array':
      return Array.isArray(value);
    default:
      return false;
  }
}

/** The names in `type`, checked, or undefined when the schema has no `type`. */
function typeKeyword(schema: JsonSchemaObject, position: SchemaPosition): readonly string[] | undefined {
  const type = ownKeyword(schema, 'type');
  if (type === undefined) return undefined;
  const names: unknown[] = Array.isArray(type) ? type : [type];
  for (const name of names) {
    if (typeof name !== 'string' || !typeNames.has(name)) {
      throw new JsonSchemaError(`${position.schemaPath}/type: ${JSON.stringify(name)} is not a JSON Schema type (use ${[...typeNames].join(', ')}).`);
    }
  }
  return names as string[];
}

/**
 * Checks `type`; false when it fails, so the caller can skip keywords that would only add noise.
 *
 * @example
 * ```ts
 * if (!checkType(context, { type: 'integer' }, '3', position)) return; // reports 'expected integer, got string "3"'
 * ```
 */
export function checkType(context: ValidationContext, schema: JsonSchemaObject, value: unknown, position: SchemaPosition): boolean {
  const names = typeKeyword(schema, position);
  if (!names || names.some((name) => hasJsonType(name, value))) return true;
  report(context, position.path, `expected ${names.join(' or ')}, got ${describeValue(value)}`);
  return false;
}

const maxListedOptions = 12;

/**
 * Checks `enum` and `const`, comparing structurally.
 *
 * @example
 * ```ts
 * checkEnumAndConst(context, { enum: ['c', 'f'] }, 'k', position); // reports 'must be one of "c", "f"; got string "k"'
 * ```
 */
export function checkEnumAndConst(context: ValidationContext, schema: JsonSchemaObject, value: unknown, position: SchemaPosition): void {
  if (Object.hasOwn(schema, 'const') && !jsonEqual(schema['const'], value)) {
    report(context, position.path, `must be ${formatLiteral(schema['const'])}, got ${describeValue(value)}`);
  }
  const options = ownKeyword(schema, 'enum');
  if (options === undefined) return;
  if (!Array.isArray(options)) throw new JsonSchemaError(`${position.schemaPath}/enum must be an array of allowed values.`);
  if (options.some((option) => jsonEqual(option, value))) return;
  const listed = options.slice(0, maxListedOptions).map(formatLiteral).join(', ');
  const more = options.length > maxListedOptions ? `, ... (${options.length} options in all)` : '';
  report(context, position.path, `must be one of ${listed}${more}; got ${describeValue(value)}`);
}

/**
 * Checks the number keywords, including draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum`.
 *
 * @example
 * ```ts
 * checkNumber(context, { minimum: 1 }, 0, position); // reports 'must be >= 1, got 0'
 * ```
 */
export function checkNumber(context: ValidationContext, schema: JsonSchemaObject, value: number, position: SchemaPosition): void {
  const minimum = numberKeyword(schema, 'minimum', position);
  const maximum = numberKeyword(schema, 'maximum', position);
  const exclusiveMinimum = ownKeyword(schema, 'exclusiveMinimum');
  const exclusiveMaximum = ownKeyword(schema, 'exclusiveMaximum');
  const lowerOpen = exclusiveMinimum === true;
  const upperOpen = exclusiveMaximum === true;
  if (minimum !== undefined && (lowerOpen ? value <= minimum : value < minimum)) report(context, position.path, `must be ${lowerOpen ? '>' : '>='} ${minimum}, got ${value}`);
  if (maximum !== undefined && (upperOpen ? value >= maximum : value > maximum)) report(context, position.path, `must be ${upperOpen ? '<' : '<='} ${maximum}, got ${value}`);
  if (typeof exclusiveMinimum !== 'boolean') {
    const bound = numberKeyword(schema, 'exclusiveMinimum', position);
    if (bound !== undefined && value <= bound) report(context, position.path, `must be > ${bound}, got ${value}`);
  }
  if (typeof exclusiveMaximum !== 'boolean') {
    const bound = numberKeyword(schema, 'exclusiveMaximum', position);
    if (bound !== undefined && value >= bound) report(context, position.path, `must be < ${bound}, got ${value}`);
  }
  const multipleOf = numberKeyword(schema, 'multipleOf', position);
  if (multipleOf !== undefined) {
    if (multipleOf <= 0) throw new JsonSchemaError(`${position.schemaPath}/multipleOf must be greater than 0.`);
    const quotient = value / multipleOf;
    // Decimal steps like 0.1 are not exact in binary floating point: 0.3 / 0.1 is 2.9999999999999996.
    if (Math.abs(quotient - Math.round(quotient)) > 1e-9 * Math.max(1, Math.abs(quotient))) {
      report(context, position.path, `must be a multiple of ${multipleOf}, got ${value}`);
    }
  }
}

/** Length in Unicode code points, as JSON Schema counts it (an emoji is one character). */
function codePointLength(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    count++;
  }
  return count;
}

/**
 * Checks `minLength`, `maxLength` and `pattern`; `format` is an annotation and is ignored.
 *
 * @example
 * ```ts
 * checkString(context, { maxLength: 3 }, 'abcd', position); // reports 'must be at most 3 characters long, got 4'
 * ```
 */
export function checkString(context: ValidationContext, schema: JsonSchemaObject, value: string, position: SchemaPosition): void {
  const minLength = countKeyword(schema, 'minLength', position);
  const maxLength = countKeyword(schema, 'maxLength', position);
  if (minLength !== undefined || maxLength !== undefined) {
    const length = codePointLength(value);
    const plural = (count: number) => `${count} character${count === 1 ? '' : 's'}`;
    if (minLength !== undefined && length < minLength) report(context, position.path, `must be at least ${plural(minLength)} long, got ${length}`);
    if (maxLength !== undefined && length > maxLength) report(context, position.path, `must be at most ${plural(maxLength)} long, got ${length}`);
  }
  const pattern = ownKeyword(schema, 'pattern');
  if (pattern === undefined) return;
  if (typeof pattern !== 'string') throw new JsonSchemaError(`${position.schemaPath}/pattern must be a string.`);
  if (!compilePattern(schema, pattern, `${position.schemaPath}/pattern`).test(value)) {
    report(context, position.path, `must match the pattern ${pattern}, got ${formatLiteral(value)}`);
  }
}
