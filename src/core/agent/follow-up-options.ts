/**
 * What `suggestFollowUps` (and `agent.suggestFollowUps`) asks for.
 *
 * @example
 * ```ts
 * const options: FollowUpOptions = { maxSuggestions: 2, recentMessages: 4 };
 * ```
 */
export interface FollowUpOptions {
  /** How many suggestions at most, 1 to 5. Default 3. */
  maxSuggestions?: number;
  /** How many of the last messages the model reads, 1 to 20. Default 6. */
  recentMessages?: number;
}
