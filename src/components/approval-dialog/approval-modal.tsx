import { useRef } from 'react';
import type { PendingApproval } from '../../react/index';
import { ApprovalRequestView } from './approval-request-view';
import { useDialogFocus } from './use-dialog-focus';

/** The open approval dialog over the chat: `ApprovalDialog` loads it when a call first waits. */
export function ApprovalModal({ approval, total, className }: { approval: PendingApproval; total: number; className?: string | undefined }) {
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
