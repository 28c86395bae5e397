// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../core/index';
import { createSandbox } from '../../core/sandbox/index';
import { AgentProvider } from '../../react/index';
import { scriptedModel } from '../../testing/index';
import { FileExplorer } from './file-explorer';

const downloads: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  downloads.length = 0;
  let counter = 0;
  const blobs = new Map<string, Blob>();
  vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: (blob: Blob) => (blobs.set(`blob:${++counter}`, blob), `blob:${counter}`), revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** jsdom's Blob has no `arrayBuffer()`; its FileReader reads it. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error!);
    reader.readAsArrayBuffer(blob);
  });
}

const tree = () => screen.getByRole('tree', { name: 'Files' });
const item = (name: string) => within(tree()).getByRole('treeitem', { name: new RegExp(`^${name.replace('.', '\\.')}( \\(|$)`) });
/** A tree item's name: a folder's from its aria-labelledby (the referenced texts), a file's from its content; hidden parts left out. */
function computeAccessibleName(element: Element): string {
  const text = (source: Element) => {
    const copy = source.cloneNode(true) as Element;
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return copy.textContent ?? '';
  };
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy === null) return text(element);
  return labelledBy
    .split(' ')
    .map((id) => text(document.getElementById(id)!))
    .join(' ');
}
const names = () => within(tree()).queryAllByRole('treeitem').map((element) => computeAccessibleName(element));

describe('<FileExplorer>', () => {
  it('shows the tree, and a file the agent writes appears in it', () => {
    const sandbox = createSandbox({ files: { '/src/index.ts': 'export {};\n', '/README.md': '# Hi\n' } });
    render(<FileExplorer sandbox={sandbox} />);
    expect(names()).toEqual(['README.md', 'src']);
    expect(item('src').getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(within(item('src')).getByText('src'));
    expect(item('src').getAttribute('aria-expanded')).toBe('true');
    expect(names()).toEqual(['README.md', 'src', 'index.ts']);

    act(() => sandbox.writeFile('/src/util.ts', 'export const one = 1;\n'));
    act(() => sandbox.writeFile('/notes.txt', 'remember\n'));
    expect(names()).toEqual(['README.md', 'notes.txt', 'src', 'index.ts', 'util.ts']);
    expect(item('util.ts').getAttribute('aria-level')).toBe('2');
  });

  it('is navigable with the keyboard, and opens a file with line numbers', () => {
    const sandbox = createSandbox({ files: { '/src/a.ts': 'first\nsecond\n', '/z.txt': 'z' } });
    render(<FileExplorer sandbox={sandbox} />);
    const files = tree();
    fireEvent.focus(files);
    expect(files.getAttribute('aria-activedescendant')).toBe(item('src').id);
    fireEvent.keyDown(files, { key: 'ArrowRight' });
    expect(item('src').getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(files, { key: 'ArrowRight' });
    expect(files.getAttribute('aria-activedescendant')).toBe(item('a.ts').id);
    fireEvent.keyDown(files, { key: 'Enter' });
    expect(item('a.ts').getAttribute('aria-selected')).toBe('true');

    const content = screen.getByLabelText('Content of /src/a.ts');
    expect([...content.querySelectorAll('.rak-file-line')].map((line) => [line.getAttribute('data-line'), line.textContent])).toEqual([
      ['1', 'first\n'],
      ['2', 'second\n'],
    ]);
    fireEvent.keyDown(files, { key: 'ArrowLeft' });
    expect(files.getAttribute('aria-activedescendant')).toBe(item('src').id);
    fireEvent.keyDown(files, { key: 'ArrowLeft' });
    expect(item('src').getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(files, { key: 'End' });
    expect(files.getAttribute('aria-activedescendant')).toBe(item('z.txt').id);
    fireEvent.keyDown(files, { key: 'Home' });
    fireEvent.keyDown(files, { key: 'ArrowDown' });
    expect(files.getAttribute('aria-activedescendant')).toBe(item('z.txt').id);
  });

  it('marks files changed since the checkpoint, lists them, and shows a diff', () => {
    const sandbox = createSandbox({ files: { '/src/a.ts': 'one\ntwo\n', '/old.md': 'old\n', '/same.md': 'same\n' } });
    sandbox.checkpoint();
    render(<FileExplorer sandbox={sandbox} />);
    act(() => {
      sandbox.writeFile('/src/a.ts', 'one\n2\n');
      sandbox.writeFile('/new.md', 'new\n');
      sandbox.delete('/old.md');
    });
    expect(names()).toEqual(['new.md (added)', 'same.md', 'src (contains changes)']);
    fireEvent.click(within(item('src')).getByText('src'));
    expect(computeAccessibleName(item('a.ts'))).toBe('a.ts (modified)');
    // The name contains what the row shows, from its start (WCAG 2.5.3, label in name).
    for (const row of within(tree()).queryAllByRole('treeitem')) expect(computeAccessibleName(row).startsWith(row.querySelector('.rak-tree-name')!.textContent ?? '')).toBe(true);
    // All of it, the letter too: a file is named by its content, not by a reference that leaves the visible "M" out.
    expect(item('a.ts').hasAttribute('aria-labelledby')).toBe(false);
    expect(item('a.ts').querySelector('.rak-change-badge')!.textContent).toBe('M(modified)');

    fireEvent.click(screen.getByRole('button', { name: 'Changes 3' }));
    const list = screen.getByRole('list', { name: 'Changed files' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'A(added)/new.md',
      'D(deleted)/old.md',
      'M(modified)/src/a.ts',
    ]);
    fireEvent.click(within(list).getByRole('button', { name: /src\/a\.ts/ }));
    const diff = screen.getByRole('group', { name: 'Changes to /src/a.ts' });
    const kinds = [...diff.querySelectorAll('.rak-diff-line')].map((row) => `${row.getAttribute('data-kind')}:${row.querySelector('.rak-diff-text')?.textContent ?? ''}`);
    expect(kinds).toEqual(['hunk:', 'context:one', 'removed:two', 'added:2']);

    // A deleted file: the viewer says so, and its diff shows what it held.
    fireEvent.click(within(list).getByRole('button', { name: /old\.md/ }));
    expect(screen.getByRole('group', { name: 'Changes to /old.md' }).textContent).toContain('old');
    fireEvent.click(screen.getByRole('button', { name: 'Content' }));
    expect(screen.getByText(/deleted since the checkpoint/)).toBeTruthy();
  });

  it('shows a binary file by its size, and downloads files and the whole workspace', async () => {
    const sandbox = createSandbox({ files: { '/logo.png': new Uint8Array([137, 80, 78, 71]), '/a.txt': 'hi' } });
    render(<FileExplorer sandbox={sandbox} />);
    fireEvent.click(within(item('logo.png')).getByText('logo.png'));
    expect(screen.getByText('Binary file, 4 B; download it to open it.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(downloads[0]!.name).toBe('logo.png');
    expect([...(await bytesOf(downloads[0]!.blob))]).toEqual([137, 80, 78, 71]);
    expect(downloads[0]!.blob.type).toBe('application/octet-stream');

    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(downloads[1]!.name).toBe('workspace.json');
    const copy = createSandbox();
    expect(downloads[1]!.blob.type).toBe('application/json');
    copy.importArchive(await bytesOf(downloads[1]!.blob));
    expect(copy.readFile('/a.txt')).toBe('hi');
    expect([...copy.readBytes('/logo.png')]).toEqual([137, 80, 78, 71]);
  });

  it('marks invisible characters in names, paths and content, and downloads such a file under a plain name', () => {
    const sandbox = createSandbox({ files: { '/safe\u202Egnp.exe': 'if (a\u2067 && b) {}\n' } });
    sandbox.checkpoint();
    render(<FileExplorer sandbox={sandbox} />);
    // Named by the text the row shows, the mark included (it was "safe[U+202E]gnp.exe", not what was shown).
    const file = item('safeU\\+202Egnp.exe');
    expect(file.querySelector('.rak-invisible-char')!.getAttribute('title')).toBe('RIGHT-TO-LEFT OVERRIDE (U+202E), an invisible character');
    fireEvent.click(within(file).getByText(/^safe/));
    expect(screen.getByLabelText('Content of /safe[U+202E]gnp.exe').textContent).toBe('if (aU+2067 && b) {}\n');
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(downloads[0]!.name).toBe('safe_gnp.exe');

    act(() => sandbox.writeFile('/safe\u202Egnp.exe', 'if (a\u2067 && c) {}\n', { overwrite: true }));
    fireEvent.click(screen.getByRole('button', { name: /Changes/ }));
    const change = screen.getByRole('list', { name: 'Changed files' }).querySelector('.rak-changes-path')!;
    expect(change.textContent).toBe('/safeU+202Egnp.exe');
    fireEvent.click(change);
    const diff = screen.getByRole('group', { name: 'Changes to /safe[U+202E]gnp.exe' });
    expect([...diff.querySelectorAll('.rak-diff-text')].map((cell) => cell.textContent)).toEqual(['if (aU+2067 && b) {}', 'if (aU+2067 && c) {}']);
  });

  it('has empty states without a sandbox and without files', () => {
    render(
      <AgentProvider agent={createAgent({ model: scriptedModel([]) })}>
        <FileExplorer />
      </AgentProvider>,
    );
    expect(screen.getByText('No workspace: this agent has no sandbox.')).toBeTruthy();
    cleanup();
    const sandbox = createSandbox();
    render(<FileExplorer sandbox={sandbox} />);
    expect(screen.getByText('No files yet.')).toBeTruthy();
    expect(screen.getByText('Select a file to see it here.')).toBeTruthy();
    act(() => sandbox.writeFile('/first.txt', '1'));
    expect(names()).toEqual(['first.txt']);
  });
});
