// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../core/index';
import { defineTool } from '../../core/index';
import { hangingModel, scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const replies = () => screen.queryAllByRole('article', { name: 'Assistant' });

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const clipboard = { writeText: vi.fn(writeText) };
  vi.stubGlobal('navigator', { ...navigator, clipboard });
  return clipboard;
}

describe('Copy a reply', () => {
  it('copies each finished reply as written (its markdown), says "Copied" and announces it politely', async () => {
    const clipboard = stubClipboard(async () => {});
    const agent = createAgent({ model: scriptedModel([text('**Bold** and `code`:\n\n```ts\nconst a = 1;\n```'), text('Second reply.')]) });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('one').then(() => {}));
    await act(() => agent.send('two').then(() => {}));
    const [first, second] = replies();
    expect(within(second!).getByRole('button', { name: 'Copy reply' })).toBeTruthy();
    // The polite status is in the page before anything is copied, so its change is announced.
    const status = within(first!).getByRole('status');
    expect(status.textContent).toBe('');

    await act(async () => {
      fireEvent.click(within(first!).getByRole('button', { name: 'Copy reply' }));
    });
    expect(clipboard.writeText).toHaveBeenCalledWith('**Bold** and `code`:\n\n```ts\nconst a = 1;\n```');
    expect(within(first!).getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(status.textContent).toBe('Reply copied to the clipboard');
    // The other reply's action is untouched.
    expect(within(second!).getByRole('button', { name: 'Copy reply' })).toBeTruthy();
  });

  it('says so when the clipboard refuses', async () => {
    stubClipboard(() => Promise.reject(new Error('denied')));
    const agent = createAgent({ model: scriptedModel([text('Hello.')]) });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('hi').then(() => {}));
    await act(async () => {
      fireEvent.click(within(replies()[0]!).getByRole('button', { name: 'Copy reply' }));
    });
    expect(within(replies()[0]!).getByRole('button', { name: 'Copy failed' })).toBeTruthy();
    expect(within(replies()[0]!).getByRole('status').textContent).toBe('The reply could not be copied');
  });

  it('is offered only once a reply has finished, and not for a reply without text', async () => {
    const lookup = defineTool({ name: 'lookup', description: 'Looks up.', inputSchema: { type: 'object', properties: {} } as const, execute: () => 'found' });
    const agent = createAgent({ model: scriptedModel([toolCall('lookup', {}), text('Found it.')]), tools: [lookup] });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('look').then(() => {}));
    const [toolStep, answer] = replies();
    expect(within(toolStep!).queryByRole('button', { name: 'Copy reply' })).toBeNull();
    expect(within(answer!).getByRole('button', { name: 'Copy reply' })).toBeTruthy();

    const streaming = createAgent({ model: hangingModel({ text: 'Still writing' }) });
    cleanup();
    render(<AgentChat agent={streaming} />);
    await act(async () => {
      void streaming.send('go').catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(replies()).toHaveLength(1);
    expect(within(replies()[0]!).queryByRole('button', { name: 'Copy reply' })).toBeNull();
    await act(async () => streaming.stop());
  });
});
