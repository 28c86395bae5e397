import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type FocusEvent, type SyntheticEvent } from 'react';
import { Virtualizer } from 'virtua';
import { MessageItem, ThreadItem, type MessageComponentProps } from './message-item';
import { useThreadScroll } from './thread-scroll-context';

/** How many messages the reader last used stay mounted when they scroll away. */
const touchedLimit = 20;

/** Props of `VirtualMessages`. */
export interface VirtualMessagesProps {
  ids: readonly string[];
  component: ComponentType<MessageComponentProps>;
  logProps: object;
}

/**
 * The thread's messages, only those in view (and a few hundred pixels around) mounted: heights
 * are measured as messages render and change, and the reader's position holds when a message
 * above changes height. Always mounted: the last message (it streams), the
 * message holding focus (focus is never lost with an unmounted node) and the last 20
 * messages the reader clicked or typed in (what they opened stays open).
 */
export function VirtualMessages({ ids, component, logProps }: VirtualMessagesProps) {
  const thread = useThreadScroll();
  const listRef = useRef<HTMLDivElement>(null);
  const ancestorRef = useRef<HTMLElement | null>(null);
  const scrollRef = thread?.scrollRef ?? ancestorRef;
  const [startMargin, setStartMargin] = useState(0);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [touchedIds, setTouchedIds] = useState<readonly string[]>([]);
  const last = ids.length - 1;
  const keepMounted = useMemo(() => {
    // Searched from the end: the messages people use are mostly the recent ones.
    const indexes = new Set([last, ...[focusedId, ...touchedIds].map((id) => (id === null ? -1 : ids.lastIndexOf(id)))]);
    indexes.delete(-1);
    return [...indexes];
  }, [ids, last, focusedId, touchedIds]);
  const renderItem = useCallback((id: string) => <MessageItem key={id} id={id} component={component} />, [component]);

  // Before the virtualizer attaches (it reads scrollRef after its own mount): where the list
  // scrolls and how far below the scroll area's top it starts. Measured once (both are stable).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (!thread) ancestorRef.current = scrollingAncestor(list);
    const scroller = scrollRef.current;
    if (scroller) setStartMargin(Math.max(0, Math.round(list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop)));
  }, [thread, scrollRef]);

  useLayoutEffect(() => thread?.measureContentElsewhere(), [thread]);
  // A new message is pinned to before it paints, whether or not its height differs from the estimate.
  useLayoutEffect(() => thread?.contentResized(), [ids.length, thread]);

  const idAt = (target: EventTarget | null) => ids[Number((target as Element).closest('[data-rak-index]')?.getAttribute('data-rak-index'))] ?? null;
  const onFocus = (event: FocusEvent<HTMLDivElement>) => setFocusedId(idAt(event.target));
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusedId(null);
  };
  // What the reader opened or started in a message (a tool card, a diff, an edit) is state of
  // that message's components: it stays mounted, so it is still open when they scroll back.
  const onTouch = (event: SyntheticEvent<HTMLDivElement>) => {
    const id = idAt(event.target);
    if (id !== null && touchedIds.at(-1) !== id) setTouchedIds([...touchedIds.filter((touched) => touched !== id), id].slice(-touchedLimit));
  };

  return (
    <div ref={listRef} {...logProps} data-virtualized="" onFocus={onFocus} onBlur={onBlur} onClick={onTouch} onKeyDown={onTouch}>
      <Virtualizer data={ids} scrollRef={scrollRef} startMargin={startMargin} keepMounted={keepMounted} item={ThreadItem} onResize={thread?.contentResized}>
        {renderItem}
      </Virtualizer>
    </div>
  );
}

/** The nearest ancestor that scrolls vertically; the parent when none does (then all messages mount). */
function scrollingAncestor(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (/(auto|scroll|overlay)/.test(getComputedStyle(parent).overflowY)) return parent;
  }
  return element.parentElement;
}
