import { useCallback, useEffect, useRef, useState } from 'react';
import type { DictationMethod } from './dictation-options';
import { startDictation, type DictationProblem, type DictationSession } from './dictation-session';

/** Where dictation stands: nothing, the microphone on, or a recording being turned into text. */
export type DictationStatus = 'idle' | 'listening' | 'transcribing';

/** What `useDictation` needs: how to listen, and the composer's text to write into. */
export interface DictationTarget {
  method: DictationMethod;
  /** Sets the composer's text. */
  setText(text: string): void;
  /** Called when a dictation ends with its words in place. */
  onEnd(): void;
}

/** Dictation's state and commands, for the microphone button. */
export interface Dictation {
  status: DictationStatus;
  problem: DictationProblem | null;
  /** Whether the last dictation was cancelled (said until the next one starts). */
  cancelled: boolean;
  /** Starts listening in `lang`; the words go after `text` (what the composer holds now). */
  start(text: string, lang: string | undefined): void;
  /** Stops listening and keeps the words. */
  finish(): void;
  /** Stops and puts the composer's text back as it was before dictation. */
  cancel(): void;
  /** Stops without touching the text (the message was sent). */
  drop(): void;
}

interface Run {
  session: DictationSession;
  before: string;
}

/**
 * Runs one dictation at a time into the composer: the words, interim ones included, are shown
 * after what the input held when dictation started.
 *
 * @example
 * ```ts
 * const dictation = useDictation({ method, setText, onEnd: focusInput });
 * <button onClick={() => (dictation.status === 'idle' ? dictation.start(text, 'en-US') : dictation.finish())} />
 * ```
 */
export function useDictation({ method, setText, onEnd }: DictationTarget): Dictation {
  const [status, setStatus] = useState<DictationStatus>('idle');
  const [problem, setProblem] = useState<DictationProblem | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const run = useRef<Run | null>(null);

  const start = (text: string, lang: string | undefined) => {
    run.current?.session.cancel();
    setProblem(null);
    setCancelled(false);
    setStatus('listening');
    const mine: { current?: Run } = {};
    const live = () => mine.current !== undefined && run.current === mine.current;
    const stopped = () => {
      run.current = null;
      setStatus('idle');
    };
    let session: DictationSession;
    try {
      session = startDictation(method, lang, {
      text: (words) => {
        if (live()) setText(joined(text, words));
      },
      transcribing: () => {
        if (live()) setStatus('transcribing');
      },
      end: () => {
        if (!live()) return;
        stopped();
        onEnd();
      },
      problem: (found) => {
        if (!live()) return;
        stopped();
        setProblem(found);
      },
    });
    } catch {
      // A recognition that refuses to start (already started elsewhere, a browser quirk).
      setStatus('idle');
      setProblem('failed');
      return;
    }
    mine.current = { session, before: text };
    run.current = mine.current;
  };

  const drop = useCallback(() => {
    run.current?.session.cancel();
    run.current = null;
    setStatus('idle');
  }, []);
  const cancel = useCallback(() => {
    const current = run.current;
    if (!current) return;
    drop();
    setText(current.before);
    setCancelled(true);
  }, [drop, setText]);
  // A composer that goes away stops listening.
  useEffect(() => () => run.current?.session.cancel(), []);

  return { status, problem, cancelled, start, finish: () => run.current?.session.finish(), cancel, drop };
}

/** What the input held, then the dictated words after a space. */
function joined(before: string, words: string): string {
  if (words === '') return before;
  const kept = before.trimEnd();
  return kept === '' ? words : `${kept} ${words}`;
}
