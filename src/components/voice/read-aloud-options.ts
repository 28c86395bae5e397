/**
 * Speaks text with a voice of the app's (a server's text-to-speech, a provider's voice model):
 * settles when the text has been spoken, and stops speaking when `signal` aborts. `lang` is the
 * BCP 47 language to speak in, when known.
 *
 * @example
 * ```ts
 * const speak: Speak = async (text, { signal }) => {
 *   const response = await fetch('/api/speech', { method: 'POST', body: text, signal });
 *   await playAudio(await response.blob(), signal);
 * };
 * ```
 */
export type Speak = (text: string, options: { signal: AbortSignal; lang?: string }) => Promise<void>;

/**
 * "Read aloud" under a finished reply (`MessageFeatures.readAloud`, `AgentChat`'s `readAloud`):
 * the browser's `speechSynthesis` unless `speak` is given.
 *
 * @example
 * ```tsx
 * <AgentChat agent={agent} readAloud={{ lang: 'en-GB' }} />
 * ```
 */
export interface ReadAloudOptions {
  /** Your own voice; without it, the browser's `speechSynthesis` speaks. */
  speak?: Speak;
  /** The language to speak in (BCP 47). Default: the chat's `lang`, else the browser's choice. */
  lang?: string;
}

const browserVoice: ReadAloudOptions = {};

/**
 * The options in effect for a `readAloud` setting, or `undefined` when it is off or nothing on
 * this page can speak (no `speak` adapter and no `speechSynthesis`): then there is no button.
 *
 * @example
 * ```ts
 * const options = readAloudOptions(features.readAloud);
 * if (options) showReadAloudButton(options);
 * ```
 */
export function readAloudOptions(setting: boolean | ReadAloudOptions | undefined): ReadAloudOptions | undefined {
  if (setting === undefined || setting === false) return undefined;
  const options = setting === true ? browserVoice : setting;
  if (options.speak !== undefined) return options;
  return typeof speechSynthesis !== 'undefined' && typeof SpeechSynthesisUtterance !== 'undefined' ? options : undefined;
}
