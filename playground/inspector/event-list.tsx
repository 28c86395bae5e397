import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { LoggedEvent } from 'react-agent-kit';
import { summarizeEvent } from './event-summary';

/** Every row has this height (CSS pixels), so the list renders only the rows in view. */
export const rowHeight = 26;
const overscan = 8;

/** The time of day of an event, to the millisecond. */
export function timeOf(at: number): string {
  const date = new Date(at);
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

interface EventListProps {
  events: readonly LoggedEvent[];
  /** The selected event's cursor; `null` follows the newest. */
  selected: number | null;
  onSelect: (cursor: number) => void;
  label: string;
}

/**
 * The event log as a listbox (arrow keys, Home and End move the selection), windowed: thousands
 * of events render as the few dozen rows in view. While nothing is selected and it is scrolled to
 * the end, it stays at the end as events come.
 */
export function EventList({ events, selected, onSelect, label }: EventListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);
  const atEnd = useRef(true);

  useLayoutEffect(() => {
    const list = listRef.current!;
    setHeight(list.clientHeight);
    const observer = new ResizeObserver(() => setHeight(list.clientHeight));
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  // Follow the newest event while nothing is selected and the list was at its end.
  useLayoutEffect(() => {
    const list = listRef.current!;
    if (selected === null && atEnd.current) list.scrollTop = list.scrollHeight;
  }, [events.length, selected]);

  const indexOfSelected = selected === null ? -1 : events.findIndex((event) => event.cursor === selected);
  const scrollIntoView = (index: number) => {
    const list = listRef.current!;
    const top = index * rowHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + rowHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + rowHeight - list.clientHeight;
  };
  const move = (index: number) => {
    if (events.length === 0) return;
    const clamped = Math.max(0, Math.min(events.length - 1, index));
    scrollIntoView(clamped);
    onSelect(events[clamped]!.cursor);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const from = indexOfSelected === -1 ? events.length : indexOfSelected;
    const page = Math.max(1, Math.floor(height / rowHeight) - 1);
    const target = { ArrowDown: from + 1, ArrowUp: from - 1, PageDown: from + page, PageUp: from - page, Home: 0, End: events.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(target);
  };

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(events.length, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const optionId = (cursor: number) => `pg-event-${cursor}`;
  return (
    <div
      ref={listRef}
      className="pg-event-list"
      role="listbox"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={indexOfSelected >= first && indexOfSelected < last ? optionId(selected!) : undefined}
      onKeyDown={onKeyDown}
      onScroll={(event) => {
        const list = event.currentTarget;
        setScrollTop(list.scrollTop);
        atEnd.current = list.scrollTop + list.clientHeight >= list.scrollHeight - rowHeight;
      }}
    >
      <div className="pg-event-rows" style={{ height: events.length * rowHeight }}>
        {events.slice(first, last).map((logged, offset) => (
          <div
            key={logged.cursor}
            id={optionId(logged.cursor)}
            role="option"
            aria-selected={logged.cursor === selected}
            aria-posinset={first + offset + 1}
            aria-setsize={events.length}
            className="pg-event-row"
            data-type={logged.event.type}
            style={{ top: (first + offset) * rowHeight, height: rowHeight }}
            title={`#${logged.cursor} ${logged.event.type} ${summarizeEvent(logged.event)}`}
            onClick={() => onSelect(logged.cursor)}
          >
            <span className="pg-event-time">{timeOf(logged.at)}</span>
            <span className="pg-event-type">{logged.event.type}</span>
            <span className="pg-event-summary">{summarizeEvent(logged.event)}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
