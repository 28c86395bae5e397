// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool } from '../../core/index';
import { AgentProvider } from '../../react/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { ApprovalDialog } from './approval-dialog';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(cleanup);

function setup(notes: string[] = ['Buy milk']) {
  const saved: string[] = [];
  const writeNote = defineTool({
    name: 'write_note',
    description: 'Saves a note in the notebook.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
    needsApproval: true,
    execute: ({ text: note }) => {
      saved.push(note);
      return { saved: true };
    },
  });
  const model = scriptedModel([notes.map((note) => toolCall('write_note', { text: note })), text('All done.')]);
  const agent = createAgent({ model, tools: [writeNote] });
  return { agent, saved, start: () => act(() => agent.send('Take notes').then(() => {})) };
}

const dialog = () => screen.getByRole('alertdialog', { name: /^Run write_note with text/ });
const button = (name: string | RegExp) => within(dialog()).getByRole('button', { name });
/** The JSON editor (after "Edit as JSON"). */
const argumentsInput = () => within(dialog()).getByRole<HTMLTextAreaElement>('textbox', { name: /Arguments/ });
/** The form's field for the note's text. */
const textField = () => within(dialog()).getByRole<HTMLTextAreaElement>('textbox', { name: 'Text' });
const asJson = () => fireEvent.click(button('Edit as JSON'));
const settled = (agent: ReturnType<typeof setup>['agent']) => waitFor(() => expect(agent.getState().status).toBe('idle'));

describe('<ApprovalDialog> in <AgentChat>', () => {
  it('shows what will run and why, as an announced modal, and approves', async () => {
    const { agent, saved, start } = setup();
    render(<AgentChat agent={agent} />);
    await start();
    const modal = screen.getByRole('alertdialog', { name: 'Run write_note with text “Buy milk”' });
    expect(modal.getAttribute('aria-modal')).toBe('true');
    expect(within(modal).getByRole('heading', { level: 2 }).textContent).toBe('Run write_note with text “Buy milk”');
    expect(modal.getAttribute('aria-describedby')).toBeTruthy();
    const description = document.getElementById(modal.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toBe('Why you are asked: "write_note" always asks a person before it runs.');
    // The text written for the model is there, collapsed.
    const details = modal.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('Saves a note in the notebook.');
    expect(textField().value).toBe('Buy milk');
    // The composer is disabled with a hint; the thread behind the modal is inert.
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).matches(':disabled')).toBe(true);
    expect(screen.getByText('The agent waits for your decision on a tool call.')).toBeTruthy();
    expect(document.querySelector('.rak-chat-layer')!.hasAttribute('inert')).toBe(true);

    fireEvent.click(button('Approve'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.querySelector('.rak-chat-layer')!.hasAttribute('inert')).toBe(false);
    await settled(agent);
    expect(saved).toEqual(['Buy milk']);
    expect(agent.getState().alwaysAllowed).toEqual([]);
    expect(document.querySelector('.rak-tool-chip')!.getAttribute('data-state')).toBe('output-available');
  });

  it('approves always for the tool', async () => {
    const { agent, saved, start } = setup();
    render(<AgentChat agent={agent} />);
    await start();
    fireEvent.click(button('Always allow write_note'));
    await settled(agent);
    expect(saved).toEqual(['Buy milk']);
    expect(agent.getState().alwaysAllowed).toEqual(['write_note']);
  });

  it('denies with a reason that reaches the model', async () => {
    const { agent, saved, start } = setup();
    render(<AgentChat agent={agent} />);
    await start();
    fireEvent.click(button('Deny'));
    const reason = within(dialog()).getByRole('textbox', { name: /Reason/ });
    expect(document.activeElement).toBe(reason);
    fireEvent.change(reason, { target: { value: 'Not in this notebook' } });
    fireEvent.click(button('Confirm deny'));
    await settled(agent);
    expect(saved).toEqual([]);
    const call = agent.getState().toolCalls[0]!;
    expect(call.state).toBe('output-denied');
    expect(call.error).toContain('Not in this notebook');
  });

  it('runs edited arguments; invalid JSON blocks Approve, and the agent’s refusal is shown', async () => {
    const { agent, saved, start } = setup();
    render(<AgentChat agent={agent} />);
    await start();
    asJson();
    fireEvent.change(argumentsInput(), { target: { value: '{"text": "Buy oat milk"' } });
    expect((button('Approve') as HTMLButtonElement).disabled).toBe(true);
    expect((button('Always allow write_note') as HTMLButtonElement).disabled).toBe(true);
    expect(argumentsInput().getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog()).getByText(/Not valid JSON/)).toBeTruthy();

    fireEvent.change(argumentsInput(), { target: { value: '{"text": 42}' } });
    fireEvent.click(button('Approve'));
    const refusal = await within(dialog()).findByRole('alert');
    expect(refusal.textContent).toMatch(/expected string/);
    expect(document.activeElement).toBe(argumentsInput());
    expect(saved).toEqual([]);

    fireEvent.change(argumentsInput(), { target: { value: '{"text": "Buy oat milk"}' } });
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    fireEvent.click(button('Approve'));
    await settled(agent);
    expect(saved).toEqual(['Buy oat milk']);
    expect(agent.getState().toolCalls[0]!.originalInput).toEqual({ text: 'Buy milk' });
  });

  it('opens the deny reason with Escape, and never approves on Enter elsewhere than the Approve button', async () => {
    const { agent, start } = setup();
    render(<AgentChat agent={agent} />);
    await start();
    const approve = vi.spyOn(agent, 'approve');
    for (const target of [dialog(), textField(), button('Deny'), button('Always allow write_note')]) {
      fireEvent.keyDown(target, { key: 'Enter' });
      fireEvent.keyUp(target, { key: 'Enter' });
    }
    expect(approve).not.toHaveBeenCalled();

    // From the dialog itself (where focus is when it opens) and from a control inside it.
    expect(document.activeElement).toBe(dialog());
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    const reason = within(dialog()).getByRole('textbox', { name: /Reason/ });
    expect(document.activeElement).toBe(reason);
    fireEvent.keyDown(reason, { key: 'Escape' });
    expect(within(dialog()).queryByRole('textbox', { name: /Reason/ })).toBeNull();
    expect(document.activeElement).toBe(button('Deny'));
    fireEvent.keyDown(textField(), { key: 'Escape' });
    expect(within(dialog()).getByRole('textbox', { name: /Reason/ })).toBeTruthy();
    expect(dialog()).toBeTruthy();
    expect(agent.getState().toolCalls[0]!.state).toBe('approval-requested');
  });

  it('works through a queue, one request at a time', async () => {
    const { agent, saved, start } = setup(['First note', 'Second note']);
    render(<AgentChat agent={agent} />);
    await start();
    expect(within(dialog()).getByText('1 of 2')).toBeTruthy();
    expect(textField().value).toBe('First note');
    fireEvent.click(button('Deny'));
    fireEvent.click(button('Confirm deny'));
    await waitFor(() => expect(textField().value).toBe('Second note'));
    expect(within(dialog()).queryByText(/of 2/)).toBeNull();
    expect(document.activeElement).toBe(dialog());
    fireEvent.click(button('Approve'));
    await settled(agent);
    expect(saved).toEqual(['Second note']);
  });
});

describe.each([
  ['', (children: ReactNode) => children],
  [' (StrictMode, effects run twice)', (children: ReactNode) => <StrictMode>{children}</StrictMode>],
])('<ApprovalDialog> focus%s', (_, wrap) => {
  it('moves focus into the dialog, keeps Tab inside, and gives focus back on close', async () => {
    const { agent, start } = setup();
    render(
      wrap(
        <AgentProvider agent={agent}>
          <div className="rak-root">
            <button type="button">Outside</button>
            <ApprovalDialog />
          </div>
        </AgentProvider>,
      ),
    );
    const outside = screen.getByRole('button', { name: 'Outside' });
    outside.focus();
    await start();
    expect(document.activeElement).toBe(dialog());

    // Tab from the last control wraps to the first (the tool's description), Shift+Tab from it goes to the last.
    const approveButton = button('Approve');
    approveButton.focus();
    fireEvent.keyDown(approveButton, { key: 'Tab' });
    const first = dialog().querySelector('summary')!;
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(approveButton);
    // Focus that escapes to the page is brought back.
    outside.focus();
    expect(document.activeElement).toBe(dialog());

    fireEvent.click(button('Approve'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(outside);
    await settled(agent);
  });
});
