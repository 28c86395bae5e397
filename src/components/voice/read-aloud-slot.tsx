import { Suspense } from 'react';
import { lazyPart } from '../lazy-part';
import { useMessageFeatures } from '../message/message-features';

/** The "Read aloud" button and its speaking code: loaded with the first reply that offers it. */
export const readAloudPart = lazyPart(() => import('./read-aloud-action').then((module) => module.ReadAloudWhereItCan));

/**
 * Where a finished reply offers "Read aloud": nothing unless `MessageFeatures.readAloud` is on
 * and this page can speak (a `speak` adapter or `speechSynthesis`).
 *
 * @example
 * ```tsx
 * <ReadAloudSlot text={textOf(message)} />
 * ```
 */
export function ReadAloudSlot({ text }: { text: string }) {
  const setting = useMessageFeatures().readAloud;
  if (setting === undefined || setting === false || text.trim() === '') return null;
  return (
    <Suspense fallback={null}>
      <readAloudPart.Component text={text} setting={setting} />
    </Suspense>
  );
}
