// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool } from '../core/index';
import { createSandbox } from '../core/sandbox/index';
import { scriptedModel, text, toolCall } from '../testing/index';
import { AgentChat } from './agent-chat';

// Which lazily loaded modules have been evaluated, recorded by the module loader itself (each
// mock's factory runs once, when something first imports the module, statically or dynamically).
const evaluated = vi.hoisted(() => new Set<string>());
vi.mock('../core/run/run-loop', async (original) => (evaluated.add('loop'), await original()));
vi.mock('./message/tool-call-chip', async (original) => (evaluated.add('tool card'), await original()));
vi.mock('./approval-dialog/approval-modal', async (original) => (evaluated.add('approval dialog'), await original()));
vi.mock('./question-picker/docked-question', async (original) => (evaluated.add('question picker'), await original()));
vi.mock('./file-explorer/file-explorer', async (original) => (evaluated.add('file explorer'), await original()));
vi.mock('./suggestions/suggestion-chips', async (original) => (evaluated.add('suggestion chips'), await original()));
vi.mock('../core/agent/follow-up-command', async (original) => (evaluated.add('follow-up request'), await original()));

afterEach(cleanup);

const writeNote = defineTool({
  name: 'write_note',
  description: 'Saves a note.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  needsApproval: true,
  execute: () => 'saved',
});

// In order: each step's parts stay loaded for the next, as in one page.
describe('what loads when (the quick start: createAgent + AgentChat)', () => {
  it('paints the chat without the loop, the tool card, the dialog, the picker or the explorer', () => {
    const agent = createAgent({ model: scriptedModel([text('Hi!')]) });
    render(<AgentChat agent={agent} />);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect([...evaluated]).toEqual([]);
  });

  it('loads the loop and the tool card when the page is idle, before anyone sends; a chat that only talks loads nothing else', async () => {
    const agent = createAgent({ model: scriptedModel([text('Hello there.')]) });
    render(<AgentChat agent={agent} />);
    await waitFor(() => expect([...evaluated].sort()).toEqual(['loop', 'tool card']));
    await act(() => agent.send('Hi').then(() => {}));
    expect(screen.getByText('Hello there.')).toBeTruthy();
    expect([...evaluated].sort()).toEqual(['loop', 'tool card']);
  });

  it('loads the approval dialog (and the question picker) once the conversation has a tool call, and shows the dialog', async () => {
    const agent = createAgent({ model: scriptedModel([toolCall('write_note', { text: 'milk' }), text('Saved.')]), tools: [writeNote] });
    render(<AgentChat agent={agent} />);
    expect(evaluated.has('approval dialog')).toBe(false);
    const run = agent.send('Note milk');
    const dialog = await screen.findByRole('alertdialog');
    expect(evaluated.has('approval dialog')).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await act(() => run.then(() => {}));
    expect(dialog.isConnected).toBe(false);
    await waitFor(() => expect(evaluated.has('question picker')).toBe(true));
    expect(evaluated.has('file explorer')).toBe(false);
  });

  it('loads the file explorer for a chat with a sandbox, and shows it when the Workspace opens', async () => {
    const agent = createAgent({ model: scriptedModel([]), sandbox: createSandbox({ files: { '/notes.md': '# Notes\n' } }) });
    render(<AgentChat agent={agent} />);
    fireEvent.click(screen.getByRole('button', { name: 'Workspace' }));
    expect(await screen.findByRole('treeitem', { name: /notes\.md/ })).toBeTruthy();
    expect(evaluated.has('file explorer')).toBe(true);
  });

  it('loads the suggestion chips only for a chat with suggestions, and the follow-up request only for model follow-ups', async () => {
    const agent = createAgent({ model: scriptedModel([text('Hello.')]) });
    render(<AgentChat agent={agent} suggestions={{ followUps: () => ['And then?'] }} />);
    await act(() => agent.send('Hi').then(() => {}));
    expect(await screen.findByRole('button', { name: 'And then?' })).toBeTruthy();
    expect(evaluated.has('suggestion chips')).toBe(true);
    expect(evaluated.has('follow-up request')).toBe(false);
    cleanup();
    const asking = createAgent({ model: scriptedModel([text('Hello.'), text('["Why?"]')]) });
    render(<AgentChat agent={asking} suggestions={{ followUps: 'model' }} />);
    await act(() => asking.send('Hi').then(() => {}));
    expect(await screen.findByRole('button', { name: 'Why?' })).toBeTruthy();
    expect(evaluated.has('follow-up request')).toBe(true);
  });
});
