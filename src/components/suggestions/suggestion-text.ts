/**
 * Every string the suggestion chips show or say to assistive technology (starter prompts in the
 * empty chat, follow-ups after a reply), in one place so that a locale can replace them together.
 * The chips' own words are the app's or the model's.
 */
export const suggestionText = {
  /** The group of starter prompts in the empty chat. */
  starters: 'Suggested prompts',
  /** The group of follow-ups above the composer. */
  followUps: 'Suggested follow-ups',
  /** Said once when follow-ups appear after a reply. */
  followUpsShown: (count: number) => (count === 1 ? '1 suggested follow-up above the message box' : `${count} suggested follow-ups above the message box`),
};
