import { canonicalJson } from './json-equal';
import { JsonSchemaError, intoValue, isFull, pointerToken, report, type JsonSchemaObject, type SchemaPosition, type ValidationContext } from './json-schema-context';
import { countKeyword, ownKeyword, schemaListKeyword, schemaMapKeyword } from './schema-keywords';
import { compilePattern } from './pattern-cache';
import { formatLiteral, indexPath, propertyPath } from './schema-issue';

const maxListedProperties = 12;

/**
 * Checks the object keywords: `required`, `properties`, `patternProperties`,
 * `additionalProperties`, `propertyNames`, `minProperties`, `maxProperties`.
 * Reads the value's own keys only; never writes to it.
 *
 * @example
 * ```ts
 * checkObject(context, { required: ['city'] }, {}, position); // reports '$.city: required property is missing'
 * ```
 */
export function checkObject(context: ValidationContext, schema: JsonSchemaObject, value: Record<string, unknown>, position: SchemaPosition): void {
  const properties = schemaMapKeyword(schema, 'properties', position);
  const patternProperties = schemaMapKeyword(schema, 'patternProperties', position);
  const required = ownKeyword(schema, 'required');
  if (required !== undefined && !(Array.isArray(required) && required.every((name) => typeof name === 'string'))) {
    throw new JsonSchemaError(`${position.schemaPath}/required must be an array of property names.`);
  }
  for (const name of required ?? []) {
    if (!Object.hasOwn(value, name)) report(context, propertyPath(position.path, name), 'required property is missing');
  }

  const keys = Object.keys(value);
  const minProperties = countKeyword(schema, 'minProperties', position);
  const maxProperties = countKeyword(schema, 'maxProperties', position);
  if (minProperties !== undefined && keys.length < minProperties) report(context, position.path, `must have at least ${minProperties} properties, got ${keys.length}`);
  if (maxProperties !== undefined && keys.length > maxProperties) report(context, position.path, `must have at most ${maxProperties} properties, got ${keys.length}`);

  const additional = ownKeyword(schema, 'additionalProperties');
  const propertyNames = ownKeyword(schema, 'propertyNames');
  for (const key of keys) {
    if (isFull(context)) return;
    const path = propertyPath(position.path, key);
    const item = value[key];
    if (propertyNames !== undefined) checkPropertyName(context, propertyNames, key, path, position);
    let matched = false;
    if (properties && Object.hasOwn(properties, key)) {
      matched = true;
      context.apply(properties[key], item, intoValue(position, path, `properties/${pointerToken(key)}`));
    }
    if (patternProperties) {
      for (const [source, subschema] of Object.entries(patternProperties)) {
        if (!compilePattern(patternProperties, source, `${position.schemaPath}/patternProperties`).test(key)) continue;
        matched = true;
        context.apply(subschema, item, intoValue(position, path, `patternProperties/${pointerToken(source)}`));
      }
    }
    if (matched || additional === undefined || additional === true) continue;
    if (additional === false) report(context, path, unexpectedPropertyMessage(properties));
    else context.apply(additional, item, intoValue(position, path, 'additionalProperties'));
  }
}

function unexpectedPropertyMessage(properties: Record<string, unknown> | undefined): string {
  const names = Object.keys(properties ?? {});
  if (names.length === 0) return 'unexpected property; this object takes no properties';
  const listed = names.slice(0, maxListedProperties).join(', ');
  return `unexpected property; the allowed properties are ${listed}${names.length > maxListedProperties ? ', ...' : ''}`;
}

function checkPropertyName(context: ValidationContext, schema: unknown, key: string, path: string, position: SchemaPosition): void {
  const trial = context.branch();
  trial.apply(schema, key, intoValue(position, path, 'propertyNames'));
  const first = trial.issues[0];
  if (first) report(context, path, `the property name ${formatLiteral(key)} is not allowed: ${first.message}`);
}

/**
 * Checks the array keywords: `prefixItems` (or draft-07's array form of `items`), `items`
 * (or draft-07's `additionalItems`), `minItems`, `maxItems`, `uniqueItems`.
 *
 * @example
 * ```ts
 * checkArray(context, { items: { type: 'string' } }, ['a', 1], position); // reports '$[1]: expected string, got number 1'
 * ```
 */
export function checkArray(context: ValidationContext, schema: JsonSchemaObject, value: readonly unknown[], position: SchemaPosition): void {
  const minItems = countKeyword(schema, 'minItems', position);
  const maxItems = countKeyword(schema, 'maxItems', position);
  const plural = (count: number) => `${count} item${count === 1 ? '' : 's'}`;
  if (minItems !== undefined && value.length < minItems) report(context, position.path, `must have at least ${plural(minItems)}, got ${value.length}`);
  if (maxItems !== undefined && value.length > maxItems) report(context, position.path, `must have at most ${plural(maxItems)}, got ${value.length}`);

  const items = ownKeyword(schema, 'items');
  // Draft-07 wrote tuples as `items: [...]` with `additionalItems` for the rest.
  const tupleKeyword = Array.isArray(items) ? 'items' : 'prefixItems';
  const prefix = schemaListKeyword(schema, tupleKeyword, position) ?? [];
  const restKeyword = Array.isArray(items) ? 'additionalItems' : 'items';
  const rest = ownKeyword(schema, restKeyword);
  for (const [index, item] of value.entries()) {
    if (isFull(context)) return;
    const path = indexPath(position.path, index);
    if (index < prefix.length) context.apply(prefix[index], item, intoValue(position, path, `${tupleKeyword}/${index}`));
    else if (rest === false) report(context, path, `unexpected item; this array takes at most ${plural(prefix.length)}`);
    else if (rest !== undefined && rest !== true) context.apply(rest, item, intoValue(position, path, restKeyword));
  }

  const unique = ownKeyword(schema, 'uniqueItems');
  if (unique === true) checkUniqueItems(context, value, position);
  else if (unique !== undefined && unique !== false) throw new JsonSchemaError(`${position.schemaPath}/uniqueItems must be true or false.`);
}

/** Names the first pair of equal items; one canonical key per item keeps it linear, not quadratic. */
function checkUniqueItems(context: ValidationContext, items: readonly unknown[], position: SchemaPosition): void {
  const seen = new Map<string, number>();
  for (const [index, item] of items.entries()) {
    const key = canonicalJson(item);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      report(context, position.path, `items must be unique, but items [${earlier}] and [${index}] are equal`);
      return;
    }
    seen.set(key, index);
  }
}
