// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../core/sandbox/index';
import { DiffView } from './diff-view';
import { parseUnifiedDiff } from './parse-unified-diff';

afterEach(cleanup);

const sample = ['--- /a.txt', '+++ /a.txt', '@@ -1,3 +1,4 @@', ' one', '-two', '+2', ' three', '+four', '\\ No newline at end of file', ''].join('\n');

describe('parseUnifiedDiff', () => {
  it('numbers old and new lines from the hunk header', () => {
    const parsed = parseUnifiedDiff(sample);
    expect(parsed).toMatchObject({ additions: 2, deletions: 1, binary: false });
    expect(parsed.lines).toEqual([
      { kind: 'file', text: '/a.txt' },
      { kind: 'hunk', text: '@@ -1,3 +1,4 @@' },
      { kind: 'context', text: 'one', oldLine: 1, newLine: 1 },
      { kind: 'removed', text: 'two', oldLine: 2 },
      { kind: 'added', text: '2', newLine: 2 },
      { kind: 'context', text: 'three', oldLine: 3, newLine: 3 },
      { kind: 'added', text: 'four', newLine: 4 },
      { kind: 'note', text: 'No newline at end of file' },
    ]);
  });

  it("shows a CRLF file's lines without a mark for each line's CR (the sandbox's diff of a Windows file)", () => {
    const sandbox = createSandbox({ files: { 'win.txt': 'one\r\ntwo\r\n' } });
    const parsed = parseUnifiedDiff(sandbox.previewChange('win.txt', 'one\r\n2\r\n'));
    expect(parsed.lines.filter((line) => line.kind !== 'file' && line.kind !== 'hunk').map((line) => [line.kind, line.text])).toEqual([
      ['context', 'one'],
      ['removed', 'two'],
      ['added', '2'],
    ]);
    render(<DiffView diff={sandbox.previewChange('win.txt', 'one\r\n2\r\n')} />);
    expect(document.body.textContent).not.toContain('U+000D');
  });

  it('counts hunk lines, so a removed "-- comment" line is not a file header', () => {
    const parsed = parseUnifiedDiff('--- /q.sql\n+++ /q.sql\n@@ -1,2 +1,1 @@\n--- comment\n select 1;\n--- /b.sql\n+++ /b.sql\n@@ -0,0 +1 @@\n+x\n');
    expect(parsed.lines.map((line) => line.kind)).toEqual(['file', 'hunk', 'removed', 'context', 'file', 'hunk', 'added']);
    expect(parsed.lines[2]).toMatchObject({ text: '-- comment', oldLine: 1 });
    expect(parsed.lines[4]).toMatchObject({ text: '/b.sql' });
  });

  it('names new and deleted files, and reads what the sandbox writes', () => {
    const sandbox = createSandbox({ files: { '/gone.txt': 'bye\n' } });
    const checkpoint = sandbox.checkpoint();
    sandbox.writeFile('/new.txt', 'hello\n');
    sandbox.delete('/gone.txt');
    expect(parseUnifiedDiff(sandbox.diffFile('/new.txt', checkpoint)).lines.slice(0, 1)).toEqual([{ kind: 'file', text: '/new.txt (new file)' }]);
    const deleted = parseUnifiedDiff(sandbox.diffFile('/gone.txt', checkpoint));
    expect(deleted.lines[0]).toEqual({ kind: 'file', text: '/gone.txt (deleted)' });
    expect(deleted).toMatchObject({ additions: 0, deletions: 1 });
  });
});

describe('<DiffView>', () => {
  it('shows added and removed lines with signs, hidden labels and line numbers', () => {
    render(<DiffView diff={sample} label="/a.txt" />);
    const diff = screen.getByRole('group', { name: '/a.txt' });
    expect(diff.textContent).toContain('2 lines added, 1 line removed');
    const rows = within(diff).getAllByRole('row').slice(1);
    const added = rows.find((row) => row.getAttribute('data-kind') === 'added')!;
    // Not by color alone: a visible sign, and a word for screen readers.
    expect(added.querySelector('[aria-hidden="true"]')!.textContent).toBe('+');
    expect(added.textContent).toContain('Added');
    expect(within(added).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['', '2', '+Added', '2']);
    const removed = rows.find((row) => row.getAttribute('data-kind') === 'removed')!;
    expect(within(removed).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '', '-Removed', 'two']);
    expect(screen.getByText('@@ -1,3 +1,4 @@')).toBeTruthy();
  });

  it('says when there is nothing to show, and names binary changes', () => {
    render(<DiffView diff="" />);
    expect(screen.getByText('No changes.')).toBeTruthy();
    cleanup();
    render(<DiffView diff={'Binary files /logo.png and /logo.png differ\n'} />);
    expect(screen.getByText(/Binary file changed/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('renders a long diff up to maxLines, then all of it on request', () => {
    const lines = Array.from({ length: 1000 }, (_, index) => `+line ${index + 1}`);
    render(<DiffView diff={`--- /dev/null\n+++ /big.txt\n@@ -0,0 +1,1000 @@\n${lines.join('\n')}\n`} maxLines={50} />);
    expect(document.querySelectorAll('.rak-diff-line')).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 1,002 lines (952 more)' }));
    expect(document.querySelectorAll('.rak-diff-line')).toHaveLength(1002);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });
});
