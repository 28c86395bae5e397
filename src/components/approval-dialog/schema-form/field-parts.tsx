import { VisibleText } from '../../visible-text/visible-text';
import type { FieldModel } from './field-model';
import type { FieldIds } from './field-ids';

/**
 * A field's label text: its name and, when required, a mark (the control itself says
 * `aria-required`, so the mark is for the eye only).
 *
 * @example
 * ```tsx
 * <label htmlFor={ids.control}><FieldLabel field={field} /></label>
 * ```
 */
export function FieldLabel({ field }: { field: FieldModel }) {
  return (
    <>
      <VisibleText text={field.label} mode="prose" />
      {field.required && (
        <span className="rak-form-required" aria-hidden="true">
          {' *'}
        </span>
      )}
    </>
  );
}

/**
 * A field's hint (its schema `description`), with the id its control names in `aria-describedby`.
 *
 * @example
 * ```tsx
 * <FieldHint field={field} ids={ids} />
 * ```
 */
export function FieldHint({ field, ids }: { field: FieldModel; ids: FieldIds }) {
  return field.hint ? (
    <p id={ids.hint} className="rak-form-hint">
      <VisibleText text={field.hint} mode="prose" />
    </p>
  ) : null;
}

/**
 * A field's error, with the id its control names in `aria-describedby`.
 *
 * @example
 * ```tsx
 * <FieldError ids={ids} error={errors[field.id]} />
 * ```
 */
export function FieldError({ ids, error }: { ids: FieldIds; error: string | undefined }) {
  return error ? (
    <p id={ids.error} className="rak-form-error">
      {error}
    </p>
  ) : null;
}
