import { Suspense } from 'react';
import { useApprovals } from '../../react/index';
import { lazyPart } from '../lazy-part';

/**
 * The dialog's code (the request view, the arguments form generated from the schema, the shell
 * preview, the diffs) loads when a call first waits, or earlier with `approvalDialogPart.preload()`
 * (`AgentChat` preloads it when a run starts): a chat that never asks ships none of it up front.
 */
export const approvalDialogPart = lazyPart(() => import('./approval-modal').then((module) => module.ApprovalModal));

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
  if (!first) return null;
  return (
    <Suspense fallback={null}>
      <approvalDialogPart.Component approval={first} total={approvals.length} className={className} />
    </Suspense>
  );
}
