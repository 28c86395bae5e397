// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { createSandbox } from '../../core/sandbox/index';
import { FileExplorer } from './file-explorer';

// Every call of a hook is one render of the component that calls it: counting the calls per
// path counts the renders of each folder (`useFiles`), row (`useFileChange`) and viewer (`useFile`).
const calls = vi.hoisted(() => new Map<string, number>());
vi.mock('../../react/index', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../react/index')>();
  const count = (key: string) => calls.set(key, (calls.get(key) ?? 0) + 1);
  return {
    ...original,
    useFiles: (directory?: string) => (count(`files ${directory ?? '/'}`), original.useFiles(directory)),
    useFileChange: (path: string, checkpointId?: string) => (count(`row ${path}`), original.useFileChange(path, checkpointId)),
    useFile: (path: string) => (count(`viewer ${path}`), original.useFile(path)),
  };
});

afterEach(cleanup);

it('re-renders only the row and folder of a file the agent writes, not the tree', () => {
  const files: Record<string, string> = { '/docs/guide.md': 'guide\n', '/src/a.ts': 'a\n', '/README.md': 'readme\n' };
  for (let index = 0; index < 50; index++) files[`/src/file-${String(index).padStart(2, '0')}.ts`] = `export const n = ${index};\n`;
  const sandbox = createSandbox({ files });
  sandbox.checkpoint();
  render(<FileExplorer sandbox={sandbox} />);
  const tree = screen.getByRole('tree');
  fireEvent.click(within(tree).getByText('src'));
  fireEvent.click(within(tree).getByText('docs'));
  fireEvent.click(within(tree).getByText('guide.md'));
  expect(screen.getByLabelText('Content of /docs/guide.md').textContent).toBe('guide\n');
  calls.clear();

  // The agent modifies one file of a large folder.
  act(() => sandbox.writeFile('/src/a.ts', 'a, changed\n'));
  const after = Object.fromEntries(calls);
  expect(within(tree).getByRole('treeitem', { name: 'a.ts (modified)' })).toBeTruthy();
  // The lists of that folder and its parent re-render (sizes and times changed), the file's row
  // gets its "modified" mark and the folder's row its "contains changes" mark...
  expect(after).toEqual({ 'files /': 1, 'files /src': 1, 'row /src/a.ts': 1, 'row /src': 1 });
  // ...and nothing else: not the other 50 rows of /src, not /docs, not the viewer of another file.

  // Writing the same file again changes no mark: only the two lists re-render, no row.
  calls.clear();
  act(() => sandbox.writeFile('/src/a.ts', 'a, changed again, longer\n'));
  expect(Object.fromEntries(calls)).toEqual({ 'files /': 1, 'files /src': 1 });

  // A write elsewhere does not touch the open file's viewer; a write to it does.
  calls.clear();
  act(() => sandbox.writeFile('/docs/guide.md', 'guide, v2\n'));
  expect(calls.get('viewer /docs/guide.md')).toBe(1);
  expect(calls.get('files /src')).toBeUndefined();
  expect(screen.getByLabelText('Content of /docs/guide.md').textContent).toBe('guide, v2\n');
});
