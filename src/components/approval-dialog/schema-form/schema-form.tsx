import type { FieldModel } from './field-model';
import { fieldIds } from './field-ids';
import { FieldHint, FieldLabel } from './field-parts';
import type { FormValues, RawValue } from './form-values';
import { ListFieldView } from './list-field';
import { ScalarFieldView } from './scalar-field';

/** Props of `SchemaForm`. */
export interface SchemaFormProps {
  /** The form's fields (`formModelOf(schema).fields`). */
  fields: readonly FieldModel[];
  values: FormValues;
  /** Errors by field id (`readForm(...).errors`). */
  errors: Readonly<Record<string, string>>;
  onChange: (id: string, value: RawValue) => void;
  /** Prefix of the form's element ids (from `useId`), unique in the page. */
  idPrefix: string;
}

/**
 * The generated form of a tool's arguments: one labelled control per property, nested objects as
 * fieldsets with their name as the legend. What it shows and how it reads the values lives in
 * `field-model.ts` and `form-values.ts`; this renders them.
 *
 * @example
 * ```tsx
 * <SchemaForm fields={model.fields} values={values} errors={readForm(model.fields, values, input).errors} onChange={setValue} idPrefix={useId()} />
 * ```
 */
export function SchemaForm({ fields, values, errors, onChange, idPrefix }: SchemaFormProps) {
  return (
    <>
      {fields.map((field) => {
        const ids = fieldIds(idPrefix, field);
        switch (field.kind) {
          case 'group':
            return (
              <fieldset key={field.id} className="rak-form-field rak-form-group" aria-describedby={field.hint ? ids.hint : undefined}>
                <legend className="rak-form-label">
                  <FieldLabel field={field} />
                </legend>
                <FieldHint field={field} ids={ids} />
                <SchemaForm fields={field.fields} values={values} errors={errors} onChange={onChange} idPrefix={idPrefix} />
              </fieldset>
            );
          case 'list':
            return <ListFieldView key={field.id} field={field} ids={ids} items={(values[field.id] as readonly string[] | undefined) ?? []} error={errors[field.id]} onChange={(items) => onChange(field.id, items)} />;
          default:
            return <ScalarFieldView key={field.id} field={field} ids={ids} value={values[field.id]} error={errors[field.id]} onChange={(value) => onChange(field.id, value)} />;
        }
      })}
    </>
  );
}
