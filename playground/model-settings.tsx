import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { defaultModels, type ModelChoice, type ModelKind } from './model-choice';

const kinds: ReadonlyArray<{ kind: ModelKind; label: string; hint: string }> = [
  { kind: 'demo', label: 'Demo model', hint: 'Offline, scripted, no key. Shows every feature of the kit.' },
  { kind: 'openai-compatible', label: 'OpenAI-compatible endpoint', hint: 'Ollama, LM Studio, vLLM, llama.cpp server, or any hosted API that speaks it.' },
  { kind: 'openai', label: 'OpenAI', hint: 'With your key in this tab, or the server key (OPENAI_API_KEY).' },
  { kind: 'anthropic', label: 'Anthropic', hint: 'With your key in this tab, or the server key (ANTHROPIC_API_KEY).' },
  { kind: 'remote-agent', label: 'Remote agent (AG-UI)', hint: 'The kit’s agent on the playground server (npm run dev), over AG-UI. Your browser lends it the workspace and your approvals.' },
];

interface Draft {
  kind: ModelKind;
  via: 'browser' | 'server';
  baseURL: string;
  model: string;
  apiKey: string;
}

function draftOf(choice: ModelChoice): Draft {
  const base = { via: 'browser' as const, baseURL: 'http://localhost:11434/v1', model: '', apiKey: '' };
  if (choice.kind === 'demo' || choice.kind === 'remote-agent') return { ...base, kind: choice.kind };
  if (choice.kind === 'openai-compatible') return { ...base, ...choice };
  return { ...base, ...choice };
}

function choiceOf(draft: Draft): ModelChoice {
  const model = draft.model.trim() || (draft.kind === 'demo' || draft.kind === 'remote-agent' ? '' : defaultModels[draft.kind]);
  switch (draft.kind) {
    case 'demo':
    case 'remote-agent':
      return { kind: draft.kind };
    case 'openai-compatible':
      return { kind: 'openai-compatible', baseURL: draft.baseURL.trim(), model, apiKey: draft.apiKey.trim() };
    case 'openai':
    case 'anthropic':
      return { kind: draft.kind, via: draft.via, model, apiKey: draft.via === 'server' ? '' : draft.apiKey.trim() };
  }
}

function problemOf(draft: Draft): string | undefined {
  if (draft.kind === 'openai-compatible' && !/^https?:\/\/\S+$/.test(draft.baseURL.trim())) return 'Enter the endpoint URL, e.g. http://localhost:11434/v1.';
  if ((draft.kind === 'openai' || draft.kind === 'anthropic') && draft.via === 'browser' && draft.apiKey.trim() === '') return 'Enter an API key, or use the server key.';
  return undefined;
}

/**
 * The model settings dialog: a native `<dialog>` (focus trap, Escape, a labelled form). Saving
 * applies the choice; the conversation carries over to the new model.
 */
export function ModelSettings({ choice, onSave, onClose }: { choice: ModelChoice; onSave: (choice: ModelChoice) => void; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState(() => draftOf(choice));
  const [touched, setTouched] = useState(false);
  const id = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const update = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }));
  const problem = problemOf(draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem === undefined) onSave(choiceOf(draft));
  };
  const usesKey = draft.kind === 'openai-compatible' || ((draft.kind === 'openai' || draft.kind === 'anthropic') && draft.via === 'browser');

  return (
    <dialog ref={dialog} className="pg-settings" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={submit}>
        <h2 id={`${id}-title`}>Model</h2>
        <fieldset className="pg-settings-kinds">
          <legend className="pg-visually-hidden">Provider</legend>
          {kinds.map((option) => (
            <label key={option.kind} className="pg-settings-kind">
              <input type="radio" name="kind" value={option.kind} checked={draft.kind === option.kind} onChange={() => update({ kind: option.kind, model: '' })} />
              <span>
                <strong>{option.label}</strong>
                <small>{option.hint}</small>
              </span>
            </label>
          ))}
        </fieldset>
        {(draft.kind === 'openai' || draft.kind === 'anthropic') && (
          <fieldset className="pg-settings-via">
            <legend>Key</legend>
            <label>
              <input type="radio" name="via" checked={draft.via === 'browser'} onChange={() => update({ via: 'browser' })} /> Mine, kept in this tab only
            </label>
            <label>
              <input type="radio" name="via" checked={draft.via === 'server'} onChange={() => update({ via: 'server' })} /> The server key (never sent to the browser)
            </label>
          </fieldset>
        )}
        {draft.kind === 'openai-compatible' && (
          <label className="pg-settings-field">
            Endpoint URL
            <input type="url" value={draft.baseURL} onChange={(event) => update({ baseURL: event.target.value })} placeholder="http://localhost:11434/v1" />
          </label>
        )}
        {draft.kind !== 'demo' && draft.kind !== 'remote-agent' && !(draft.via === 'server' && draft.kind !== 'openai-compatible') && (
          <label className="pg-settings-field">
            Model
            <input value={draft.model} onChange={(event) => update({ model: event.target.value })} placeholder={defaultModels[draft.kind]} />
          </label>
        )}
        {usesKey && (
          <label className="pg-settings-field">
            API key{draft.kind === 'openai-compatible' ? ' (optional)' : ''}
            <input type="password" autoComplete="off" value={draft.apiKey} onChange={(event) => update({ apiKey: event.target.value })} />
          </label>
        )}
        {touched && problem && (
          <p className="pg-settings-problem" role="alert">
            {problem}
          </p>
        )}
        <div className="pg-settings-actions">
          <button type="button" className="pg-button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="pg-button pg-button-primary">
            Use this model
          </button>
        </div>
      </form>
    </dialog>
  );
}
