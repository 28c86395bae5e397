import { useEffect, useState } from 'react';
import { revealText } from '../visible-text/visible-text';

/**
 * Props of {@link CodeBlock}.
 *
 * @example
 * const props: CodeBlockProps = { code: 'ls -la', language: 'sh', open: false };
 */
export interface CodeBlockProps {
  code: string;
  /** Language from the fence's info string; empty when none was given. */
  language: string;
  /** The fence is not closed yet (still streaming). */
  open: boolean;
}

type CopyStatus = 'idle' | 'copied' | 'failed';

const COPY_LABELS: Record<CopyStatus, string> = { idle: 'Copy', copied: 'Copied', failed: 'Copy failed' };
const COPY_RESET_MS = 2000;

/**
 * A fenced code block: a header with the language and a Copy button, then
 * `<pre><code class="language-x">`. Invisible characters show as `U+XXXX` marks (a bidirectional
 * override can make code read differently than it runs); Copy copies the code as it is.
 * No highlighting, to keep the bundle small; a highlighter
 * added later must be loaded lazily. While the fence is open it carries `data-streaming`.
 *
 * @example
 * <CodeBlock code={'const a = 1;'} language="ts" open={false} />
 */
export function CodeBlock({ code, language, open }: CodeBlockProps) {
  const [status, setStatus] = useState<CopyStatus>('idle');

  useEffect(() => {
    if (status === 'idle') return;
    const timer = setTimeout(() => setStatus('idle'), COPY_RESET_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const copy = (): void => {
    // Missing outside secure contexts and in some embedded browsers, whatever the types say.
    const clipboard = typeof navigator === 'undefined' ? undefined : (navigator.clipboard as Clipboard | undefined);
    if (!clipboard) {
      setStatus('failed');
      return;
    }
    try {
      clipboard.writeText(code).then(
        () => setStatus('copied'),
        () => setStatus('failed'),
      );
    } catch {
      setStatus('failed');
    }
  };

  return (
    <div className="rak-md-code" data-streaming={open ? '' : undefined}>
      <div className="rak-md-code-header">
        <span className="rak-md-code-language">{revealText(language || 'text')}</span>
        <button type="button" className="rak-md-code-copy" onClick={copy}>
          {COPY_LABELS[status]}
        </button>
      </div>
      {/* Focusable, so a block that scrolls sideways can be scrolled from the keyboard. */}
      <pre tabIndex={0}>
        <code className={language ? `language-${language}` : undefined}>{revealText(code)}</code>
      </pre>
    </div>
  );
}
