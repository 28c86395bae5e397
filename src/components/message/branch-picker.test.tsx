// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../core/index';
import { createSandbox } from '../../core/sandbox/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';
import { branchPickerPart } from './message-view';

beforeAll(async () => {
  await preloadChatParts();
  await branchPickerPart.preload();
});
afterEach(cleanup);

const shownQuestions = () => [...document.querySelectorAll('.rak-message[data-role="user"] .rak-message-body')].map((body) => body.textContent);

describe('BranchPicker', () => {
  it('shows ‹ 2 / 2 › under an edited question; Previous shows the old version with its answer and files, keeps the focus, and says so', async () => {
    const sandbox = createSandbox();
    const model = scriptedModel(({ options }) => {
      const last = options.prompt.at(-1)!;
      if (last.role !== 'user') return [text('Written.')];
      const words = (last.content as unknown as { text?: string }[]).map((part) => part.text ?? '').join('');
      return [toolCall('write_file', { path: '/answer.md', content: words })];
    });
    const agent = createAgent({ model, sandbox, permissions: { allow: ['write_file'] } });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Write hello'));
    expect(screen.queryByRole('group', { name: 'Versions' })).toBeNull();
    await act(() => agent.editMessage(agent.getState().messages[0]!.id, 'Write goodbye'));
    expect(sandbox.readFile('/answer.md')).toBe('Write goodbye');

    const picker = await screen.findByRole('group', { name: 'Versions' });
    expect(picker.textContent).toContain('2 / 2');
    expect(within(picker).getByRole('button', { name: 'Next version' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(picker).getByRole('button', { name: 'Previous version' }));

    await waitFor(() => expect(shownQuestions()).toEqual(['Write hello']));
    expect(sandbox.readFile('/answer.md')).toBe('Write hello');
    const shown = await screen.findByRole('group', { name: 'Versions' });
    await waitFor(() => expect(shown.textContent).toContain('Version 1 of 2'));
    expect(shown.textContent).toContain('1 / 2');
    // Previous is disabled in the first version: the focus goes to Next, in the version shown.
    await waitFor(() => expect(document.activeElement).toBe(within(shown).getByRole('button', { name: 'Next version' })));

    fireEvent.click(within(shown).getByRole('button', { name: 'Next version' }));
    await waitFor(() => expect(shownQuestions()).toEqual(['Write goodbye']));
    expect(sandbox.readFile('/answer.md')).toBe('Write goodbye');
  });

  it('shows the versions of a regenerated reply under the reply', async () => {
    let count = 0;
    const agent = createAgent({ model: scriptedModel(() => [text(`Take ${++count}.`)]) });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Name it'));
    await act(() => agent.regenerate());
    const reply = document.querySelector('.rak-message[data-role="assistant"]')!;
    const picker = await within(reply as HTMLElement).findByRole('group', { name: 'Versions' });
    expect(picker.textContent).toContain('2 / 2');
    fireEvent.click(within(picker).getByRole('button', { name: 'Previous version' }));
    await waitFor(() => expect(document.querySelector('.rak-message[data-role="assistant"] .rak-message-body')!.textContent).toBe('Take 1.'));
  });
});
