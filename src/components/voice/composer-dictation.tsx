import type { RefObject } from 'react';
import { DictationButton } from './dictation-button';
import { dictationMethod, dictationOptions, useDictationSupported, type DictationOptions } from './dictation-options';

/** Props of `ComposerDictation`. */
export interface ComposerDictationProps {
  /** The composer's `dictation` setting. */
  setting: boolean | DictationOptions;
  text: string;
  onText(text: string): void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The composer's microphone where dictation is on and can work (the browser's recognition, or a
 * `transcribe` adapter where the page can record), nothing otherwise: a lazy part of `Composer`,
 * loaded only with `dictation`, so a composer without it ships none of this.
 *
 * @example
 * ```tsx
 * <ComposerDictation setting={dictation} text={text} onText={setText} inputRef={inputRef} />
 * ```
 */
export function ComposerDictation({ setting, text, onText, inputRef }: ComposerDictationProps) {
  const options = dictationOptions(setting);
  const supported = useDictationSupported(options);
  const method = supported && options !== undefined ? dictationMethod(options) : undefined;
  if (method === undefined) return null;
  return <DictationButton method={method} {...(options?.lang ? { lang: options.lang } : {})} text={text} onText={onText} inputRef={inputRef} />;
}
