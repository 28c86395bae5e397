import { useAgentInstance, useAgentSession, useCanResume } from '../../react/index';
import { useStrings } from '../strings/strings-context';

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
  const strings = useStrings();
  const agent = useAgentInstance();
  const session = useAgentSession();
  const resumable = useCanResume();
  const classes = ['rak-session-notice', className].filter(Boolean).join(' ');
  if (session?.status === 'loading') {
    return (
      <p className={classes} role="status" data-status="loading">
        {strings.session.loading}
      </p>
    );
  }
  const problem = session && (session.status === 'error' || session.status === 'conflict' || session.status === 'off') ? session : undefined;
  if (!problem && !resumable) return null;
  return (
    <div className={classes} data-status={problem?.status ?? 'resumable'}>
      {problem && (
        <p className="rak-session-notice-text" role="alert">
          {problem.status === 'off' ? strings.session.notSaved : problem.status === 'error' ? strings.session.savingFailed : ''}
          {problem.error?.message ?? strings.session.notBeingSaved}
          {problem.status !== 'conflict' && strings.session.chatGoesOn}
        </p>
      )}
      {resumable && (
        <p className="rak-session-notice-text">
          {strings.session.stoppedBeforeDone}{' '}
          <button type="button" className="rak-button rak-button-small" onClick={() => void agent.resume().catch(() => {})}>
            {strings.session.continue}
          </button>
        </p>
      )}
    </div>
  );
}
