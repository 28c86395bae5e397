import { useEffect, type RefObject } from 'react';
import { useWords } from '../strings/strings-context';
import { voiceText } from './voice-text';
import type { DictationMethod } from './dictation-options';
import type { DictationProblem } from './dictation-session';
import { useDictation } from './use-dictation';
import type { KitStrings } from '../strings/kit-strings';

/** Props of `DictationButton`. */
export interface DictationButtonProps {
  method: DictationMethod;
  /** The language spoken; default: the composer's `lang`, else the browser's. */
  lang?: string;
  /** The composer's text now: dictation adds after it, Escape puts it back. */
  text: string;
  onText(text: string): void;
  /** The composer's input: Escape in its form cancels, sending the form stops listening. */
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The composer's microphone: pressed (`aria-pressed`) while it listens, with a line saying so;
 * pressing it again finishes, Escape cancels (the input goes back to what it held), and sending
 * the message or typing stops listening. Problems (a blocked or missing microphone, no network) are said in
 * an alert.
 *
 * @example
 * ```tsx
 * <DictationButton method={method} text={text} onText={setText} inputRef={inputRef} />
 * ```
 */
export function DictationButton({ method, lang, text, onText, inputRef }: DictationButtonProps) {
  const words = useWords('voice', voiceText);
  // Once the words are in, the input is where people check and send them.
  const dictation = useDictation({ method, setText: onText, onEnd: () => inputRef.current?.focus({ preventScroll: true }) });
  const { status, cancel, drop } = dictation;
  const active = status !== 'idle';

  useEffect(() => {
    const element = inputRef.current?.form;
    if (!active || !element) return;
    // On the form, so they come before the composer's own handlers (Escape there stops a run).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      // Enter sends the message as it reads: listening stops there, and nothing more is added.
      if (event.key === 'Enter' && !event.shiftKey && event.target === inputRef.current) return drop();
      if (event.key !== 'Escape') return;
      event.preventDefault();
      cancel();
      inputRef.current?.focus();
    };
    // Typing takes over from the voice: listening stops, and what the input holds stays.
    const onInput = (event: Event) => {
      if (event.target === inputRef.current) drop();
    };
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('input', onInput);
    element.addEventListener('submit', drop);
    return () => {
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('input', onInput);
      element.removeEventListener('submit', drop);
    };
  }, [active, cancel, drop, inputRef]);

  const note = status === 'listening' ? words.listening : status === 'transcribing' ? words.transcribing : dictation.cancelled ? words.cancelled : '';
  return (
    <>
      <button
        type="button"
        className="rak-composer-dictate"
        aria-label={words.dictate}
        title={words.dictate}
        aria-pressed={active}
        data-status={status}
        onClick={() => {
          // While the recording is turned into text there is nothing to press: Escape cancels.
          if (status === 'idle') dictation.start(text, lang ?? (inputRef.current?.closest<HTMLElement>('[lang]')?.lang || undefined));
          else if (status === 'listening') dictation.finish();
        }}
      >
        <span className="rak-icon-microphone" aria-hidden="true" />
      </button>
      <span className="rak-composer-dictation-note" role="status">
        {note}
      </span>
      {dictation.problem !== null && (
        <p className="rak-composer-dictation-problem" role="alert">
          {problemText(dictation.problem, words)}
        </p>
      )}
    </>
  );
}

function problemText(problem: DictationProblem, words: KitStrings['voice']): string {
  switch (problem) {
    case 'no-permission':
      return words.noPermission;
    case 'no-device':
      return words.noDevice;
    case 'network':
      return words.network;
    case 'no-speech':
      return words.noSpeech;
    case 'failed':
      return words.failed;
    default: {
      const unknown: never = problem;
      return unknown;
    }
  }
}
