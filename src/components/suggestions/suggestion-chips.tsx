/** One chip of a group: what it shows, and what it sends. */
export interface SuggestionChip {
  label: string;
  prompt: string;
}

/**
 * A labelled group of buttons that each send a prompt (the starter prompts, the follow-ups).
 * Real buttons in the tab order; the words are the app's or the model's.
 *
 * @example
 * ```tsx
 * <SuggestionChips label="Suggested prompts" chips={[{ label: 'Hi', prompt: 'Hi' }]} onPick={(chip) => void agent.send(chip.prompt)} />
 * ```
 */
export function SuggestionChips({ label, chips, onPick, className }: { label: string; chips: readonly SuggestionChip[]; onPick: (chip: SuggestionChip) => void; className?: string }) {
  return (
    <div role="group" aria-label={label} className={['rak-suggestions', className].filter(Boolean).join(' ')}>
      {chips.map((chip, index) => (
        <button key={`${index}:${chip.prompt}`} type="button" className="rak-suggestion" title={chip.label === chip.prompt ? undefined : chip.prompt} onClick={() => onPick(chip)}>
          <span className="rak-suggestion-text">{chip.label}</span>
        </button>
      ))}
    </div>
  );
}
