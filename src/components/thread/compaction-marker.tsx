import { createContext, useMemo, type ReactNode } from 'react';
import type { Compaction } from '../../core/index';
import { useAgentSelector } from '../../react/index';
import { useStrings } from '../strings/strings-context';

const noCompactions: ReadonlyMap<string, Compaction> = new Map();

/** The summaries of the thread by the message each one ends with (see `CompactionsProvider`). */
export const CompactionsContext = /* @__PURE__ */ createContext<ReadonlyMap<string, Compaction>>(noCompactions);

const selectCompactions = (state: { compactions?: Compaction[] }) => state.compactions;

/**
 * Gives the thread's items the summaries, subscribed once for the whole thread (one selector
 * call per store change, whatever the thread's length); the items re-render only when a summary
 * is added or dropped.
 */
export function CompactionsProvider({ children }: { children: ReactNode }) {
  const compactions = useAgentSelector(selectCompactions);
  const byMessage = useMemo(() => (compactions?.length ? new Map(compactions.map((compaction) => [compaction.throughMessageId, compaction])) : noCompactions), [compactions]);
  return <CompactionsContext.Provider value={byMessage}>{children}</CompactionsContext.Provider>;
}

/**
 * Where the model's view of the conversation starts over: the messages above were summarized for
 * the model (they stay here, and in exports), and the summary can be read.
 */
export function CompactionMarker({ compaction }: { compaction: Compaction }) {
  const strings = useStrings();
  const count = compaction.messageCount.toLocaleString(strings.locale);
  return (
    <details className="rak-compaction" data-trigger={compaction.trigger}>
      <summary>
        {strings.thread.earlierSummarized} <span className="rak-compaction-detail">{strings.thread.summaryDetail(count)}</span>
      </summary>
      <p className="rak-compaction-summary">{compaction.summary}</p>
    </details>
  );
}
