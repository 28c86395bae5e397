import { useState } from 'react';
import type { AgentState, Message, Usage } from '../../core/index';
import { useAgentInstance, useAgentSelector } from '../../react/index';
import { useStrings } from '../strings/strings-context';

/**
 * The tokens of the latest model call up to each message (`null`: none yet), kept with the message.
 * Messages are immutable and what precedes one never changes, so the answer for a message stays
 * true; the selector runs on every store change (every streamed frame), and this keeps it from
 * walking back through a long thread without usage (an imported one) each time.
 */
const tokensThrough = new WeakMap<Message, number | null>();

/** The latest model call's tokens: what it was sent plus what it wrote (the next call is sent both). */
function pickContextTokens(state: AgentState): number | null {
  const { messages } = state;
  // Back from the end to the first message whose answer is known (or that has usage itself).
  let index = messages.length - 1;
  let found: number | null = null;
  for (; index >= 0; index--) {
    const message = messages[index]!;
    const usage: Usage | undefined = message.usage;
    if (usage) {
      found = usage.inputTokens + usage.outputTokens;
      break;
    }
    const known = tokensThrough.get(message);
    if (known !== undefined) {
      found = known;
      break;
    }
  }
  // Remember it for the messages walked over, except the last (it may still be streaming).
  for (let filled = Math.max(index, 0); filled < messages.length - 1; filled++) tokensThrough.set(messages[filled]!, found);
  return found;
}

const pickCost = (state: AgentState) => state.costUsd;
const pickBusy = (state: AgentState) => state.status === 'running' || state.status === 'awaiting-people';

const tokens = (count: number) => (count >= 10_000 ? `${Math.round(count / 1000)}k` : count >= 1_000 ? `${(count / 1000).toFixed(1)}k` : String(count));

/**
 * How full the model's context is (the latest call's tokens against `createAgent({ context })`'s
 * `maxInputTokens`), what the conversation has cost (with a `costEstimator`), and a "Compact"
 * button that summarizes earlier messages for the model (`agent.compact()`). Renders nothing for an
 * agent with neither a budget nor a cost estimate.
 *
 * @example
 * ```tsx
 * <AgentProvider agent={agent}><ContextMeter /></AgentProvider>
 * ```
 */
export function ContextMeter({ className }: { className?: string }) {
  const agent = useAgentInstance();
  const used = useAgentSelector(pickContextTokens);
  const cost = useAgentSelector(pickCost);
  const busy = useAgentSelector(pickBusy);
  const [compacting, setCompacting] = useState(false);
  const [status, setStatus] = useState<string | null>(null); // what the last Compact did, or why it could not
  const strings = useStrings();
  const words = strings.context;
  const budget = agent.context?.maxInputTokens;
  if (budget === undefined && cost === undefined) return null;
  const share = budget !== undefined && used !== null ? Math.min(1, used / budget) : null;

  const compact = () => {
    setCompacting(true);
    setStatus(null);
    agent
      .compact()
      .then((made) => setStatus(made === null ? words.nothingToCompact : words.compacted(made.messageCount.toLocaleString(strings.locale))))
      .catch((error: unknown) => setStatus(error instanceof Error ? error.message : String(error)))
      .finally(() => setCompacting(false));
  };

  return (
    <div className={['rak-context', className].filter(Boolean).join(' ')} data-level={share === null ? undefined : share >= 0.9 ? 'full' : share >= 0.7 ? 'high' : 'ok'}>
      {budget !== undefined && (
        <span className="rak-context-usage">
          <meter className="rak-context-meter" min={0} max={budget} value={used ?? 0} low={budget * 0.7} high={budget * 0.9} optimum={0} aria-label={words.used} />
          {used === null ? words.empty(tokens(budget)) : words.usage(tokens(used), tokens(budget), Math.round(share! * 100))}
        </span>
      )}
      {cost !== undefined && <span className="rak-context-cost">{words.cost(cost < 0.01 ? cost.toFixed(4) : cost.toFixed(2))}</span>}
      {budget !== undefined && (
        <button type="button" className="rak-button rak-context-compact" onClick={compact} disabled={busy || compacting} title={words.compactTitle}>
          {compacting ? words.compacting : words.compact}
        </button>
      )}
      {status && (
        <span className="rak-context-status" role="status">
          {status}
        </span>
      )}
    </div>
  );
}
