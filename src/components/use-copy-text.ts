import { useEffect, useState } from 'react';

/**
 * Where a copy to the clipboard stands: `'copied'` and `'failed'` go back to `'idle'` after two
 * seconds, so a label that says so returns to "Copy".
 *
 * @example
 * const labels: Record<CopyStatus, string> = { idle: 'Copy', copied: 'Copied', failed: 'Copy failed' };
 */
export type CopyStatus = 'idle' | 'copied' | 'failed';

const resetAfterMs = 2000;

/**
 * Copies text to the clipboard and says how it went (`status`). Fails (rather than throws)
 * where the page has no clipboard: outside secure contexts and in some embedded browsers.
 *
 * @example
 * const { status, copy } = useCopyText();
 * <button type="button" onClick={() => copy(code)}>{status === 'copied' ? 'Copied' : 'Copy'}</button>
 */
export function useCopyText(): { status: CopyStatus; copy: (text: string) => void } {
  const [status, setStatus] = useState<CopyStatus>('idle');

  useEffect(() => {
    if (status === 'idle') return;
    const timer = setTimeout(() => setStatus('idle'), resetAfterMs);
    return () => clearTimeout(timer);
  }, [status]);

  const copy = (text: string): void => {
    // Missing outside secure contexts and in some embedded browsers, whatever the types say.
    const clipboard = typeof navigator === 'undefined' ? undefined : (navigator.clipboard as Clipboard | undefined);
    if (!clipboard) {
      setStatus('failed');
      return;
    }
    try {
      clipboard.writeText(text).then(
        () => setStatus('copied'),
        () => setStatus('failed'),
      );
    } catch {
      setStatus('failed');
    }
  };
  return { status, copy };
}
