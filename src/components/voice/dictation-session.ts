import type { DictationMethod, Transcribe } from './dictation-options';
import type { SpeechRecognitionConstructor } from './speech-recognition-types';

/** Why dictation stopped without text, in the words the composer says. */
export type DictationProblem = 'no-permission' | 'no-device' | 'network' | 'no-speech' | 'failed';

/** What a dictation session reports, in order: text (any number of times), then `end` or `problem`. */
export interface DictationEvents {
  /** The words so far; `settled` once they will not change (the browser's final results, or a transcript). */
  text(words: string, settled: boolean): void;
  /** The recording stopped and is being turned into text (`transcribe` only). */
  transcribing(): void;
  /** Finished: the last `text` stands. */
  end(): void;
  problem(problem: DictationProblem): void;
}

/** A running dictation: `finish` keeps what was said, `cancel` drops it (no events follow). */
export interface DictationSession {
  finish(): void;
  cancel(): void;
}

/**
 * Starts listening with `method`.
 *
 * @example
 * ```ts
 * const session = startDictation(method, 'en-US', { text: show, transcribing, end, problem });
 * ```
 */
export function startDictation(method: DictationMethod, lang: string | undefined, events: DictationEvents): DictationSession {
  return method.type === 'browser' ? recognize(method.Recognition, lang, events) : record(method.transcribe, lang, events);
}

/** The browser's recognition: interim words as they come, final ones as they settle. */
function recognize(Recognition: SpeechRecognitionConstructor, lang: string | undefined, events: DictationEvents): DictationSession {
  const recognition = new Recognition();
  recognition.continuous = true;
  recognition.interimResults = true;
  if (lang) recognition.lang = lang;
  // Set once the session has said its last word (an end, a problem) or was cancelled.
  let over = false;
  recognition.onresult = (event) => {
    if (over) return;
    let settled = '';
    let changing = '';
    // Each event holds every result of the session, so the words are rebuilt from all of them.
    for (let index = 0; index < event.results.length; index++) {
      const result = event.results[index]!;
      if (result.isFinal) settled += result[0].transcript;
      else changing += result[0].transcript;
    }
    events.text(tidy(settled + changing), changing === '');
  };
  recognition.onerror = (event) => {
    if (over || event.error === 'aborted') return;
    over = true;
    events.problem(recognitionProblem(event.error));
  };
  recognition.onend = () => {
    if (over) return;
    over = true;
    events.end();
  };
  recognition.start();
  return {
    finish: () => recognition.stop(),
    cancel: () => {
      over = true;
      recognition.abort();
    },
  };
}

/** A recording from the microphone, turned into text by the app's `transcribe` once it stops. */
function record(transcribe: Transcribe, lang: string | undefined, events: DictationEvents): DictationSession {
  const controller = new AbortController();
  const chunks: Blob[] = [];
  let recorder: MediaRecorder | undefined;
  let stream: MediaStream | undefined;
  let finishing = false;
  const release = () => stream?.getTracks().forEach((track) => track.stop());
  const fail = (error: unknown) => {
    release();
    if (!controller.signal.aborted) events.problem(mediaProblem(error));
  };
  navigator.mediaDevices.getUserMedia({ audio: true }).then((granted) => {
    stream = granted;
    if (controller.signal.aborted) return release();
    recorder = new MediaRecorder(granted);
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      release();
      if (controller.signal.aborted) return;
      events.transcribing();
      const audio = new Blob(chunks, { type: recorder?.mimeType || chunks[0]?.type || 'audio/webm' });
      transcribe(audio, { signal: controller.signal, ...(lang ? { lang } : {}) }).then((text) => {
        if (controller.signal.aborted) return;
        if (tidy(text) === '') return events.problem('no-speech');
        events.text(tidy(text), true);
        events.end();
      }, fail);
    };
    recorder.start();
    // Finished before the microphone was granted: stop as soon as it is.
    if (finishing) recorder.stop();
  }, fail);
  return {
    finish: () => {
      finishing = true;
      if (recorder?.state === 'recording') recorder.stop();
    },
    cancel: () => {
      controller.abort();
      if (recorder?.state === 'recording') recorder.stop();
      release();
    },
  };
}

function tidy(words: string): string {
  return words.replace(/\s+/g, ' ').trim();
}

/** The Web Speech API's error codes, as what people can do about them. */
function recognitionProblem(error: string): DictationProblem {
  switch (error) {
    case 'not-allowed':
    case 'service-not-allowed':
      return 'no-permission';
    case 'audio-capture':
      return 'no-device';
    case 'network':
      return 'network';
    case 'no-speech':
      return 'no-speech';
    default:
      return 'failed';
  }
}

/** `getUserMedia`'s and `fetch`'s errors, as what people can do about them. */
function mediaProblem(error: unknown): DictationProblem {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'no-permission';
  if (name === 'NotFoundError' || name === 'NotReadableError' || name === 'OverconstrainedError') return 'no-device';
  // What `fetch` throws when the request did not get through.
  if (error instanceof TypeError) return 'network';
  return 'failed';
}
