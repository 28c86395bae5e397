export type AgentCommandErrorCode =
  | 'empty-message'
  | 'invalid-message'
  | 'agent-busy'
  | 'nothing-to-retry'
  | 'not-pending'
  | 'invalid-input'
  | 'invalid-output'
  | 'invalid-answer'
  | 'unknown-message'
  | 'checkpoint-missing'
  | 'nothing-to-resume'
  | 'nothing-to-regenerate'
  | 'summary-failed'
  | 'suggestions-failed'
  | 'not-available'
  | 'agent-disposed'
  | 'removed-from-queue';

/** Thrown (as a rejection) by commands called with bad input or at the wrong time. */
export class AgentCommandError extends Error {
  override readonly name = 'AgentCommandError';
  constructor(
    readonly code: AgentCommandErrorCode,
    message: string,
  ) {
    super(message);
  }
}
