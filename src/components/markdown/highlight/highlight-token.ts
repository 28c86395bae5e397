/**
 * A highlighted piece of code: text, or a span of one token kind (its class names, such as
 * `rak-tok-keyword`) around more pieces. Plain data, rendered as React elements by
 * `CodeTokens`; never HTML.
 *
 * @example
 * const tokens: HighlightToken[] = [{ className: 'rak-tok-keyword', children: ['const'] }, ' a = 1;'];
 */
export type HighlightToken = string | { className: string; children: HighlightToken[] };
