import { useAgentInstance, useAgentSelector } from '../../react/index';
import { useFocusComposer } from '../composer/composer-draft';
import { VisibleText } from '../visible-text/visible-text';
import { useStrings } from '../strings/strings-context';

/**
 * Shows the last run's error with a Retry button (`agent.retry()`, then focus to the composer), or nothing.
 *
 * @example
 * ```tsx
 * <ErrorNotice />
 * ```
 */
export function ErrorNotice({ className }: { className?: string }) {
  const strings = useStrings();
  const agent = useAgentInstance();
  const error = useAgentSelector((state) => (state.status === 'error' ? state.error : null));
  const focusComposer = useFocusComposer();
  if (!error) return null;
  return (
    <div className={['rak-error', className].filter(Boolean).join(' ')} role="alert" data-code={error.code}>
      <span className="rak-error-icon" aria-hidden="true">!</span>
      <p className="rak-error-text">
        <VisibleText text={error.message} mode="prose" />
      </p>
      <button
        type="button"
        className="rak-error-retry"
        onClick={() => {
          // This notice goes away on retry: focus moves to the composer, not to the page.
          focusComposer();
          void agent.retry().catch(() => {});
        }}
      >
        {strings.thread.retry}
      </button>
    </div>
  );
}
