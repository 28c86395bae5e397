/**
 * An inline node, produced by `parseInline`.
 *
 * Links and images keep the URL as written; the renderer passes it through `safeUrl` and
 * renders refused URLs as plain text. Images are data only: the renderer shows them as links
 * labelled with the alt text and never loads them (a remote image would leak the reader's IP
 * and could carry data out of the page).
 *
 * @example
 * const node: InlineNode = { type: 'link', url: 'https://example.com', title: undefined, children: [{ type: 'text', text: 'site' }] };
 */
export type InlineNode =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: InlineNode[] }
  | { type: 'emphasis'; children: InlineNode[] }
  | { type: 'strike'; children: InlineNode[] }
  | { type: 'link'; url: string; title: string | undefined; children: InlineNode[] }
  | { type: 'image'; url: string; title: string | undefined; alt: string }
  | { type: 'hard-break' }
  | { type: 'soft-break' };
