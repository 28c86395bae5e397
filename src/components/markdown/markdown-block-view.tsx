import { Fragment, memo, type ReactNode } from 'react';
import { CodeBlock } from './code-block';
import { renderInline } from './inline-view';
import type { MarkdownBlock, MarkdownListItem } from './parse-blocks';
import { parseInline } from './parse-inline';
import type { TableAlignment } from './parse-table';

/**
 * Props of {@link MarkdownBlockView}.
 *
 * @example
 * const props: MarkdownBlockViewProps = { block: parseBlocks('# Hi')[0]!, streaming: false };
 */
export interface MarkdownBlockViewProps {
  block: MarkdownBlock;
  /** This block is the end of a message still streaming in. */
  streaming: boolean;
}

function inline(text: string, streaming: boolean): ReactNode[] {
  return renderInline(parseInline(text, { streaming }));
}

// Only the last child can still be growing, so only it parses inline text as streaming.
function renderBlocks(blocks: readonly MarkdownBlock[], streaming: boolean, tight = false): ReactNode[] {
  return blocks.map((block, index) => renderBlock(block, streaming && index === blocks.length - 1, index, tight));
}

function renderItem(item: MarkdownListItem, streaming: boolean, key: number): ReactNode {
  // Text of an item with one paragraph renders without <p>, so short lists stay compact.
  const tight = item.children.filter((child) => child.type === 'paragraph').length <= 1;
  return (
    <li key={key} className={item.task === 'none' ? undefined : 'rak-md-task-item'}>
      {item.task === 'none' ? null : <input type="checkbox" className="rak-md-task" checked={item.task === 'checked'} disabled />}
      {renderBlocks(item.children, streaming, tight)}
    </li>
  );
}

function renderRow(cells: readonly string[], Cell: 'th' | 'td', align: readonly TableAlignment[], streaming: boolean, key?: number): ReactNode {
  return (
    <tr key={key}>
      {cells.map((cell, column) => {
        const alignment = align[column] ?? 'none';
        return (
          <Cell key={column} align={alignment === 'none' ? undefined : alignment}>
            {inline(cell, streaming)}
          </Cell>
        );
      })}
    </tr>
  );
}

function renderBlock(block: MarkdownBlock, streaming: boolean, key?: number, tight = false): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return tight ? <Fragment key={key}>{inline(block.text, streaming)}</Fragment> : <p key={key}>{inline(block.text, streaming)}</p>;
    case 'heading': {
      const Heading = `h${block.level}` as const;
      return <Heading key={key}>{inline(block.text, streaming)}</Heading>;
    }
    case 'code':
      // A fence the reply ended without closing is complete all the same.
      return <CodeBlock key={key} code={block.code} language={block.language} open={block.open && streaming} />;
    case 'blockquote':
      return <blockquote key={key}>{renderBlocks(block.children, streaming)}</blockquote>;
    case 'list': {
      const items = block.items.map((item, index) => renderItem(item, streaming && index === block.items.length - 1, index));
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'table': {
      const rowCount = block.rows.length;
      return (
        <div key={key} className="rak-md-table-wrap">
          <table>
            <thead>{renderRow(block.header, 'th', block.align, streaming && rowCount === 0)}</thead>
            {rowCount === 0 ? null : <tbody>{block.rows.map((row, index) => renderRow(row, 'td', block.align, streaming && index === rowCount - 1, index))}</tbody>}
          </table>
        </div>
      );
    }
    case 'thematic-break':
      return <hr key={key} />;
  }
}

/**
 * Renders one top-level block. Memoized on the block's `raw` source: while a message
 * streams, only the last block changes, and every block before it skips rendering.
 *
 * @example
 * {blocks.map((block, index) => <MarkdownBlockView key={index} block={block} streaming={false} />)}
 */
export const MarkdownBlockView = /* @__PURE__ */ memo(
  function MarkdownBlockView({ block, streaming }: MarkdownBlockViewProps) {
    return renderBlock(block, streaming);
  },
  (previous, next) => previous.block.raw === next.block.raw && previous.block.type === next.block.type && previous.streaming === next.streaming,
);
