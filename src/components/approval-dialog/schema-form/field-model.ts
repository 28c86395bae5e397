/**
 * The form of a tool's arguments, read from its JSON Schema (pure: no React). Each property
 * becomes one field of a kind a person can edit: text, long text, a number, a checkbox, a
 * choice, a list of texts, or a group of fields (a nested object). A schema with anything the
 * form cannot show faithfully (a choice of schemas, a type union, a `$ref`, an array of objects,
 * a `const`...) has no form: the arguments are edited as JSON.
 */

/** A value a choice can take (JSON Schema `enum` members that are not objects or arrays). */
export type ChoiceValue = string | number | boolean | null;

interface FieldBase {
  /** The property's name in its object. */
  key: string;
  /** The names from the arguments' root to this property. */
  path: readonly string[];
  /** Unique within the form: the path, encoded. */
  id: string;
  /** The property's `title`, or its name in words (`olderThanDays` → "Older than days"). */
  label: string;
  /** The property's `description`, shown as a hint under the label. */
  hint?: string;
  /** Listed in the object's `required`. */
  required: boolean;
}

/** Limits on a text's length, in characters (code points, as JSON Schema counts them). */
export interface TextLimits {
  minLength?: number;
  maxLength?: number;
}

/** One field of the form. */
export type FieldModel =
  | (FieldBase & TextLimits & { kind: 'text'; long: boolean })
  | (FieldBase & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number })
  | (FieldBase & { kind: 'boolean' })
  | (FieldBase & { kind: 'choice'; options: readonly ChoiceValue[] })
  | (FieldBase & { kind: 'list'; item: TextLimits; minItems?: number; maxItems?: number })
  | (FieldBase & { kind: 'group'; fields: readonly FieldModel[] });

/** The form for a schema, or why there is none (the property the form cannot show). */
export type FormModel = { ok: true; fields: readonly FieldModel[] } | { ok: false; path: readonly string[]; problem: string };

type Schema = Record<string, unknown>;

/** Property names whose text is usually long (a message, a document, a script). */
const longTextNames = /^(body|content|contents|text|message|description|notes?|prompt|markdown|html|code|script|command|comment|details|summary|instructions)$/i;

/** Keywords that make a property more than one plain kind: the form leaves such schemas to JSON. */
const unsupportedKeywords = ['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref', 'const', 'patternProperties', 'dependentSchemas', 'prefixItems'];

class Unrepresentable extends Error {
  constructor(
    readonly path: readonly string[],
    readonly problem: string,
  ) {
    super(problem);
  }
}

/**
 * The form for a tool's input schema (`type: 'object'` with `properties`).
 *
 * Long text (a textarea rather than one line) is a string with `maxLength` over 200, `format`
 * `'textarea'` or `'multiline'`, `x-multiline: true`, a `text/*` `contentMediaType`, or a name
 * such as `body`, `content`, `text`, `message`, `description`, `notes`, `prompt`, `code`,
 * `script` or `command`; a value with a line break is always edited as long text.
 *
 * @example
 * ```ts
 * formModelOf({ type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' } }, required: ['to'] });
 * // { ok: true, fields: [{ kind: 'text', key: 'to', label: 'To', required: true, long: false, ... }, { kind: 'text', key: 'body', long: true, ... }] }
 * formModelOf({ type: 'object', properties: { id: { anyOf: [{ type: 'string' }, { type: 'number' }] } } });
 * // { ok: false, path: ['id'], problem: 'a choice between schemas (anyOf)' }
 * ```
 */
export function formModelOf(schema: unknown): FormModel {
  try {
    if (!isSchema(schema) || (schema.type !== undefined && schema.type !== 'object')) throw new Unrepresentable([], 'arguments that are not an object');
    return { ok: true, fields: objectFields(schema, []) };
  } catch (error) {
    if (error instanceof Unrepresentable) return { ok: false, path: error.path, problem: error.problem };
    throw error;
  }
}

function objectFields(schema: Schema, path: readonly string[]): FieldModel[] {
  unsupported(schema, path);
  const properties = schema.properties ?? {};
  if (!isSchema(properties)) throw new Unrepresentable(path, 'properties that are not an object');
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(properties).map(([key, property]) => fieldOf(key, property, [...path, key], required.includes(key)));
}

function fieldOf(key: string, schema: unknown, path: readonly string[], required: boolean): FieldModel {
  if (!isSchema(schema)) throw new Unrepresentable(path, 'a schema that is not an object');
  unsupported(schema, path);
  const base = {
    key,
    path,
    id: path.map((name) => encodeURIComponent(name).replaceAll('.', '%2E')).join('.'),
    label: typeof schema.title === 'string' && schema.title.trim() ? schema.title.trim() : labelOf(key),
    ...(typeof schema.description === 'string' && schema.description.trim() ? { hint: schema.description.trim() } : {}),
    required,
  };
  if (Array.isArray(schema.enum)) {
    if (schema.enum.length === 0 || !schema.enum.every(isChoiceValue)) throw new Unrepresentable(path, 'a choice between values that are objects or lists');
    return { ...base, kind: 'choice', options: schema.enum };
  }
  switch (schema.type) {
    case 'string':
      return { ...base, kind: 'text', long: isLongText(key, schema), ...textLimits(schema) };
    case 'number':
    case 'integer':
      return { ...base, kind: 'number', integer: schema.type === 'integer', ...numbers(schema, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'array': {
      const items = schema.items;
      if (!isSchema(items) || items.type !== 'string' || items.enum !== undefined) throw new Unrepresentable(path, 'a list of something other than texts');
      unsupported(items, path);
      return { ...base, kind: 'list', item: textLimits(items), ...numbers(schema, ['minItems', 'maxItems']) };
    }
    case 'object':
      return { ...base, kind: 'group', fields: objectFields(schema, path) };
    default:
      throw new Unrepresentable(path, Array.isArray(schema.type) ? 'a value of several types' : `a value of type ${JSON.stringify(schema.type ?? 'any')}`);
  }
}

function unsupported(schema: Schema, path: readonly string[]): void {
  const keyword = unsupportedKeywords.find((name) => schema[name] !== undefined);
  if (keyword) throw new Unrepresentable(path, keyword === '$ref' || keyword === 'const' ? `a ${keyword}` : `a combination of schemas (${keyword})`);
  if (isSchema(schema.additionalProperties)) throw new Unrepresentable(path, 'an object with properties of any name');
}

function isLongText(key: string, schema: Schema): boolean {
  return (
    (typeof schema.maxLength === 'number' && schema.maxLength > 200) ||
    schema.format === 'textarea' ||
    schema.format === 'multiline' ||
    schema['x-multiline'] === true ||
    (typeof schema.contentMediaType === 'string' && schema.contentMediaType.startsWith('text/')) ||
    longTextNames.test(key)
  );
}

function textLimits(schema: Schema): TextLimits {
  return numbers(schema, ['minLength', 'maxLength']);
}

function numbers<Key extends string>(schema: Schema, keys: readonly Key[]): Partial<Record<Key, number>> {
  const found: Partial<Record<Key, number>> = {};
  for (const key of keys) if (typeof schema[key] === 'number' && Number.isFinite(schema[key])) found[key] = schema[key];
  return found;
}

/** `olderThanDays`, `older_than_days` and `older-than-days` all read "Older than days". */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isChoiceValue(value: unknown): value is ChoiceValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}
