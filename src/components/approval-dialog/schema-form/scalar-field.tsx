import type { FieldModel } from './field-model';
import { describedBy, type FieldIds } from './field-ids';
import { FieldError, FieldHint, FieldLabel } from './field-parts';
import type { RawValue } from './form-values';
import { useStrings } from '../../strings/strings-context';

type ScalarField = Extract<FieldModel, { kind: 'text' | 'number' | 'boolean' | 'choice' }>;

/** Choices with at most this many options are radio buttons; more are a select. */
const maxRadioOptions = 5;

/** Props of `ScalarFieldView`. */
export interface ScalarFieldProps {
  field: ScalarField;
  ids: FieldIds;
  value: RawValue | undefined;
  error: string | undefined;
  onChange: (value: RawValue) => void;
}

/**
 * One field with one value: text (an input, or a textarea for long text and for any value with a
 * line break), a number (a text input with a numeric keyboard, so what is typed stays on screen),
 * a checkbox, or a choice (radio buttons, or a select beyond five options; "None" when optional).
 * Labelled, with its hint and error named by `aria-describedby` and `aria-invalid` while wrong.
 *
 * @example
 * ```tsx
 * <ScalarFieldView field={field} ids={fieldIds(prefix, field)} value={values[field.id]} error={errors[field.id]} onChange={(value) => set(field.id, value)} />
 * ```
 */
export function ScalarFieldView({ field, ids, value, error, onChange }: ScalarFieldProps) {
  const common = {
    id: ids.control,
    'aria-describedby': describedBy(ids, field.hint, error),
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required || undefined,
  };
  switch (field.kind) {
    case 'boolean':
      return (
        <div className="rak-form-field rak-form-check">
          <input {...common} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
          <label className="rak-form-label" htmlFor={ids.control}>
            <FieldLabel field={field} />
          </label>
          <FieldHint field={field} ids={ids} />
          <FieldError ids={ids} error={error} />
        </div>
      );
    case 'choice':
      return <ChoiceFieldView field={field} ids={ids} index={typeof value === 'number' ? value : -1} error={error} onChange={onChange} />;
    case 'text':
    case 'number': {
      const typed = typeof value === 'string' ? value : '';
      const long = field.kind === 'text' && (field.long || typed.includes('\n'));
      // A value reads in its own direction (an English email in a right-to-left page), a number left to right.
      const direction = field.kind === 'number' ? 'ltr' : 'auto';
      return (
        <div className="rak-form-field">
          <label className="rak-form-label" htmlFor={ids.control}>
            <FieldLabel field={field} />
          </label>
          <FieldHint field={field} ids={ids} />
          {long ? (
            <textarea {...common} dir={direction} className="rak-form-input rak-form-textarea" value={typed} rows={Math.min(Math.max(typed.split('\n').length, 3), 12)} onChange={(event) => onChange(event.target.value)} />
          ) : (
            <input
              {...common}
              className="rak-form-input"
              dir={direction}
              type="text"
              inputMode={field.kind === 'number' ? (field.integer ? 'numeric' : 'decimal') : undefined}
              autoComplete="off"
              value={typed}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
          <FieldError ids={ids} error={error} />
        </div>
      );
    }
  }
}

function ChoiceFieldView({ field, ids, index, error, onChange }: { field: Extract<FieldModel, { kind: 'choice' }>; ids: FieldIds; index: number; error: string | undefined; onChange: (value: number) => void }) {
  const text = useStrings().schemaForm;
  const options = field.options.map((option, position) => ({ position, label: option === null ? 'null' : String(option) }));
  const choices = field.required ? options : [{ position: -1, label: text.none }, ...options];
  const describe = describedBy(ids, field.hint, error);
  if (choices.length > maxRadioOptions) {
    return (
      <div className="rak-form-field">
        <label className="rak-form-label" htmlFor={ids.control}>
          <FieldLabel field={field} />
        </label>
        <FieldHint field={field} ids={ids} />
        <select id={ids.control} className="rak-form-input rak-form-select" value={index} aria-describedby={describe} aria-invalid={error ? true : undefined} aria-required={field.required || undefined} onChange={(event) => onChange(Number(event.target.value))}>
          {field.required && index < 0 && <option value={-1} disabled>{text.none}</option>}
          {choices.map((choice) => (
            <option key={choice.position} value={choice.position}>
              {choice.label}
            </option>
          ))}
        </select>
        <FieldError ids={ids} error={error} />
      </div>
    );
  }
  return (
    <fieldset className="rak-form-field rak-form-group rak-form-choice" aria-describedby={describe}>
      <legend className="rak-form-label">
        <FieldLabel field={field} />
      </legend>
      <FieldHint field={field} ids={ids} />
      <div className="rak-form-options">
        {choices.map((choice) => (
          <label key={choice.position} className="rak-form-option">
            <input
              type="radio"
              id={choice.position === (index < 0 ? choices[0]!.position : index) ? ids.control : undefined}
              name={ids.control}
              checked={choice.position === index}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(choice.position)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldError ids={ids} error={error} />
    </fieldset>
  );
}
