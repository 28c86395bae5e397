import { useRef } from 'react';
import { useApprovals, type PendingApproval } from '../../react/index';
import { ApprovalRequestView } from './approval-request-view';
import { useDialogFocus } from './use-dialog-focus';

/** Props of `ApprovalDialog`. */
export interface ApprovalDialogProps {
  className?: string;
}

/**
 * A modal that asks a person to decide the oldest pending tool-call approval ("1 of 3" when
 * several wait): what will run and why (tool name and description, the agent's reason), the
 * arguments as editable JSON (validated as you type; invalid JSON disables Approve; the agent's
 * refusal of edited arguments is shown), and Approve / "Always allow <tool>" / Deny, where Deny
 * asks for an optional reason the model reads. Renders nothing while nothing waits.
 *
 * Accessibility: `role="alertdialog"` with `aria-modal`, labelled by its title and described
 * by the reason. Focus moves to the dialog container itself, not to a button: the person may
 * still be typing or holding Enter when the request appears, and a focused Approve button would
 * turn that keystroke into an approval; on the container, a screen reader reads the title and
 * reason first, and Tab reaches the controls. Tab cycles inside; Escape opens the deny reason
 * (it never closes or approves); Enter approves only on the Approve button itself; on close,
 * focus returns to where it was (or, when that was nowhere, to the chat's composer). It is
 * modal within its `.rak-root`: the rest of a host page stays usable.
 *
 * What a person approves is what they see: bidirectional controls and other invisible characters
 * in the arguments, paths and diffs show as marked `U+202E` tokens (`\u202E` escapes in the
 * editable JSON), and the dialog warns, listing where they are.
 *
 * Renders in place as an overlay: put it inside a `.rak-root` element with `position: relative`
 * (`AgentChat` does this for you).
 *
 * @example
 * ```tsx
 * <AgentProvider agent={agent}>
 *   <div className="rak-root" style={{ position: 'relative' }}>
 *     <MyThread />
 *     <ApprovalDialog />
 *   </div>
 * </AgentProvider>
 * ```
 */
export function ApprovalDialog({ className }: ApprovalDialogProps) {
  const approvals = useApprovals();
  const first = approvals[0];
  return first ? <ApprovalModal approval={first} total={approvals.length} className={className} /> : null;
}

function ApprovalModal({ approval, total, className }: { approval: PendingApproval; total: number; className: string | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  const { onKeyDown } = useDialogFocus(ref, approval.call.id);
  return (
    // A press on the backdrop must not take focus out of the dialog (it would land on the page).
    <div className="rak-overlay" onMouseDown={(event) => event.target === event.currentTarget && event.preventDefault()}>
      {/* Keyed: each request starts fresh (arguments, deny step); the focus hook keeps working across them. */}
      <ApprovalRequestView key={approval.call.id} approval={approval} position={1} total={total} dialogRef={ref} onDialogKeyDown={onKeyDown} className={className} />
    </div>
  );
}
