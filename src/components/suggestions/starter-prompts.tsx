import { useMemo } from 'react';
import { useAgentInstance } from '../../react/index';
import { useFocusComposer } from '../composer/composer-draft';
import { useWords } from '../strings/strings-context';
import { suggestionText } from './suggestion-text';
import type { StarterPrompt } from './suggestion-options';
import { SuggestionChips, type SuggestionChip } from './suggestion-chips';

export interface StarterPromptsProps {
  /** A prompt each, or `{ label, prompt }` for a chip whose words differ from what it sends. Blank ones are left out. */
  starters: ReadonlyArray<string | StarterPrompt>;
  className?: string;
}

/**
 * Starter prompts for an empty chat: a labelled group of buttons, each sending its prompt with
 * `agent.send` (the empty state, and the chips with it, then give way to the conversation).
 * `AgentChat` shows them in its empty state with `suggestions={{ starters }}`.
 *
 * @example
 * ```tsx
 * <AgentProvider agent={agent}><StarterPrompts starters={['What can you do?', { label: 'A poem', prompt: 'Write a short poem' }]} /></AgentProvider>
 * ```
 */
export function StarterPrompts({ starters, className }: StarterPromptsProps) {
  const agent = useAgentInstance();
  const strings = useWords('suggestions', suggestionText);
  const focusComposer = useFocusComposer();
  const chips = useMemo(() => toChips(starters), [starters]);
  if (chips.length === 0) return null;
  return (
    <SuggestionChips
      label={strings.starters}
      chips={chips}
      className={['rak-starters', className].filter(Boolean).join(' ')}
      onPick={(chip) => {
        // The chips go with the empty state: the person types next in the composer.
        focusComposer();
        // A refusal (a run already going) shows in the state; nothing to put back.
        agent.send(chip.prompt).catch(() => {});
      }}
    />
  );
}

function toChips(starters: ReadonlyArray<string | StarterPrompt>): SuggestionChip[] {
  return starters.flatMap((starter) => {
    const prompt = typeof starter === 'string' ? starter : starter.prompt;
    if (typeof prompt !== 'string' || prompt.trim() === '') return [];
    const label = typeof starter === 'string' ? starter : starter.label?.trim() || prompt;
    return [{ label, prompt }];
  });
}
