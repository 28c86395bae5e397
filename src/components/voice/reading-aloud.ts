import type { ReadAloudOptions } from './read-aloud-options';

/**
 * How a reading ended: spoken to the end, stopped by the person, `replaced` by another reply's
 * reading, or `failed` (the voice reported an error).
 */
export type ReadingEnd = 'finished' | 'stopped' | 'replaced' | 'failed';

interface Reading {
  reader: object;
  end(outcome: ReadingEnd): void;
}

// One reading on the whole page: there is one pair of speakers, and `speechSynthesis` is one queue.
let current: Reading | undefined;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/**
 * Calls `listener` whenever which reader is reading changes; returns the unsubscribe.
 *
 * @example
 * ```ts
 * const reading = useSyncExternalStore(subscribeReading, () => isReading(reader), () => false);
 * ```
 */
export function subscribeReading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether `reader` (any object that stands for one button) is the one reading now. */
export function isReading(reader: object): boolean {
  return current?.reader === reader;
}

/**
 * Speaks `lines` for `reader`, stopping whatever was being read (that reader's `onEnd` gets
 * `'replaced'`). `onEnd` is called once, however the reading ends.
 *
 * @example
 * ```ts
 * startReading(reader, ['Hello.', 'Code block skipped.'], {}, (outcome) => setEnded(outcome));
 * ```
 */
export function startReading(reader: object, lines: readonly string[], options: ReadAloudOptions, onEnd: (outcome: ReadingEnd) => void): void {
  current?.end('replaced');
  const controller = new AbortController();
  const reading: Reading = {
    reader,
    end(outcome) {
      if (current !== reading) return;
      current = undefined;
      controller.abort();
      changed();
      onEnd(outcome);
    },
  };
  current = reading;
  changed();
  const spoken = options.speak ? options.speak(lines.join('\n'), { signal: controller.signal, ...(options.lang ? { lang: options.lang } : {}) }) : speakWithSynthesis(lines, options.lang, controller.signal);
  spoken.then(
    () => reading.end('finished'),
    () => reading.end(controller.signal.aborted ? 'stopped' : 'failed'),
  );
}

/**
 * Stops the reading of `reader` (or any reading, without one); its `onEnd` gets `'stopped'`.
 *
 * @example
 * ```ts
 * useEffect(() => () => stopReading(reader), [reader]);
 * ```
 */
export function stopReading(reader?: object): void {
  if (current && (reader === undefined || current.reader === reader)) current.end('stopped');
}

/** Speaks the lines one utterance each (long utterances get cut off in some browsers), in order. */
function speakWithSynthesis(lines: readonly string[], lang: string | undefined, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const synthesis = speechSynthesis;
    // What another page part queued would otherwise play first.
    synthesis.cancel();
    let index = 0;
    const next = () => {
      if (signal.aborted) return;
      const line = lines[index++];
      if (line === undefined) return resolve();
      const utterance = new SpeechSynthesisUtterance(line);
      if (lang) utterance.lang = lang;
      utterance.onend = next;
      utterance.onerror = (event) => {
        // Cancelled by a stop: the stop has already ended the reading.
        if (event.error === 'interrupted' || event.error === 'canceled') return;
        reject(new Error(`Speech synthesis failed: ${event.error}`));
      };
      synthesis.speak(utterance);
    };
    signal.addEventListener('abort', () => synthesis.cancel(), { once: true });
    next();
  });
}
