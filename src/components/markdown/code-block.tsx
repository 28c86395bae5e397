import { useCopyText } from '../use-copy-text';
import { revealText } from '../visible-text/visible-text';
import { renderCodeTokens } from './highlight/code-tokens';
import { useHighlightedCode } from './highlight/use-highlighted-code';
import { englishThreadWords } from '../strings/kit-strings';
import { useWords } from '../strings/strings-context';

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
  /** The fence is not closed yet and the message is still streaming: shown plain, highlighted once complete. */
  open: boolean;
}


/**
 * A fenced code block: a header with the language and a Copy button, then
 * `<pre><code class="language-x">`. Invisible characters show as `U+XXXX` marks (a bidirectional
 * override can make code read differently than it runs); Copy copies the code as it is.
 * Code in a language the kit knows (JavaScript, TypeScript, JSX, TSX, JSON, shell, Python, HTML,
 * CSS, diff, SQL, Go, Rust, YAML, Markdown) is highlighted once the block is complete: the
 * highlighter and the language's grammar load lazily on first use (nothing up front), and the
 * tokens are spans with `rak-tok-*` classes coloured by the `--rak-code-*` variables, so it works
 * under a strict Content-Security-Policy. Other languages stay plain. While the fence is open it
 * carries `data-streaming`; once highlighted, `data-highlighted`.
 *
 * @example
 * <CodeBlock code={'const a = 1;'} language="ts" open={false} />
 */
export function CodeBlock({ code, language, open }: CodeBlockProps) {
  const { status, copy } = useCopyText();
  const copyLabels = useWords('thread', englishThreadWords).copy;
  const tokens = useHighlightedCode(code, language, !open);

  return (
    <div className="rak-md-code" data-streaming={open ? '' : undefined} data-highlighted={tokens ? '' : undefined}>
      <div className="rak-md-code-header">
        <span className="rak-md-code-language">{revealText(language || 'text')}</span>
        <button type="button" className="rak-md-code-copy" onClick={() => copy(code)}>
          {copyLabels[status]}
        </button>
      </div>
      {/* Focusable, so a block that scrolls sideways can be scrolled from the keyboard. */}
      <pre tabIndex={0} dir="ltr">
        <code className={language ? `language-${language}` : undefined}>{tokens ? renderCodeTokens(tokens) : revealText(code)}</code>
      </pre>
    </div>
  );
}
