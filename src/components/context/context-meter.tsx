import { useState } from 'react';
import type { AgentState, Usage } from '../../core/index';
import { useAgentInstance, useAgentSelector } from '../../react/index';

/** The latest model call's tokens: what it was sent plus what it wrote (the next call is sent both). */
function pickContextTokens(state: AgentState): number | null {
  // From the end: the last reply with usage is one of the last few messages.
  for (let index = state.messages.length - 1; index >= 0; index--) {
    const usage: Usage | undefined = state.messages[index]!.usage;
    if (usage) return usage.inputTokens + usage.outputTokens;
  }
  return null;
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
  const budget = agent.context?.maxInputTokens;
  if (budget === undefined && cost === undefined) return null;
  const share = budget !== undefined && used !== null ? Math.min(1, used / budget) : null;

  const compact = () => {
    setCompacting(true);
    setStatus(null);
    agent
      .compact()
      .then((made) => setStatus(made === null ? 'Nothing to summarize yet: the conversation is all recent.' : `Summarized the first ${made.messageCount.toLocaleString('en-US')} messages for the model; they stay in the thread.`))
      .catch((error: unknown) => setStatus(error instanceof Error ? error.message : String(error)))
      .finally(() => setCompacting(false));
  };

  return (
    <div className={['rak-context', className].filter(Boolean).join(' ')} data-level={share === null ? undefined : share >= 0.9 ? 'full' : share >= 0.7 ? 'high' : 'ok'}>
      {budget !== undefined && (
        <span className="rak-context-usage">
          <meter className="rak-context-meter" min={0} max={budget} value={used ?? 0} low={budget * 0.7} high={budget * 0.9} optimum={0} aria-label="Context used" />
          {used === null ? `Context: 0 of ${tokens(budget)} tokens` : `Context: ${tokens(used)} of ${tokens(budget)} tokens (${Math.round(share! * 100)}%)`}
        </span>
      )}
      {cost !== undefined && <span className="rak-context-cost">Cost: ${cost < 0.01 ? cost.toFixed(4) : cost.toFixed(2)}</span>}
      {budget !== undefined && (
        <button type="button" className="rak-button rak-context-compact" onClick={compact} disabled={busy || compacting} title="Summarize earlier messages for the model; they stay here">
          {compacting ? 'Compacting…' : 'Compact'}
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
