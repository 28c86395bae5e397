// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool } from '../../core/index';
import { createSandbox } from '../../core/sandbox/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const agentWith = (withSandbox: boolean) =>
  createAgent({ model: scriptedModel([]), ...(withSandbox ? { sandbox: createSandbox({ files: { '/notes.md': '# Notes\n' } }) } : {}) });

describe('<AgentChat workspace>', () => {
  it('adds a Workspace button when the agent has a sandbox; the panel starts closed on a narrow chat', () => {
    render(<AgentChat agent={agentWith(true)} />);
    const toggle = screen.getByRole('button', { name: 'Workspace' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('complementary', { name: 'Workspace' })).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('complementary', { name: 'Workspace' });
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getByRole('treeitem', { name: 'notes.md' })).toBeTruthy();

    // Close (the way back on a narrow screen, where the panel covers the thread) returns focus to the toggle.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('complementary', { name: 'Workspace' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('starts open beside the thread when the chat is wide', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    render(<AgentChat agent={agentWith(true)} />);
    expect(screen.getByRole('button', { name: 'Workspace' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('complementary', { name: 'Workspace' })).toBeTruthy();
  });

  it('stays as before without a sandbox, unless asked; and can be turned off', () => {
    render(<AgentChat agent={agentWith(false)} />);
    expect(screen.queryByRole('button', { name: 'Workspace' })).toBeNull();
    cleanup();
    render(<AgentChat agent={agentWith(false)} filePanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Workspace' }));
    expect(screen.getByText('No workspace: this agent has no sandbox.')).toBeTruthy();
    cleanup();
    render(<AgentChat agent={agentWith(true)} filePanel={false} />);
    expect(screen.queryByRole('button', { name: 'Workspace' })).toBeNull();
  });

  it('follows a turn end to end in StrictMode: new files marked, diff, roll back', async () => {
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
    const agent = createAgent({ model: scriptedModel([toolCall('save_file', { path: '/src/b.txt', content: 'b\n' }), text('Saved.')]), sandbox, tools: [saveFile] });
    render(
      <StrictMode>
        <AgentChat agent={agent} />
      </StrictMode>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Workspace' }));
    await act(() => agent.send('Add b').then(() => {}));
    const tree = screen.getByRole('tree', { name: 'Files' });
    fireEvent.click(within(tree).getByText('src'));
    expect(within(tree).getByRole('treeitem', { name: 'b.txt (added)' })).toBeTruthy();
    act(() => sandbox.writeFile('/src/c.txt', 'c\n'));
    fireEvent.click(within(tree).getByText('c.txt'));
    fireEvent.click(screen.getByRole('button', { name: 'Diff' }));
    expect(screen.getByRole('group', { name: 'Changes to /src/c.txt' }).querySelector('tr[data-kind="added"]')!.textContent).toBe('1+Addedc');

    fireEvent.click(screen.getByRole('button', { name: 'Roll back to here' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Roll back' })));
    expect(within(tree).queryByRole('treeitem', { name: /src/ })).toBeNull();
    // The only turn was rolled back: no checkpoint is left to compare with.
    expect(screen.getByText(/No checkpoint yet/)).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).value).toBe('Add b');
  });
});
