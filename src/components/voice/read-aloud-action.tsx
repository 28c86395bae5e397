import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useWords } from '../strings/strings-context';
import { voiceText } from './voice-text';
import { readAloudOptions, type ReadAloudOptions } from './read-aloud-options';
import { isReading, startReading, stopReading, subscribeReading, type ReadingEnd } from './reading-aloud';
import { speechText } from './speech-text';

/** Props of `ReadAloudAction`. */
export interface ReadAloudActionProps {
  /** The reply's text as written (markdown); it is read without its markup, code blocks skipped. */
  text: string;
  /** The voice: the browser's `speechSynthesis`, or your `speak`. */
  options: ReadAloudOptions;
}

/**
 * "Read aloud" under a finished reply: speaks the reply's words (no markup, no link URLs, code
 * blocks replaced by a short phrase) and reads "Stop reading" meanwhile. One reply is read at a
 * time on the page: starting another stops the first. A polite status says when reading starts,
 * stops or fails. Renders nothing for a reply without text.
 *
 * @example
 * ```tsx
 * <ReadAloudAction text={replyText} options={{ lang: 'en-GB' }} />
 * ```
 */
export function ReadAloudAction({ text, options }: ReadAloudActionProps) {
  const words = useWords('voice', voiceText);
  const [reader] = useState(() => ({}));
  const reading = useSyncExternalStore(
    subscribeReading,
    () => isReading(reader),
    () => false,
  );
  const [announcement, setAnnouncement] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A reply that goes away (a branch switched, the thread cleared) stops being read.
  useEffect(() => () => stopReading(reader), [reader]);
  if (text.trim() === '') return null;

  const toggle = () => {
    if (reading) return stopReading(reader);
    const lines = speechText(text, words).split('\n').filter((line) => line !== '');
    // The chat's language (its `lang`) unless the app names one.
    const lang = options.lang ?? (buttonRef.current?.closest<HTMLElement>('[lang]')?.lang || undefined);
    setAnnouncement(words.reading);
    startReading(reader, lines, { ...options, ...(lang ? { lang } : {}) }, (outcome: ReadingEnd) => setAnnouncement(endAnnouncement(outcome, words)));
  };

  return (
    <>
      <button ref={buttonRef} type="button" className="rak-message-action rak-read-aloud" data-reading={reading || undefined} onClick={toggle}>
        {reading ? words.stopReading : words.readAloud}
      </button>
      <span className="rak-visually-hidden" role="status">
        {announcement}
      </span>
    </>
  );
}

function endAnnouncement(outcome: ReadingEnd, words: { readingStopped: string; readingFailed: string }): string {
  switch (outcome) {
    // A reply read to its end needs no word; one replaced is followed by the next one's announcement.
    case 'finished':
    case 'replaced':
      return '';
    case 'stopped':
      return words.readingStopped;
    case 'failed':
      return words.readingFailed;
    default: {
      const unknown: never = outcome;
      return unknown;
    }
  }
}

/**
 * `ReadAloudAction` for a `readAloud` setting, where this page can speak (a `speak` adapter or
 * `speechSynthesis`); nothing otherwise. What `MessageView` loads for a finished reply.
 *
 * @example
 * ```tsx
 * <ReadAloudWhereItCan text={textOf(message)} setting={features.readAloud} />
 * ```
 */
export function ReadAloudWhereItCan({ text, setting }: { text: string; setting: true | ReadAloudOptions }) {
  const options = readAloudOptions(setting);
  return options === undefined ? null : <ReadAloudAction text={text} options={options} />;
}
