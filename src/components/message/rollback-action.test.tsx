// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool, type Sandbox } from '../../core/index';
import { createSandbox } from '../../core/sandbox/index';
import { hangingModel, scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(cleanup);

function setup(sandbox: Sandbox = createSandbox({ files: { '/a.txt': 'one\n' } })) {
  const saveFile = defineTool({
    name: 'save_file',
    description: 'Saves a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
    execute: ({ path, content }) => {
      sandbox.writeFile(path, content);
      return { saved: path };
    },
  });
  const model = scriptedModel([
    toolCall('save_file', { path: '/a.txt', content: 'two\n' }),
    text('Changed a.txt.'),
    toolCall('save_file', { path: '/b.txt', content: 'new\n' }),
    text('Added b.txt.'),
  ]);
  const agent = createAgent({ model, sandbox, tools: [saveFile] });
  const rollback = vi.spyOn(agent, 'rollback');
  return { agent, sandbox, rollback };
}

const userMessage = (text: string) => screen.getAllByRole('article', { name: 'You' }).find((article) => article.textContent?.includes(text))!;
const composer = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });

describe('Roll back to here', () => {
  it('asks first, then restores files and conversation and puts the text back in the composer', async () => {
    const { agent, sandbox, rollback } = setup();
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Change a').then(() => {}));
    await act(() => agent.send('Add b').then(() => {}));
    expect(sandbox.readFile('/b.txt')).toBe('new\n');

    // The workspace panel shows the turn's change.
    fireEvent.click(screen.getByRole('button', { name: 'Workspace' }));
    const tree = screen.getByRole('tree', { name: 'Files' });
    expect(within(tree).getByRole('treeitem', { name: 'b.txt (added)' })).toBeTruthy();

    const second = userMessage('Add b');
    const secondId = agent.getState().messages.filter((message) => message.role === 'user')[1]!.id;
    fireEvent.click(within(second).getByRole('button', { name: 'Roll back to here' }));
    // A confirmation first, with the safe choice focused; Cancel returns to the action.
    const confirm = within(second).getByRole('group', { name: /Roll back to before this message\?/ });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(rollback).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(within(second).getByRole('button', { name: 'Roll back to here' }));

    fireEvent.click(within(second).getByRole('button', { name: 'Roll back to here' }));
    fireEvent.click(within(second).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(composer().value).toBe('Add b'));
    expect(rollback).toHaveBeenCalledExactlyOnceWith(secondId);
    expect(document.activeElement).toBe(composer());
    expect(screen.getAllByRole('article', { name: 'You' }).map((article) => article.textContent)).toEqual([expect.stringContaining('Change a')]);
    expect(sandbox.exists('/b.txt')).toBe(false);
    expect(within(tree).queryByRole('treeitem', { name: /b\.txt/ })).toBeNull();
    // The first turn's change is what the workspace shows now.
    expect(within(tree).getByRole('treeitem', { name: 'a.txt (modified)' })).toBeTruthy();
  });

  it('is offered only for turns with a checkpoint, and disabled while the agent runs', async () => {
    const sandbox = createSandbox();
    const agent = createAgent({ model: hangingModel(), sandbox });
    render(<AgentChat agent={agent} />);
    void agent.send('Think forever');
    await waitFor(() => expect(agent.getState().status).toBe('running'));
    const action = within(userMessage('Think forever')).getByRole<HTMLButtonElement>('button', { name: 'Roll back to here' });
    expect(action.disabled).toBe(true);
    await act(() => agent.stop());
    expect(action.disabled).toBe(false);
    cleanup();

    const withoutSandbox = createAgent({ model: scriptedModel([text('Hi.')]) });
    render(<AgentChat agent={withoutSandbox} />);
    await act(() => withoutSandbox.send('Hello').then(() => {}));
    expect(screen.queryByRole('button', { name: 'Roll back to here' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Workspace' })).toBeNull();
  });

  it('says why when the rollback is refused', async () => {
    const { agent, sandbox } = setup();
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Change a').then(() => {}));
    act(() => sandbox.deleteCheckpoint(agent.getState().messages[0]!.checkpointId!));
    const first = userMessage('Change a');
    // The sandbox sends no event for a deleted checkpoint, so the action is still offered; the agent refuses.
    fireEvent.click(within(first).getByRole('button', { name: 'Roll back to here' }));
    fireEvent.click(within(first).getByRole('button', { name: 'Roll back' }));
    expect((await within(first).findByRole('alert')).textContent).toMatch(/no checkpoint/);
    expect(sandbox.readFile('/a.txt')).toBe('two\n');
  });
});
