/**
 * Every string of voice in and out (the composer's dictation, "Read aloud" under a reply), in one
 * place so that a locale can replace them together.
 */
export const voiceText = {
  /** The microphone button's name; `aria-pressed` says whether it listens. */
  dictate: 'Dictate',
  /** Shown (and announced) while the browser listens. */
  listening: 'Listening… Press the microphone to finish, Escape to cancel.',
  /** Shown while the recording is turned into text (a `transcribe` adapter). */
  transcribing: 'Turning your speech into text…',
  /** Announced when Escape put the message back as it was. */
  cancelled: 'Dictation cancelled.',
  noPermission: 'The microphone is blocked. Allow it in the browser’s settings for this site to dictate.',
  noDevice: 'No microphone was found. Connect one to dictate.',
  network: 'Dictation needs the network, and the connection failed. Try again.',
  noSpeech: 'No speech was heard. Try again.',
  failed: 'Dictation did not work. Try again.',
  readAloud: 'Read aloud',
  stopReading: 'Stop reading',
  /** Announced when a reply starts being read. */
  reading: 'Reading the reply aloud.',
  /** Announced when reading stopped before the end. */
  readingStopped: 'Stopped reading.',
  readingFailed: 'The reply could not be read aloud.',
  /** Said in place of a fenced code block. */
  codeSkipped: 'Code block skipped.',
};
