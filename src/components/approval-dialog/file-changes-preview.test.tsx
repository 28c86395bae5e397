// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { createAgent, createInitialState, type ApprovalPreview, type ToolCall } from '../../core/index';
import { scriptedModel } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(cleanup);

function pendingWrite(preview: ApprovalPreview): ToolCall {
  return {
    id: 'call-1',
    name: 'write_file',
    messageId: 'm1',
    inputText: '{"path":"/src/a.ts","content":"one\\n2\\n"}',
    input: { path: '/src/a.ts', content: 'one\n2\n' },
    state: 'approval-requested',
    approval: { reason: 'write_file changes files.', requestedAt: 1, preview },
    audit: [{ state: 'approval-requested', at: 1, by: 'runtime' }],
  };
}

function renderWith(preview: ApprovalPreview) {
  const initialState = {
    ...createInitialState(),
    status: 'awaiting-people' as const,
    messages: [{ id: 'm1', role: 'assistant' as const, parts: [{ type: 'tool-call' as const, toolCallId: 'call-1' }], status: 'done' as const, createdAt: 1 }],
    toolCalls: [pendingWrite(preview)],
  };
  render(<AgentChat agent={createAgent({ model: scriptedModel([]), initialState })} />);
  return screen.getByRole('alertdialog', { name: /^Run write_file/ });
}

it('shows the diff of each file a file tool would change, inside the approval dialog', () => {
  const dialog = renderWith({
    kind: 'file-changes',
    files: [
      { path: '/src/a.ts', change: 'modify', diff: '--- /src/a.ts\n+++ /src/a.ts\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n' },
      { path: '/src/b.ts', change: 'move', from: '/b.ts', diff: '' },
    ],
  });
  const preview = within(dialog).getByRole('region', { name: '2 file changes' });
  expect(preview.textContent).toContain('Modify /src/a.ts');
  expect(preview.textContent).toContain('Move /src/b.ts from /b.ts');
  const diff = within(preview).getByRole('group', { name: 'Modify /src/a.ts' });
  const removed = diff.querySelector('tr[data-kind="removed"]')!;
  const added = diff.querySelector('tr[data-kind="added"]')!;
  expect(removed.textContent).toBe('2-Removedtwo');
  expect(added.textContent).toBe('2+Added2');
  // A plain move has no content change and shows no diff.
  expect(within(preview).queryByRole('group', { name: /Move/ })).toBeNull();

  // The dialog keeps its behaviour: focus on the dialog itself, Escape opens the deny reason.
  expect(document.activeElement).toBe(dialog);
  fireEvent.keyDown(dialog, { key: 'Escape' });
  expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toBeTruthy();
});

it('keeps a long preview short until asked, and shows a note', () => {
  const lines = Array.from({ length: 500 }, (_, index) => `+line ${index}`).join('\n');
  const dialog = renderWith({ kind: 'file-changes', note: 'Creates one large file.', files: [{ path: '/big.txt', change: 'create', diff: `--- /dev/null\n+++ /big.txt\n@@ -0,0 +1,500 @@\n${lines}\n` }] });
  expect(within(dialog).getByText('Creates one large file.')).toBeTruthy();
  expect(dialog.querySelectorAll('.rak-diff-line')).toHaveLength(200);
  fireEvent.click(within(dialog).getByRole('button', { name: /Show all 501 lines/ }));
  expect(dialog.querySelectorAll('.rak-diff-line')).toHaveLength(501);
});

it('marks invisible characters in the paths and diffs of the preview, and warns about them', () => {
  const dialog = renderWith({
    kind: 'file-changes',
    files: [{ path: '/logs/a\u202Eb.txt', change: 'delete', diff: '--- /logs/a\u202Eb.txt\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-admin\u2066 = true\n' }],
  });
  const preview = within(dialog).getByRole('region', { name: 'File change' });
  expect(preview.querySelector('.rak-approval-file-title')!.textContent).toBe('Delete /logs/aU+202Eb.txt');
  const diff = within(preview).getByRole('group', { name: 'Delete /logs/a[U+202E]b.txt' });
  expect(diff.querySelector('.rak-diff-text')!.textContent).toBe('adminU+2066 = true');
  const warning = dialog.querySelector('.rak-invisible-warning')!;
  expect(warning.textContent).toMatch(/^Hidden characters\. These file changes contain invisible or direction-changing characters/);
  expect([...warning.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
    'the path of a changed file contains U+202E RIGHT-TO-LEFT OVERRIDE: /logs/aU+202Eb.txt',
    'the change to /logs/aU+202Eb.txt contains U+2066 LEFT-TO-RIGHT ISOLATE: adminU+2066 = true',
  ]);
  expect(dialog.textContent).not.toMatch(/[\u202E\u2066]/);
});
