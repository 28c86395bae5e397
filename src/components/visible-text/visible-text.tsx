import { Fragment, type ReactNode } from 'react';
import { mayContainInvisible } from './invisible-characters';
import { revealInvisible, type RevealMode } from './reveal-invisible';

/**
 * `text` for React with each invisible character as a mark: a `<span class="rak-invisible-char">`
 * that reads `U+202E` and names the character in its tooltip. A text without such characters
 * comes back as the same string (no extra nodes), so calling this on every streamed token is
 * one regular-expression test.
 *
 * @example
 * ```tsx
 * <code>{revealText(file.path)}</code>
 * <p>{revealText(question.question, 'prose')}</p>
 * ```
 */
export function revealText(text: string, mode: RevealMode = 'strict', key?: number | string): ReactNode {
  if (!mayContainInvisible(text)) return text;
  const segments = revealInvisible(text, mode);
  if (segments.length === 1 && segments[0]!.kind === 'text') return text;
  return (
    <Fragment key={key}>
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <span key={index} className="rak-invisible-char" title={`${segment.name} (${segment.label}), an invisible character`} data-code-point={segment.label}>
            {segment.label}
          </span>
        ),
      )}
    </Fragment>
  );
}

/** Props of `VisibleText`. */
export interface VisibleTextProps {
  text: string;
  /** `'strict'` (default) for names, paths, commands, arguments and code; `'prose'` for questions and replies. */
  mode?: RevealMode;
}

/**
 * Shows a model- or file-supplied text so that what a person reads is what it is: bidirectional
 * controls, zero-width characters, tag characters and other invisible characters appear as
 * marked `U+XXXX` tokens ("safe⟦U+202E⟧gnp.exe", never "safeexe.png"). Use it wherever such a
 * text names something a person decides on: tool names, arguments, paths, file names, options.
 *
 * @example
 * ```tsx
 * <code><VisibleText text={call.name} /></code>
 * <span className="label"><VisibleText text={option.label} mode="prose" /></span>
 * ```
 */
export function VisibleText({ text, mode = 'strict' }: VisibleTextProps) {
  return revealText(text, mode);
}
