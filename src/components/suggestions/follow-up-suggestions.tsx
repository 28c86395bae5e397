import { useState } from 'react';
import { useAgentInstance } from '../../react/index';
import { useFocusComposer } from '../composer/composer-draft';
import { useWords } from '../strings/strings-context';
import { suggestionText } from './suggestion-text';
import type { FollowUpSource } from './suggestion-options';
import { SuggestionChips } from './suggestion-chips';
import { useFollowUps } from './use-follow-ups';

export interface FollowUpSuggestionsProps {
  /** Where they come from: a function of the state, or `'model'` (see `FollowUpSource`). */
  followUps: Exclude<FollowUpSource, false>;
  className?: string;
}

/**
 * Follow-up suggestions after the last reply: a labelled group of buttons above the composer, each
 * sending its words with `agent.send`. Shown only once a reply has finished and the agent is idle
 * with nothing queued; gone as soon as anything is sent. When they appear, a polite live region
 * says so once. Mount it before the first reply, so its live region is in place.
 *
 * @example
 * ```tsx
 * <AgentProvider agent={agent}>
 *   <FollowUpSuggestions followUps={(state) => (state.toolCalls.length > 0 ? ['Explain what you did'] : [])} />
 *   <Composer />
 * </AgentProvider>
 * ```
 */
export function FollowUpSuggestions({ followUps, className }: FollowUpSuggestionsProps) {
  const agent = useAgentInstance();
  const strings = useWords('suggestions', suggestionText);
  const focusComposer = useFocusComposer();
  const { replyId, suggestions } = useFollowUps(followUps);
  // The reply whose chip was clicked: its chips go at once, before the message shows up.
  const [picked, setPicked] = useState<string | null>(null);
  const shown = replyId !== null && replyId !== picked && suggestions.length > 0;
  return (
    <>
      {shown && (
        <SuggestionChips
          label={strings.followUps}
          chips={suggestions.map((suggestion) => ({ label: suggestion, prompt: suggestion }))}
          className={['rak-follow-ups', className].filter(Boolean).join(' ')}
          onPick={(chip) => {
            setPicked(replyId);
            focusComposer();
            agent.send(chip.prompt).catch(() => {});
          }}
        />
      )}
      <span className="rak-visually-hidden" aria-live="polite">
        {shown ? strings.followUpsShown(suggestions.length) : ''}
      </span>
    </>
  );
}
