/**
 * Safe, streaming-friendly markdown for chat messages.
 *
 * @example
 * import { Markdown } from 'react-agent-kit/components';
 * <Markdown text={'**Done.** See [the docs](https://example.com).'} />
 */
export { Markdown, type MarkdownProps } from './markdown';
export { CodeBlock, type CodeBlockProps } from './code-block';
export { parseBlocks, type MarkdownBlock, type MarkdownListItem } from './parse-blocks';
export type { MarkdownTable, TableAlignment } from './parse-table';
export { parseInline, type InlineNode, type ParseInlineOptions } from './parse-inline';
export { safeUrl } from './safe-url';
