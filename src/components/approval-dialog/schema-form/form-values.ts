/**
 * What a person types into the generated form, and the arguments it makes (pure: no React).
 * Text and numbers are kept as typed (so "1." or "abc" stay on screen with an error), booleans as
 * checked, a choice as the index of its option, a list as its texts; groups hold no value of
 * their own. Keyed by field id.
 */
import type { ChoiceValue, FieldModel, TextLimits } from './field-model';
import type { KitStrings } from '../../strings/kit-strings';
import { schemaFormText } from './schema-form-text';

type FormWords = KitStrings['schemaForm'];

/** One field's raw value. */
export type RawValue = string | boolean | number | readonly string[];

/** The raw values of a form, by field id. */
export type FormValues = Readonly<Record<string, RawValue>>;

/** The arguments the form makes, and each invalid field's error (by field id). */
export interface FormReading {
  value: Record<string, unknown>;
  errors: Readonly<Record<string, string>>;
}

type JsonObject = Record<string, unknown>;

/**
 * The form's raw values for `input`, or `undefined` when the form cannot hold it exactly: a key the
 * schema does not list, or a value of another kind than its field (the JSON editor shows it then).
 *
 * @example
 * ```ts
 * formValuesOf(fields, { to: 'ada@example.com', urgent: true }); // { to: 'ada@example.com', urgent: true, subject: '' }
 * ```
 */
export function formValuesOf(fields: readonly FieldModel[], input: unknown): FormValues | undefined {
  const values: Record<string, RawValue> = {};
  return fill(fields, input, values) ? values : undefined;
}

function fill(fields: readonly FieldModel[], input: unknown, values: Record<string, RawValue>): boolean {
  if (!isObject(input)) return false;
  if (Object.keys(input).some((key) => !fields.some((field) => field.key === key))) return false;
  return fields.every((field) => {
    const value = input[field.key];
    switch (field.kind) {
      case 'text':
        return value === undefined ? set(values, field, '') : typeof value === 'string' && set(values, field, value);
      case 'number':
        return value === undefined ? set(values, field, '') : typeof value === 'number' && Number.isFinite(value) && set(values, field, String(value));
      case 'boolean':
        return value === undefined ? set(values, field, false) : typeof value === 'boolean' && set(values, field, value);
      case 'choice': {
        const index = value === undefined ? -1 : field.options.indexOf(value as ChoiceValue);
        return (value === undefined || index >= 0) && set(values, field, index);
      }
      case 'list':
        return value === undefined ? set(values, field, []) : Array.isArray(value) && value.every((item) => typeof item === 'string') && set(values, field, [...(value)]);
      case 'group':
        return fill(field.fields, value ?? {}, values);
    }
  });
}

function set(values: Record<string, RawValue>, field: FieldModel, value: RawValue): true {
  values[field.id] = value;
  return true;
}

/**
 * The arguments the form's values make, and the errors to fix before they can be approved. An
 * empty optional field is left out, unless the model's arguments (`original`) had it; a value
 * that is not valid stays as typed (a number field's text), so switching to JSON loses nothing.
 *
 * @example
 * ```ts
 * readForm(fields, { to: '', days: '7.5' }, original);
 * // { value: { days: '7.5' }, errors: { to: 'Required.', days: 'Enter a whole number.' } }
 * ```
 */
export function readForm(fields: readonly FieldModel[], values: FormValues, original: unknown, text: FormWords = schemaFormText): FormReading {
  const errors: Record<string, string> = {};
  return { value: readObject(fields, values, isObject(original) ? original : {}, errors, text).value, errors };
}

/** `filled`: some field holds something (an optional group nobody filled is left out, errors and all). */
function readObject(fields: readonly FieldModel[], values: FormValues, original: JsonObject, errors: Record<string, string>, text: FormWords): { value: JsonObject; filled: boolean } {
  const value: JsonObject = {};
  let filled = false;
  for (const field of fields) {
    const had = original[field.key] !== undefined;
    const result = readField(field, values, isObject(original[field.key]) ? (original[field.key] as JsonObject) : {}, had, errors, text);
    if (result.error) errors[field.id] = result.error;
    filled ||= !result.empty;
    if (result.empty && !field.required && !had) continue;
    value[field.key] = result.value;
  }
  return { value, filled };
}

function readField(field: FieldModel, values: FormValues, original: JsonObject, had: boolean, errors: Record<string, string>, text: FormWords): { value: unknown; empty: boolean; error?: string } {
  const raw = values[field.id];
  switch (field.kind) {
    case 'text': {
      const typed = typeof raw === 'string' ? raw : '';
      const error = typed === '' ? (field.required ? text.requiredError : undefined) : lengthError(typed, field, text);
      return withError({ value: typed, empty: typed === '' }, error);
    }
    case 'number': {
      const typed = typeof raw === 'string' ? raw.trim() : '';
      if (typed === '') return withError({ value: undefined, empty: true }, field.required ? text.requiredError : undefined);
      const number = Number(typed);
      return Number.isFinite(number) ? withError({ value: number, empty: false }, numberError(number, field, text)) : { value: typed, empty: false, error: text.numberError };
    }
    case 'boolean':
      return { value: raw === true, empty: raw !== true };
    case 'choice': {
      const index = typeof raw === 'number' ? raw : -1;
      return index < 0 ? withError({ value: undefined, empty: true }, field.required ? text.chooseError : undefined) : { value: field.options[index], empty: false };
    }
    case 'list': {
      const items = Array.isArray(raw) ? (raw as string[]) : [];
      const itemError = items.map((item, index) => [index, lengthError(item, field.item, text)] as const).find(([, error]) => error);
      const error =
        field.minItems !== undefined && items.length < field.minItems
          ? text.minItems(field.minItems)
          : field.maxItems !== undefined && items.length > field.maxItems
            ? text.maxItems(field.maxItems)
            : itemError
              ? text.itemError(itemError[0] + 1, itemError[1]!)
              : undefined;
      return withError({ value: [...items], empty: items.length === 0 }, error);
    }
    case 'group': {
      const own: Record<string, string> = {};
      const { value, filled } = readObject(field.fields, values, original, own, text);
      if (filled || field.required || had) Object.assign(errors, own);
      return { value, empty: !filled };
    }
  }
}

function withError<Result extends { value: unknown; empty: boolean }>(result: Result, error: string | undefined): Result & { error?: string } {
  return error ? { ...result, error } : result;
}

function lengthError(value: string, limits: TextLimits, text: FormWords): string | undefined {
  const length = [...value].length;
  if (limits.minLength !== undefined && length < limits.minLength) return text.minLength(limits.minLength);
  if (limits.maxLength !== undefined && length > limits.maxLength) return text.maxLength(limits.maxLength);
  return undefined;
}

function numberError(value: number, field: Extract<FieldModel, { kind: 'number' }>, text: FormWords): string | undefined {
  if (field.integer && !Number.isInteger(value)) return text.integerError;
  if (field.minimum !== undefined && value < field.minimum) return text.atLeast(field.minimum);
  if (field.maximum !== undefined && value > field.maximum) return text.atMost(field.maximum);
  if (field.exclusiveMinimum !== undefined && value <= field.exclusiveMinimum) return text.above(field.exclusiveMinimum);
  if (field.exclusiveMaximum !== undefined && value >= field.exclusiveMaximum) return text.below(field.exclusiveMaximum);
  return undefined;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
