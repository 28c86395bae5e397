// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool } from '../../core/index';
import { createSandbox } from '../../core/sandbox/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';

/**
 * Issue 26, item 8: every place that shows a file name marks its invisible characters, as the
 * approval dialog does. One conversation puts a spoofed name everywhere a name shows (an attachment
 * saved in the workspace, a file a tool writes, the file panel's tree, changes, viewer and diff,
 * the tool call in the thread), and no text or attribute on the page holds the character itself.
 */

beforeEach(() => {
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

// Each reads as something else where the character acts: "pagetxt.html", "reporttxt.exe".
const attached = 'page\u202Elmth.txt';
const written = 'report\u2066\u202Eexe.txt';
const raw = /[\u202E\u2066]/;
/** Attributes that hold a name for the code, not for people. */
const forCode = new Set(['data-path', 'id', 'aria-labelledby', 'aria-controls', 'aria-activedescendant', 'for', 'href', 'download']);

function rawPlaces(): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node: Node | null = walker.currentNode; node !== null; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (raw.test(node.nodeValue ?? '')) found.push(`text in <${node.parentElement?.tagName.toLowerCase()} class="${node.parentElement?.className}">: ${JSON.stringify(node.nodeValue)}`);
      continue;
    }
    for (const attribute of (node as Element).attributes) {
      if (!forCode.has(attribute.name) && raw.test(attribute.value)) found.push(`${(node as Element).tagName.toLowerCase()}[${attribute.name}]: ${JSON.stringify(attribute.value)}`);
    }
  }
  return found;
}

describe('file names with invisible characters, everywhere the chat shows one', () => {
  // A whole chat with its file panel: its first render in jsdom takes seconds on a loaded machine.
  it('are marked in the thread, the composer and the file panel; nothing shows them raw', { timeout: 30_000 }, async () => {
    const sandbox = createSandbox({ files: { '/a.txt': 'one\n' } });
    const saveFile = defineTool({
      name: 'save_file',
      description: 'Saves a file.',
      inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
      execute: ({ path, content }) => {
        sandbox.writeFile(path, content);
        return { saved: path };
      },
    });
    const model = scriptedModel([toolCall('save_file', { path: `/docs/${written}`, content: 'b\n' }), text('Saved.')]);
    const agent = createAgent({ model, sandbox, tools: [saveFile] });
    render(<AgentChat agent={agent} attachments={{ saveTo: '/uploads' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Workspace' }));
    fireEvent.change(screen.getByTestId('composer-file-input'), { target: { files: [new File(['hello'], attached, { type: 'text/plain' })] } });
    expect(rawPlaces()).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Save a report' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    await waitFor(() => expect(model.calls.length).toBeGreaterThan(1));
    await waitFor(() => expect(agent.getState().status).toBe('idle'));
    expect(sandbox.readFile(`/uploads/${attached}`)).toBe('hello');

    const tree = screen.getByRole('tree', { name: 'Files' });
    fireEvent.click(within(tree).getByText('docs'));
    fireEvent.click(within(tree).getByText('uploads'));
    fireEvent.click(tree.querySelector(`[data-path="/docs/${written}"] .rak-tree-row`)!);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('/docs/reportU+2066U+202Eexe.txt');
    fireEvent.click(screen.getByRole('button', { name: 'Diff' }));
    for (const details of document.querySelectorAll('details')) details.open = true;
    expect(rawPlaces()).toEqual([]);
    // Each name is marked where it shows: the sent message's chip, the tree (twice), the viewer, the tool call.
    const marks = [...document.querySelectorAll('.rak-invisible-char')].map((mark) => mark.getAttribute('data-code-point'));
    expect(marks.filter((mark) => mark === 'U+2066').length).toBeGreaterThanOrEqual(3);
    expect(marks.filter((mark) => mark === 'U+202E').length).toBeGreaterThanOrEqual(5);
  });
});
