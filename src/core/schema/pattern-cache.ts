import { JsonSchemaError } from './json-schema-context';

/** Compiled patterns per schema node, so each pattern is compiled once however often it is used. */
const compiled = new WeakMap<object, Map<string, RegExp | JsonSchemaError>>();

/**
 * The `RegExp` for a `pattern` or `patternProperties` key of `owner`, compiled on first use and
 * cached for as long as `owner` lives. An invalid pattern throws a `JsonSchemaError` that names
 * where it is, every time (the failure is cached too).
 *
 * @example
 * ```ts
 * const schema = { type: 'string', pattern: '^[A-Z]{3}$' };
 * compilePattern(schema, schema.pattern, '#/pattern').test('EUR'); // true
 * ```
 */
export function compilePattern(owner: object, source: string, location: string): RegExp {
  let byOwner = compiled.get(owner);
  if (!byOwner) compiled.set(owner, (byOwner = new Map()));
  let entry = byOwner.get(source);
  if (!entry) {
    entry = tryCompile(source, location);
    byOwner.set(source, entry);
  }
  if (entry instanceof JsonSchemaError) throw entry;
  return entry;
}

function tryCompile(source: string, location: string): RegExp | JsonSchemaError {
  try {
    // JSON Schema patterns are ECMA-262 with Unicode semantics, so `.` matches a whole emoji.
    return new RegExp(source, 'u');
  } catch {
    try {
      // Many generated schemas use escapes that only non-Unicode mode accepts (`\-`, `\_`).
      return new RegExp(source);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return new JsonSchemaError(`${location}: ${JSON.stringify(source)} is not a valid regular expression (${reason}).`);
    }
  }
}
