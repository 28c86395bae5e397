import { Suspense, type RefObject } from 'react';
import { lazyPart } from '../lazy-part';
import { dictationMethod, useDictationSupported, type DictationOptions } from './dictation-options';

/** The microphone and its recognition and recording code: loaded where dictation is on and possible. */
export const dictationPart = lazyPart(() => import('./dictation-button').then((module) => module.DictationButton));

/** Props of `ComposerDictation`. */
export interface ComposerDictationProps {
  /** The composer's `dictation` setting, as options (`undefined`: off). */
  options: DictationOptions | undefined;
  text: string;
  onText(text: string): void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The composer's microphone where dictation is on and this page can dictate (the browser's speech
 * recognition, or a `transcribe` adapter and a microphone); nothing otherwise.
 *
 * @example
 * ```tsx
 * <ComposerDictation options={dictationOptions(dictation)} text={text} onText={setText} inputRef={inputRef} />
 * ```
 */
export function ComposerDictation({ options, text, onText, inputRef }: ComposerDictationProps) {
  const supported = useDictationSupported(options);
  const method = supported && options !== undefined ? dictationMethod(options) : undefined;
  if (method === undefined) return null;
  return (
    <Suspense fallback={null}>
      <dictationPart.Component method={method} {...(options?.lang ? { lang: options.lang } : {})} text={text} onText={onText} inputRef={inputRef} />
    </Suspense>
  );
}
