// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../core/index';
import { createSandbox } from '../../core/sandbox/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';

afterEach(cleanup);

const userMessage = (words: string) => screen.getAllByRole('article', { name: 'You' }).find((article) => article.textContent?.includes(words))!;
const assistantTexts = () => screen.queryAllByRole('article', { name: 'Assistant' }).map((article) => article.querySelector('.rak-message-body')?.textContent);

describe('Edit a message', () => {
  it('edits a past user message inline; the conversation and the files go back to before it, and the new text runs', async () => {
    const sandbox = createSandbox({ files: { 'plan.md': 'draft\n' } });
    const model = scriptedModel([
      toolCall('read_file', { path: 'plan.md' }),
      toolCall('write_file', { path: 'plan.md', content: 'for Paris\n', overwrite: true }),
      text('Planned Paris.'),
      text('Planned Rome.'),
    ]);
    const agent = createAgent({ model, sandbox, permissions: { allow: ['write_file'] } });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Plan a trip to Paris').then(() => {}));
    expect(sandbox.readFile('plan.md')).toBe('for Paris\n');

    fireEvent.click(within(userMessage('Paris')).getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Edited message' });
    expect(editor.value).toBe('Plan a trip to Paris');
    expect(document.activeElement).toBe(editor);
    fireEvent.change(editor, { target: { value: 'Plan a trip to Rome' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save and send' }));
    });
    await waitFor(() => expect(assistantTexts()).toEqual(['Planned Rome.']));
    expect(screen.getAllByRole('article', { name: 'You' }).map((article) => article.querySelector('.rak-message-body')?.textContent)).toEqual(['Plan a trip to Rome']);
    expect(sandbox.readFile('plan.md')).toBe('draft\n');
    // What the model received is the edited message only.
    const lastPrompt = model.calls.at(-1)!.prompt;
    expect(JSON.stringify(lastPrompt)).toContain('Plan a trip to Rome');
    expect(JSON.stringify(lastPrompt)).not.toContain('Paris');
  });

  it('Escape closes the editor without changing anything', async () => {
    const agent = createAgent({ model: scriptedModel([text('Hi.')]) });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Hello').then(() => {}));
    fireEvent.click(within(userMessage('Hello')).getByRole('button', { name: 'Edit' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Edited message' }), { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Edited message' })).toBeNull();
    expect(agent.getState().messages).toHaveLength(2);
  });
});

describe('Regenerate', () => {
  it('shows under the last reply only, and asks for a new answer to the same message', async () => {
    const model = scriptedModel([text('First answer.'), text('Second answer.'), text('Third answer.')]);
    const agent = createAgent({ model });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('one').then(() => {}));
    await act(() => agent.send('two').then(() => {}));
    expect(screen.getAllByRole('button', { name: 'Regenerate' })).toHaveLength(1);
    const [, lastReply] = screen.getAllByRole('article', { name: 'Assistant' });
    await act(async () => {
      fireEvent.click(within(lastReply!).getByRole('button', { name: 'Regenerate' }));
    });
    await waitFor(() => expect(assistantTexts()).toEqual(['First answer.', 'Third answer.']));
    expect(agent.getState().messages.filter((message) => message.role === 'user').map((message) => (message.parts[0] as { text: string }).text)).toEqual(['one', 'two']);
  });
});
