import { useEffect, useRef, useState } from 'react';
import { useAgentInstance, useBranches, useCanSwitchBranch } from '../../react/index';
import { useStrings } from '../strings/strings-context';

/**
 * The switch a picker asked for: the picker of the version it shows next takes the focus (the
 * old one leaves the page with its message) and says which version is shown.
 */
let handOver: { messageId: string; control: 'previous' | 'next' } | undefined;

/**
 * ‹ 2 / 3 › under a message that has other versions (an edited question, a regenerated reply):
 * the buttons show the previous or next version (`agent.switchBranch`), the conversation after
 * it and the workspace's files with it. A group named "Versions"; after a switch the focus stays
 * on the button pressed, in the version now shown, and "Version 2 of 3" is announced. Renders
 * nothing for a message without other versions; the buttons wait while the agent works.
 *
 * @example
 * ```tsx
 * <BranchPicker messageId={message.id} />
 * ```
 */
export function BranchPicker({ messageId }: { messageId: string }) {
  const agent = useAgentInstance();
  const strings = useStrings().branches;
  const siblings = useBranches(messageId);
  const busy = !useCanSwitchBranch();
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (handOver?.messageId !== messageId || siblings === undefined) return;
    const { control } = handOver;
    handOver = undefined;
    const wanted = control === 'previous' ? previous.current : next.current;
    (wanted?.disabled ? (control === 'previous' ? next.current : previous.current) : wanted)?.focus();
    // Set after the region is in the page, so it is read out.
    setAnnouncement(strings.shown(siblings.active + 1, siblings.ids.length));
  }, [messageId, siblings, strings]);

  if (siblings === undefined) return null;
  const { ids, active } = siblings;
  const show = (index: number, control: 'previous' | 'next') => {
    const target = ids[index];
    if (target === undefined) return;
    setFailure(null);
    handOver = { messageId: target, control };
    agent.switchBranch(target).catch((error: unknown) => {
      handOver = undefined;
      setFailure(error instanceof Error ? error.message : String(error));
    });
  };
  return (
    <div className="rak-branch-picker" role="group" aria-label={strings.label}>
      <button ref={previous} type="button" className="rak-branch-button" aria-label={strings.previous} disabled={busy || active === 0} onClick={() => show(active - 1, 'previous')}>
        <span aria-hidden="true">‹</span>
      </button>
      <span className="rak-branch-position">{strings.position(active + 1, ids.length)}</span>
      <button ref={next} type="button" className="rak-branch-button" aria-label={strings.next} disabled={busy || active === ids.length - 1} onClick={() => show(active + 1, 'next')}>
        <span aria-hidden="true">›</span>
      </button>
      <span className="rak-visually-hidden" aria-live="polite">
        {announcement}
      </span>
      {failure && (
        <p className="rak-message-action-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
