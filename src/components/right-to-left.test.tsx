// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, defineTool } from '../core/index';
import { scriptedModel, text, toolCall } from '../testing/index';
import { AgentChat } from './agent-chat';
import { preloadChatParts } from '../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(cleanup);

/** The direction an element reads in, by the nearest `dir` attribute (itself or an ancestor), as the browser resolves it. */
function direction(element: Element): string | null {
  return element.closest('[dir]')?.getAttribute('dir') ?? null;
}

function setup() {
  const sendEmail = defineTool({
    name: 'send_email',
    description: 'Sends an email.',
    inputSchema: { type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' } }, required: ['to', 'body'], additionalProperties: false },
    needsApproval: true,
    execute: () => ({ sent: true }),
  });
  const model = scriptedModel([[text('```json\n{ "a": 1 }\n```'), toolCall('send_email', { to: 'ada@example.com', body: 'Hi Ada,\nSoon.' })], text('Sent.')]);
  const agent = createAgent({ model, tools: [sendEmail] });
  return { agent, start: () => act(() => agent.send('Send it').then(() => {})) };
}

describe('a right-to-left chat keeps code and JSON left to right', () => {
  it('the approval’s editable JSON arguments, its form values, the call’s argument summary and details, and code blocks', async () => {
    const { agent, start } = setup();
    render(<AgentChat agent={agent} dir="rtl" />);
    await start();
    const chat = screen.getByTestId('agent-chat');
    expect(chat.getAttribute('dir')).toBe('rtl');
    const dialog = screen.getByRole('alertdialog');
    // The form's values follow their own text (an English address reads left to right in an Arabic page).
    expect(direction(within(dialog).getByRole('textbox', { name: 'To' }))).toBe('auto');
    expect(direction(within(dialog).getByRole('textbox', { name: 'Body' }))).toBe('auto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit as JSON' }));
    expect(direction(within(dialog).getByRole('textbox', { name: /Arguments/ }))).toBe('ltr');

    expect(direction(chat.querySelector('.rak-tool-chip-summary')!)).toBe('ltr');
    expect(direction(chat.querySelector('.rak-md-code pre')!)).toBe('ltr');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm deny' }));
    await act(async () => {});
    fireEvent.click(chat.querySelector<HTMLElement>('.rak-tool-chip-toggle')!);
    for (const json of chat.querySelectorAll('.rak-tool-chip-detail pre')) expect(direction(json)).toBe('ltr');
    expect(chat.querySelectorAll('.rak-tool-chip-detail pre').length).toBeGreaterThan(0);
  });
});
