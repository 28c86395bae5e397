import type { ReactNode } from 'react';
import { revealText } from '../../visible-text/visible-text';
import type { HighlightToken } from './highlight-token';

/**
 * Highlighted code as React elements: a `<span>` with the token's class for each token, its
 * text as text (invisible characters shown as `U+XXXX` marks, as in plain code blocks).
 *
 * @example
 * <code>{renderCodeTokens([{ className: 'rak-tok-keyword', children: ['const'] }, ' a = 1;'])}</code>
 */
export function renderCodeTokens(tokens: readonly HighlightToken[]): ReactNode[] {
  return tokens.map((token, index) =>
    typeof token === 'string' ? (
      revealText(token, 'strict', index)
    ) : (
      <span key={index} className={token.className}>
        {renderCodeTokens(token.children)}
      </span>
    ),
  );
}
