import type { FieldModel } from './field-model';

/** The element ids of one field: its control, its hint and its error. */
export interface FieldIds {
  control: string;
  hint: string;
  error: string;
}

/**
 * A field's element ids under the form's prefix (from `useId`), and the `aria-describedby` that
 * names its hint and error when they are shown.
 *
 * @example
 * ```ts
 * const ids = fieldIds(prefix, field);
 * <input id={ids.control} aria-describedby={describedBy(ids, field.hint, error)} />
 * ```
 */
export function fieldIds(prefix: string, field: FieldModel): FieldIds {
  const control = `${prefix}-${field.id}`;
  return { control, hint: `${control}-hint`, error: `${control}-error` };
}

/** The ids of the hint and the error that are shown, or `undefined` when neither is. */
export function describedBy(ids: FieldIds, hint: string | undefined, error: string | undefined): string | undefined {
  const parts = [hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}
