// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool } from '../../core/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(cleanup);

const chip = () => document.querySelector<HTMLElement>('.rak-tool-chip')!;

describe('<ToolCallChip>', () => {
  it('is a compact card: name, one-line arguments, state, running time, and details on demand', async () => {
    const lookUp = defineTool({
      name: 'look_up',
      description: 'Looks a word up.',
      inputSchema: { type: 'object', properties: { word: { type: 'string' }, senses: { type: 'array', items: { type: 'string' } } } },
      execute: ({ word }) => ({ word, meaning: 'a small domesticated feline' }),
    });
    const agent = createAgent({ model: scriptedModel([toolCall('look_up', { word: 'cat', senses: ['noun', 'verb'] }), text('A cat is a feline.')]), tools: [lookUp] });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('What is a cat?').then(() => {}));
    const toggle = within(chip()).getByRole('button', { expanded: false });
    expect(toggle.textContent).toContain('look_up');
    expect(toggle.textContent).toContain('word: "cat", senses: [2]');
    expect(toggle.textContent).toContain('Done');
    expect(chip().querySelector('time')!.textContent).toMatch(/^\d+ ms$/);
    expect(chip().textContent).not.toContain('feline');

    fireEvent.click(toggle);
    const details = within(chip()).getByRole('region', { name: 'look_up details' });
    expect(details.textContent).toContain('"meaning": "a small domesticated feline"');
  });

  it('points to the question picker while the call waits for an answer', async () => {
    const questions = [{ question: 'Cats or dogs?', header: 'Pet', options: [{ label: 'Cats' }, { label: 'Dogs' }] }];
    const agent = createAgent({ model: scriptedModel([toolCall('ask_user_question', { questions }), text('Noted.')]), askUser: true });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Ask me something').then(() => {}));
    const picker = screen.getByRole('form', { name: 'The agent has a question' });
    (document.querySelector('.rak-viewport') as HTMLElement).focus();
    fireEvent.click(within(chip()).getByRole('button', { name: 'Needs an answer' }));
    expect(document.activeElement).toBe(picker);

    fireEvent.click(within(picker).getByRole('radio', { name: 'Dogs' }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(agent.getState().status).toBe('idle'));
    expect(within(chip()).queryByRole('button', { name: 'Needs an answer' })).toBeNull();
    expect(chip().textContent).toContain('Done');
  });

  it('focuses the composer once the approval dialog closes, when focus had nowhere else to return (StrictMode)', async () => {
    const remove = defineTool({ name: 'remove_file', description: 'Removes a file.', inputSchema: { type: 'object', properties: {} }, needsApproval: true, execute: () => 'removed' });
    const agent = createAgent({ model: scriptedModel([toolCall('remove_file', {}), text('Removed.')]), tools: [remove] });
    render(
      <StrictMode>
        <AgentChat agent={agent} />
      </StrictMode>,
    );
    const composer = screen.getByRole('textbox', { name: 'Message' });
    // As in a browser (jsdom differs): a disabled control takes no focus, and disabling the
    // composer while the agent waits blurs it, so focus is nowhere when the dialog opens.
    const focus = HTMLElement.prototype.focus;
    vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options?: FocusOptions) {
      if (!this.matches(':disabled')) focus.call(this, options);
    });
    expect(document.activeElement).toBe(document.body);
    await act(() => agent.send('Remove it').then(() => {}));
    const dialog = screen.getByRole('alertdialog', { name: /^Run remove_file/ });
    expect(document.activeElement).toBe(dialog);
    expect(within(chip()).getByRole('button', { name: 'Needs approval' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(agent.getState().status).toBe('idle'));
    await waitFor(() => expect(document.activeElement).toBe(composer));
  });
});
