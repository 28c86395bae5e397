import type { AgentState } from '../../core/index';

/** A starter prompt: what it sends, and optionally a shorter label for its chip. */
export interface StarterPrompt {
  /** The chip's words; default: the prompt itself. */
  label?: string;
  /** What is sent when the chip is clicked. */
  prompt: string;
}

/**
 * Where follow-up suggestions come from: a function of the agent's state (after each finished
 * reply; may be async; works with every agent), `'model'` (one small extra request to the agent's
 * model, counted in its usage and cost; only agents with a model in the browser: not `useChatAgent`
 * or a remote AG-UI agent, which show none), or `false` for none.
 */
export type FollowUpSource = ((state: AgentState) => readonly string[] | Promise<readonly string[]>) | 'model' | false;

/**
 * `AgentChat`'s `suggestions`: chips that send a message when clicked.
 *
 * @example
 * ```tsx
 * <AgentChat
 *   agent={agent}
 *   suggestions={{
 *     starters: ['What can you do?', { label: 'Plan a trip', prompt: 'Help me plan a weekend trip to Lisbon' }],
 *     followUps: 'model',
 *   }}
 * />
 * ```
 */
export interface SuggestionOptions {
  /** Shown in the empty chat, as buttons that send their prompt. */
  starters?: ReadonlyArray<string | StarterPrompt>;
  /**
   * Shown above the composer once a reply has finished (never while the agent runs, waits for
   * people or has queued messages), gone once anything is sent. See `FollowUpSource`.
   */
  followUps?: FollowUpSource;
}
