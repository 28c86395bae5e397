import { useSyncExternalStore } from 'react';
import type { SpeechRecognitionConstructor } from './speech-recognition-types';

/**
 * Turns recorded speech into text with a service of the app's (its server, a provider's
 * transcription model): gets the recording (a `MediaRecorder` Blob, `audio/webm` or what the
 * browser records) and returns its text; stops when `signal` aborts. `serverTranscribe(url)`
 * makes one that posts to the kit's server.
 *
 * @example
 * ```ts
 * const transcribe: Transcribe = async (audio, { signal }) => {
 *   const response = await fetch('/api/transcribe', { method: 'POST', body: audio, signal });
 *   return (await response.json()).text;
 * };
 * ```
 */
export type Transcribe = (audio: Blob, options: { signal: AbortSignal; lang?: string }) => Promise<string>;

/**
 * Dictation in the composer (`Composer`'s and `AgentChat`'s `dictation`). With `transcribe`, the
 * microphone records and your adapter turns the recording into text; without it, the browser's
 * speech recognition listens and shows the words as they come.
 *
 * @example
 * ```tsx
 * <AgentChat agent={agent} dictation={{ transcribe: serverTranscribe('/api/agent'), lang: 'de-DE' }} />
 * ```
 */
export interface DictationOptions {
  /** Your speech-to-text; without it, the browser's `SpeechRecognition` is used where it exists. */
  transcribe?: Transcribe;
  /** The language spoken (BCP 47). Default: the chat's `lang`, else the browser's. */
  lang?: string;
}

/** How the composer dictates: the browser recognizes, or the app transcribes a recording. */
export type DictationMethod = { type: 'browser'; Recognition: SpeechRecognitionConstructor } | { type: 'transcribe'; transcribe: Transcribe };

const noOptions: DictationOptions = {};

/**
 * The `dictation` setting's options, or `undefined` when it is off.
 *
 * @example
 * ```ts
 * dictationOptions(true); // {}
 * ```
 */
export function dictationOptions(setting: boolean | DictationOptions | undefined): DictationOptions | undefined {
  if (setting === undefined || setting === false) return undefined;
  return setting === true ? noOptions : setting;
}

/**
 * How this page can dictate with `options`, or `undefined` (no button) when it cannot: a
 * `transcribe` adapter needs `MediaRecorder` and a microphone API, the browser's recognition needs
 * `SpeechRecognition` (or `webkitSpeechRecognition`).
 *
 * @example
 * ```ts
 * const method = dictationMethod({});
 * ```
 */
export function dictationMethod(options: DictationOptions): DictationMethod | undefined {
  if (typeof window === 'undefined') return undefined;
  if (options.transcribe !== undefined) {
    const canRecord = typeof MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
    return canRecord ? { type: 'transcribe', transcribe: options.transcribe } : undefined;
  }
  const scope = window as unknown as { SpeechRecognition?: SpeechRecognitionConstructor; webkitSpeechRecognition?: SpeechRecognitionConstructor };
  const Recognition = scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
  return Recognition ? { type: 'browser', Recognition } : undefined;
}

const never = () => () => {};

/**
 * Whether the composer shows its microphone: `false` on the server and in the first render of
 * hydration (so the markup matches), then what `dictationMethod` finds.
 *
 * @example
 * ```ts
 * const supported = useDictationSupported(options);
 * ```
 */
export function useDictationSupported(options: DictationOptions | undefined): boolean {
  return useSyncExternalStore(
    never,
    () => options !== undefined && dictationMethod(options) !== undefined,
    () => false,
  );
}
