import { useAgentInstance, useAgentSession, useCanResume } from '../../react/index';

/**
 * What the user should know about the conversation's session, or nothing: that it is loading,
 * that saving failed or stopped (another tab took over, storage is full or unavailable: the chat
 * goes on in memory), and, when a restored conversation stopped between steps, a "Continue"
 * button (`agent.resume()`).
 *
 * @example
 * ```tsx
 * <SessionNotice />
 * ```
 */
export function SessionNotice({ className }: { className?: string }) {
  const agent = useAgentInstance();
  const session = useAgentSession();
  const resumable = useCanResume();
  const classes = ['rak-session-notice', className].filter(Boolean).join(' ');
  if (session?.status === 'loading') {
    return (
      <p className={classes} role="status" data-status="loading">
        Loading the conversation…
      </p>
    );
  }
  const problem = session && (session.status === 'error' || session.status === 'conflict' || session.status === 'off') ? session : undefined;
  if (!problem && !resumable) return null;
  return (
    <div className={classes} data-status={problem?.status ?? 'resumable'}>
      {problem && (
        <p className="rak-session-notice-text" role="alert">
          {problem.status === 'off' ? 'Not saved: ' : problem.status === 'error' ? 'Saving failed: ' : ''}
          {problem.error?.message ?? 'The conversation is not being saved.'}
          {problem.status !== 'conflict' && ' The chat goes on in this tab.'}
        </p>
      )}
      {resumable && (
        <p className="rak-session-notice-text">
          The conversation stopped before the agent finished.{' '}
          <button type="button" className="rak-button rak-button-small" onClick={() => void agent.resume().catch(() => {})}>
            Continue
          </button>
        </p>
      )}
    </div>
  );
}
