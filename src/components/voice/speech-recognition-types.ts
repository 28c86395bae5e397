/**
 * The part of the Web Speech API's `SpeechRecognition` that dictation uses (TypeScript's DOM
 * library does not declare it; Chrome and Safari ship it as `webkitSpeechRecognition`).
 */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: SpeechRecognitionResultEventLike) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

/** A `result` event: every result of the session so far, final ones and the one still changing. */
export interface SpeechRecognitionResultEventLike {
  readonly results: ArrayLike<{ readonly isFinal: boolean; readonly 0: { readonly transcript: string } }>;
}

/** `SpeechRecognition` or `webkitSpeechRecognition`. */
export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;
