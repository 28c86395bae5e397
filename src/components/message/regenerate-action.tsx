import { useState } from 'react';
import type { AgentState } from '../../core/index';
import { useAgentInstance, useAgentSelector } from '../../react/index';
import { useStrings } from '../strings/strings-context';

/** The last assistant message, when the agent is not busy: the one a new answer can replace. */
function pickRegenerable(state: AgentState): string | undefined {
  if (state.status === 'running' || state.status === 'awaiting-people') return undefined;
  const last = state.messages.at(-1);
  return last?.role === 'assistant' ? last.id : undefined;
}

/**
 * "Regenerate" under the last reply: asks again for the answer to the last user message
 * (`agent.regenerate()`; with a sandbox, files changed by the old answer go back first).
 * Renders nothing for other messages, or while the agent is busy.
 *
 * @example
 * ```tsx
 * {message.role === 'assistant' && <RegenerateAction messageId={message.id} />}
 * ```
 */
export function RegenerateAction({ messageId }: { messageId: string }) {
  const strings = useStrings();
  const agent = useAgentInstance();
  const regenerable = useAgentSelector(pickRegenerable);
  const [failure, setFailure] = useState<string | null>(null);
  if (regenerable !== messageId) return null;
  return (
    <div className="rak-message-actions" data-align="start">
      <button
        type="button"
        className="rak-message-action"
        onClick={() => {
          setFailure(null);
          agent.regenerate().catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
        }}
      >
        {strings.messageActions.regenerate}
      </button>
      {failure && (
        <p className="rak-message-action-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
