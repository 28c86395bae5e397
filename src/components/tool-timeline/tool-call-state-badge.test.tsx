// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCall } from '../../core/index';
import { ToolCallDetails } from './tool-call-details';
import { ToolCallStateBadge, toolCallStateLabel } from './tool-call-state-badge';

afterEach(cleanup);

const approved: ToolCall = {
  id: 'c1',
  name: 'send_email',
  messageId: 'm1',
  inputText: '{}',
  input: { to: 'ada@example.com' },
  state: 'approval-responded',
  approval: { reason: 'asks', requestedAt: 1, decision: { approved: true, always: false, at: 2, edited: false } },
  audit: [
    { state: 'approval-requested', at: 1, by: 'runtime' },
    { state: 'approval-responded', at: 2, by: 'user', note: 'approved' },
  ],
};

describe('tool-call state labels', () => {
  it('an approved call waiting for its turn reads "Approved", not "Needs approval"', () => {
    expect(toolCallStateLabel(approved)).toBe('Approved');
    expect(toolCallStateLabel({ ...approved, state: 'approval-requested' })).toBe('Needs approval');
    const { container } = render(<ToolCallStateBadge call={approved} />);
    expect(container.querySelector('[data-state="approval-responded"]')!.textContent).toBe('Approved');
  });

  it('the history shows the person’s approval as "Approved", by the user', () => {
    const { container } = render(<ToolCallDetails call={approved} />);
    const entries = [...container.querySelectorAll('.rak-tool-audit li')].map((entry) => entry.textContent);
    expect(entries).toEqual(['+0 ms Needs approval by runtime', '+1 ms Approved by user: approved']);
  });
});
