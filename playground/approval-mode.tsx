import { useEffect, useState } from 'react';
import type { PermissionPolicy } from 'react-agent-kit';

/**
 * How much the playground's agent asks before it acts: before every change (the tools that ask
 * for approval: file edits, the shell, the email, the cleanup), or files edited without asking
 * (the `read` and `write` categories allowed) while the shell and the rest still ask.
 */
export type ApprovalMode = 'ask' | 'edit-files';

const modes: ReadonlyArray<{ mode: ApprovalMode; label: string; hint: string }> = [
  { mode: 'ask', label: 'Ask for every change', hint: 'File edits, the shell, emails and cleanups wait for you.' },
  { mode: 'edit-files', label: 'Edit files without asking', hint: 'Still asks for the shell, emails and cleanups.' },
];

/** The policy an agent gets for a mode: one line, by tool category. */
export function approvalPermissions(mode: ApprovalMode): PermissionPolicy | undefined {
  return mode === 'edit-files' ? { allow: ['read', 'write'] } : undefined;
}

/** The chosen mode, kept across reloads. */
export function useApprovalMode(): [ApprovalMode, (mode: ApprovalMode) => void] {
  const [mode, setMode] = useState<ApprovalMode>(() => (localStorage.getItem('rak-approvals') === 'edit-files' ? 'edit-files' : 'ask'));
  useEffect(() => localStorage.setItem('rak-approvals', mode), [mode]);
  return [mode, setMode];
}

/** The sidebar's choice of approvals; off while a run is going (a new mode means a new agent on the same conversation). */
export function ApprovalModeSwitch({ value, onChange, disabled }: { value: ApprovalMode; onChange: (mode: ApprovalMode) => void; disabled: boolean }) {
  return (
    <fieldset className="pg-choice" disabled={disabled}>
      <legend className="pg-section-title">Approvals</legend>
      {modes.map((option) => (
        <label key={option.mode} className="pg-choice-option">
          <input type="radio" name="pg-approvals" value={option.mode} checked={value === option.mode} onChange={() => onChange(option.mode)} />
          <span>
            {option.label}
            <small>{option.hint}</small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
