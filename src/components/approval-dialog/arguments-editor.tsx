import { useId, useMemo, useState, type ReactNode, type Ref } from 'react';
import { escapeInvisibleInJson } from '../visible-text/reveal-invisible';
import { useStrings } from '../strings/strings-context';

/** The arguments being edited: the text, and what it parses to. */
export interface ArgumentsDraft {
  text: string;
  setText: (text: string) => void;
  /** The parsed value, or why the text is not JSON. */
  parsed: { ok: true; value: unknown } | { ok: false; problem: string };
  /** Whether the parsed value differs from the arguments the model sent (formatting aside). */
  edited: boolean;
  /** Whether the text differs from the model's arguments as first shown. */
  changed: boolean;
  /** Back to the model's arguments. */
  reset: () => void;
}

/**
 * Editable JSON text for a call's arguments, parsed on every change. Invisible characters in the
 * model's arguments are written as `\uXXXX` escapes: a textarea cannot mark them, and the escaped
 * text parses to exactly the same arguments (so it does not count as an edit).
 *
 * @example
 * ```tsx
 * const draft = useArgumentsDraft(call.input);
 * if (draft.parsed.ok && draft.edited) approve({ input: draft.parsed.value });
 * ```
 */
export function useArgumentsDraft(input: unknown): ArgumentsDraft {
  const initial = useMemo(() => escapeInvisibleInJson(JSON.stringify(input ?? {}, null, 2)), [input]);
  const [text, setText] = useState(initial);
  const parsed = useMemo((): ArgumentsDraft['parsed'] => {
    try {
      return { ok: true, value: JSON.parse(text) as unknown };
    } catch (error) {
      return { ok: false, problem: error instanceof Error ? error.message : String(error) };
    }
  }, [text]);
  const edited = parsed.ok && JSON.stringify(parsed.value) !== JSON.stringify(input ?? {});
  return { text, setText, parsed, edited, changed: text !== initial, reset: () => setText(initial) };
}

/** Props of `ArgumentsEditor`. */
export interface ArgumentsEditorProps {
  draft: ArgumentsDraft;
  /** Shown under the editor (for example the agent's refusal of the edited arguments). */
  error?: string | null;
  textareaRef?: Ref<HTMLTextAreaElement>;
  /** More controls for the editor's head, after Reset (the approval dialog's "Edit in a form"). */
  actions?: ReactNode;
}

/**
 * A labelled textarea with a call's arguments as JSON, validated as you type: invalid JSON
 * is reported next to it (and marked `aria-invalid`); a "Reset" button restores the model's
 * arguments once they were changed.
 *
 * @example
 * ```tsx
 * <ArgumentsEditor draft={useArgumentsDraft(call.input)} />
 * ```
 */
export function ArgumentsEditor({ draft, error, textareaRef, actions }: ArgumentsEditorProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const text = useStrings().approval;
  const problem = draft.parsed.ok ? null : text.notValidJson(draft.parsed.problem);
  const message = problem ?? error ?? null;
  const lines = draft.text.split('\n').length;
  return (
    <div className="rak-arguments">
      <div className="rak-arguments-head">
        <label className="rak-arguments-label" htmlFor={id}>
          {text.jsonLabel} <span className="rak-arguments-hint">{text.jsonHint}</span>
        </label>
        <span className="rak-arguments-actions">
          {draft.changed && (
            <button type="button" className="rak-button rak-button-small" onClick={draft.reset}>
              {text.reset}
            </button>
          )}
          {actions}
        </span>
      </div>
      <textarea
        ref={textareaRef}
        id={id}
        className="rak-arguments-input"
        // JSON reads left to right, in a right-to-left page too.
        dir="ltr"
        value={draft.text}
        rows={Math.min(Math.max(lines, 3), 14)}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        aria-invalid={message !== null}
        aria-describedby={message ? messageId : undefined}
        onChange={(event) => draft.setText(event.target.value)}
      />
      {message && (
        <p id={messageId} className="rak-arguments-error" role={error && !problem ? 'alert' : undefined}>
          {message}
        </p>
      )}
    </div>
  );
}
