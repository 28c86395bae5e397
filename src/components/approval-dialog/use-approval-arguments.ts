import { useMemo, useState } from 'react';
import { findInvisibleInValue } from '../visible-text/find-invisible';
import { escapeInvisibleInJson } from '../visible-text/reveal-invisible';
import { useArgumentsDraft, type ArgumentsDraft } from './arguments-editor';
import { sameJson } from './same-json';
import { formModelOf, type FieldModel } from './schema-form/field-model';
import { formValuesOf, readForm, type FormValues, type RawValue } from './schema-form/form-values';
import { useStrings } from '../strings/strings-context';

/** How the arguments are edited: the generated form, or the JSON text. */
export type ArgumentsMode = 'form' | 'json';

/** A call's arguments as a person edits them, in the form or as JSON. */
export interface ApprovalArguments {
  mode: ArgumentsMode;
  /** The form, when the schema has one (`undefined`: JSON only). */
  form: { fields: readonly FieldModel[]; values: FormValues; errors: Readonly<Record<string, string>>; setValue: (id: string, value: RawValue) => void } | undefined;
  /** When the schema has no form: the first property it cannot show, by name (`''` for the whole input). */
  formUnavailable: string | undefined;
  json: ArgumentsDraft;
  /** The arguments as they stand, or `ok: false` while they cannot be approved (invalid JSON, a field to fix). */
  current: { ok: true; value: unknown } | { ok: false };
  /** The arguments differ from the model's (key order aside). */
  edited: boolean;
  /** Something differs from what was first shown (Reset appears). */
  changed: boolean;
  /** Changes whenever the arguments do: a refusal of edited arguments belongs to one snapshot. */
  snapshot: string;
  /**
   * Switches the editor. Nothing changes, and the answer says why, when the JSON does not fit the
   * form (`'does-not-fit'`) or holds invisible characters, which a form's inputs cannot mark.
   */
  switchTo: (mode: ArgumentsMode) => 'does-not-fit' | 'hidden-characters' | null;
  reset: () => void;
}

/**
 * The arguments of a call being approved, edited in a form generated from the tool's JSON Schema
 * (`formModelOf`) or as JSON (`useArgumentsDraft`). The form is the start when the schema has
 * one and it holds the model's arguments exactly, and they have no invisible characters (inputs
 * cannot mark them; the JSON escapes them). Switching keeps what was typed: the form's arguments
 * become the JSON text, and JSON that fits the form fills it.
 *
 * @example
 * ```ts
 * const args = useApprovalArguments(call.input, tool?.inputSchema);
 * if (args.current.ok) approve(args.edited ? { input: args.current.value } : {});
 * ```
 */
export function useApprovalArguments(input: unknown, schema: unknown): ApprovalArguments {
  const json = useArgumentsDraft(input);
  const model = useMemo(() => formModelOf(schema), [schema]);
  const fields = model.ok ? model.fields : undefined;
  const initialValues = useMemo(() => (fields ? formValuesOf(fields, input) : undefined), [fields, input]);
  const [values, setValues] = useState(initialValues ?? {});
  const [mode, setMode] = useState<ArgumentsMode>(() => (initialValues && findInvisibleInValue(input).length === 0 ? 'form' : 'json'));
  const formWords = useStrings().schemaForm;
  const reading = useMemo(() => (fields ? readForm(fields, values, input, formWords) : undefined), [fields, values, input, formWords]);

  const inForm = mode === 'form' && reading !== undefined;
  const formOk = reading !== undefined && Object.keys(reading.errors).length === 0;
  const current = inForm ? (formOk ? { ok: true as const, value: reading.value } : { ok: false as const }) : json.parsed.ok ? json.parsed : { ok: false as const };
  const edited = inForm ? !sameJson(reading.value, input ?? {}) : json.parsed.ok && !sameJson(json.parsed.value, input ?? {});

  const switchTo = (next: ArgumentsMode) => {
    if (next === 'json') {
      if (inForm && edited) json.setText(escapeInvisibleInJson(JSON.stringify(reading.value, null, 2)));
      else if (inForm) json.reset();
      setMode('json');
      return null;
    }
    const fitted = fields && json.parsed.ok ? formValuesOf(fields, json.parsed.value) : undefined;
    if (!fitted) return 'does-not-fit';
    if (findInvisibleInValue(json.parsed.ok ? json.parsed.value : null).length > 0) return 'hidden-characters';
    setValues(fitted);
    setMode('form');
    return null;
  };
  return {
    mode: inForm ? 'form' : 'json',
    form: fields && reading ? { fields, values, errors: reading.errors, setValue: (id, value) => setValues((before) => ({ ...before, [id]: value })) } : undefined,
    formUnavailable: model.ok ? undefined : model.path.join('.'),
    json,
    current,
    edited,
    changed: inForm ? edited : json.changed,
    snapshot: inForm ? JSON.stringify(reading.value) : json.text,
    switchTo,
    reset: () => {
      json.reset();
      if (initialValues) setValues(initialValues);
    },
  };
}
