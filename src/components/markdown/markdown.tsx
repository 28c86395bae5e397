import { memo, startTransition, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { MarkdownBlockView } from './markdown-block-view';
import { parseBlocks } from './parse-blocks';

/**
 * Props of {@link Markdown}.
 *
 * @example
 * const props: MarkdownProps = { text: '**Hi**', streaming: true, className: 'chat-message' };
 */
export interface MarkdownProps {
  /** Markdown source, for example an assistant message. */
  text: string;
  /**
   * The text is still streaming in: the last block hides markers that are not closed yet
   * instead of flashing them raw. Default `false`.
   */
  streaming?: boolean;
  /** Extra class names for the root, after `rak-md`. */
  className?: string;
}

/**
 * Renders chat markdown to React elements: no `dangerouslySetInnerHTML`, raw HTML in the
 * source shows as text, links go through `safeUrl` and open in a new tab without opener or
 * referrer, and images become links (never loaded). Cheap to update on every token: the
 * text is split into blocks and only blocks whose source changed render again. New text renders
 * at background priority (`useDeferredValue`), so React slices a large update (a reply that
 * arrives in one burst) across frames between blocks instead of blocking the page.
 *
 * @example
 * <Markdown text={message.text} streaming={message.status === 'streaming'} />
 */
export const Markdown = /* @__PURE__ */ memo(function Markdown({ text, streaming = false, className }: MarkdownProps) {
  // A burst of 40,000 words is thousands of blocks: rendered as a transition, React yields
  // between them; the urgent render (from the store) keeps the previous text meanwhile. A few
  // tokens added to what the page shows render at once: deferring them would cost every frame of
  // a stream a second render and commit for nothing.
  const input = useMemo(() => ({ text, streaming }), [text, streaming]);
  const onScreen = useRef(input);
  const small = isSmallStep(onScreen.current, input);
  const deferred = useDeferredValue(small ? null : input);
  const shown = small || deferred === input ? input : onScreen.current;
  // React flushes this before it renders again, so the next render compares with the screen.
  useEffect(() => {
    onScreen.current = shown;
  });
  const blocks = useMemo(() => parseBlocks(shown.text), [shown.text]);
  const count = useRevealedCount(blocks.length);
  const last = blocks.length - 1;
  // Set while the page shows older text than the store has (a deferred render or a reveal slice
  // is pending): tests and apps that read the DOM wait for it to clear.
  const pending = shown !== input || count < blocks.length;
  return (
    <div className={className ? `rak-md ${className}` : 'rak-md'} data-pending={pending ? '' : undefined}>
      {(count < blocks.length ? blocks.slice(0, count) : blocks).map((block, index) => (
        // Keyed by index: a growing last block keeps its identity, and so its DOM.
        <MarkdownBlockView key={index} block={block} streaming={shown.streaming && index === last} />
      ))}
    </div>
  );
});

/** Characters a stream may add to the text on screen and still render urgently. */
const smallStepChars = 2_000;

/** `next` only appends a little to `previous` (tokens of a stream, or the stream's end). */
function isSmallStep(previous: { text: string }, next: { text: string }): boolean {
  const added = next.text.length - previous.text.length;
  return added >= 0 && added <= smallStepChars && next.text.startsWith(previous.text);
}

/** Blocks added to the page in one commit at most, after the first render. */
const revealSlice = 100;

/**
 * How many of `total` blocks to render: all of them on the first render (the server's, a message
 * scrolled into view), and afterwards at most `revealSlice` more than were shown before, the rest
 * in the next frames. React slices rendering, but the commit of a burst of 40,000 words and the
 * browser's first layout of it would each be one long task; in slices, each frame adds a hundred
 * blocks (300 a frame still made tasks of about 100 ms in Chromium; 100 keeps them near 60). A reply streaming token by token never waits: it adds a block at a time, and
 * the count catches up once every `revealSlice` blocks (one extra render).
 */
function useRevealedCount(total: number): number {
  const [shown, setShown] = useState(total);
  const count = total > shown + revealSlice ? shown + revealSlice : total;
  useEffect(() => {
    if (count >= total) return;
    const frame = requestAnimationFrame(() => startTransition(() => setShown(count)));
    return () => cancelAnimationFrame(frame);
  }, [count, total]);
  return count;
}
