import { useEffect, useRef } from 'react';
import type { FieldModel } from './field-model';
import { describedBy, type FieldIds } from './field-ids';
import { FieldError, FieldHint, FieldLabel } from './field-parts';
import { useStrings } from '../../strings/strings-context';

type ListField = Extract<FieldModel, { kind: 'list' }>;

/** Props of `ListField`. */
export interface ListFieldProps {
  field: ListField;
  ids: FieldIds;
  items: readonly string[];
  error: string | undefined;
  onChange: (items: string[]) => void;
}

/**
 * A list of texts in a fieldset: one labelled input per item ("Tags, item 2"), each with Remove,
 * and "Add an item". Focus follows: a new item's input takes it; after a removal, the item that
 * took its place (or Add).
 *
 * @example
 * ```tsx
 * <ListFieldView field={field} ids={ids} items={['urgent']} error={undefined} onChange={setItems} />
 * ```
 */
export function ListFieldView({ field, ids, items, error, onChange }: ListFieldProps) {
  const text = useStrings().schemaForm;
  const listRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    const inputs = listRef.current?.querySelectorAll<HTMLInputElement>('input');
    const target = inputs?.[focusNext.current] ?? listRef.current?.querySelector<HTMLButtonElement>('.rak-form-add');
    focusNext.current = null;
    target?.focus();
  }, [items.length]);
  const describe = describedBy(ids, field.hint, error);
  return (
    <fieldset className="rak-form-field rak-form-group rak-form-list" aria-describedby={describe}>
      <legend className="rak-form-label">
        <FieldLabel field={field} />
      </legend>
      <FieldHint field={field} ids={ids} />
      <div ref={listRef} className="rak-form-list-items">
        {items.length === 0 && <p className="rak-form-hint">{text.empty}</p>}
        {items.map((item, index) => (
          <div key={index} className="rak-form-list-item">
            <input
              id={index === 0 ? ids.control : undefined}
              className="rak-form-input"
              type="text"
              value={item}
              aria-label={text.item(field.label, index + 1)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              onChange={(event) => onChange(items.map((each, position) => (position === index ? event.target.value : each)))}
            />
            <button
              type="button"
              className="rak-button rak-button-small"
              aria-label={text.removeItem(index + 1)}
              onClick={() => {
                focusNext.current = index;
                onChange(items.filter((_, position) => position !== index));
              }}
            >
              {text.remove}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="rak-button rak-button-small rak-form-add"
          onClick={() => {
            focusNext.current = items.length;
            onChange([...items, '']);
          }}
        >
          {text.addItem}
        </button>
      </div>
      <FieldError ids={ids} error={error} />
    </fieldset>
  );
}
