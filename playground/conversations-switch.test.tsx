// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { memorySessionStorage } from 'react-agent-kit/sessions';
import type { ConversationPlace, OpenedConversations } from './conversation-place';
import { ConversationsSwitch, usePlaygroundConversations } from './conversations-switch';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** Opens places as asked, except the server when `serverDown` is set (then the browser, with a reason). */
function fakeOpen(options: { serverDown?: boolean } = {}) {
  return vi.fn(async (place: ConversationPlace): Promise<OpenedConversations> => {
    if (place === 'server' && options.serverDown) return { place: 'browser', storage: memorySessionStorage(), fallback: 'The dev server did not answer.' };
    return { place, storage: memorySessionStorage(), fallback: null };
  });
}

test('it opens the dev server by default, with the conversation of that place that was open last', async () => {
  localStorage.setItem('rak-playground-session:server', 'session-on-server');
  localStorage.setItem('rak-playground-session', 'session-in-browser');
  const open = fakeOpen();
  const { result } = renderHook(() => usePlaygroundConversations(open));
  expect(result.current.opened).toBeNull();
  await waitFor(() => expect(result.current.opened?.place).toBe('server'));
  expect(result.current.sessionId).toBe('session-on-server');
  expect(result.current.opening).toBe(false);
  expect(open).toHaveBeenCalledWith('server');
});

test('choosing the browser shows its conversations, remembers the choice, and switching back returns to the one open there', async () => {
  const open = fakeOpen();
  const { result } = renderHook(() => usePlaygroundConversations(open));
  await waitFor(() => expect(result.current.opened?.place).toBe('server'));
  const serverStorage = result.current.opened!.storage;
  act(() => result.current.openSession('chat-on-server'));
  expect(localStorage.getItem('rak-playground-session:server')).toBe('chat-on-server');

  act(() => result.current.choose('browser'));
  expect(result.current.opening).toBe(true);
  // Checked at once, while it opens.
  expect(result.current.place).toBe('browser');
  expect(result.current.opened?.place).toBe('server');
  expect(localStorage.getItem('rak-playground-conversations')).toBe('browser');
  await waitFor(() => expect(result.current.opened?.place).toBe('browser'));
  expect(result.current.opened!.storage).not.toBe(serverStorage);
  // Nothing was open in the browser yet: a new conversation.
  expect(result.current.sessionId).toMatch(/^session-/);
  expect(result.current.sessionId).not.toBe('chat-on-server');

  act(() => result.current.choose('server'));
  await waitFor(() => expect(result.current.opened?.place).toBe('server'));
  expect(result.current.sessionId).toBe('chat-on-server');
  expect(open.mock.calls.map(([place]) => place)).toEqual(['server', 'browser', 'server']);
});

test('a dev server that keeps no conversations: the browser is used and says why, while the dev server stays the choice', async () => {
  const open = fakeOpen({ serverDown: true });
  const { result } = renderHook(() => usePlaygroundConversations(open));
  await waitFor(() => expect(result.current.opened?.place).toBe('browser'));
  expect(result.current.opened!.fallback).toBe('The dev server did not answer.');
  expect(result.current.place).toBe('browser');
  // Not a choice of the person: the next start tries the server again.
  expect(localStorage.getItem('rak-playground-conversations')).toBeNull();

  // Choosing the browser where the conversations already are: the same storage, a choice now.
  const storage = result.current.opened!.storage;
  act(() => result.current.choose('browser'));
  expect(result.current.opened).toEqual({ place: 'browser', storage, fallback: null });
  expect(localStorage.getItem('rak-playground-conversations')).toBe('browser');
  expect(open).toHaveBeenCalledTimes(1);

  // Choosing the server tries it again.
  act(() => result.current.choose('server'));
  await waitFor(() => expect(open).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(result.current.opening).toBe(false));
  expect(result.current.opened!.fallback).toBe('The dev server did not answer.');
});

test('a place asked for and left before it opened is closed, never used', async () => {
  const storages: Array<ReturnType<typeof memorySessionStorage>> = [];
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  const open = vi.fn(async (place: ConversationPlace): Promise<OpenedConversations> => {
    const storage = memorySessionStorage();
    storages.push(storage);
    if (place === 'server') await slow;
    return { place, storage, fallback: null };
  });
  const { result } = renderHook(() => usePlaygroundConversations(open));
  act(() => result.current.choose('browser'));
  await waitFor(() => expect(result.current.opened?.place).toBe('browser'));
  const close = vi.spyOn(storages[0]!, 'close');
  await act(async () => release());
  await waitFor(() => expect(close).toHaveBeenCalled());
  expect(result.current.opened!.storage).toBe(storages[1]);
});

test('the switch: a labelled group of two places, checked where the conversations are, with the reason the server is not in use', () => {
  const onChange = vi.fn();
  const { rerender } = render(<ConversationsSwitch place="server" fallback={null} onChange={onChange} disabled={false} />);
  const group = screen.getByRole('group', { name: 'Conversations' });
  const server = screen.getByRole('radio', { name: /^On the dev server/ });
  const browser = screen.getByRole('radio', { name: /^In this browser only/ });
  expect(group.contains(server) && group.contains(browser)).toBe(true);
  expect((server as HTMLInputElement).checked).toBe(true);
  fireEvent.click(browser);
  expect(onChange).toHaveBeenCalledWith('browser');

  rerender(<ConversationsSwitch place="browser" fallback="The dev server did not answer." onChange={onChange} disabled={false} />);
  expect(screen.getByRole<HTMLInputElement>('radio', { name: /^In this browser only/ }).checked).toBe(true);
  expect(screen.getByRole('radio', { name: /^On the dev server/ }).closest('label')!.textContent).toBe('On the dev serverNot in use: The dev server did not answer.');

  rerender(<ConversationsSwitch place="server" fallback={null} onChange={onChange} disabled />);
  expect(screen.getByRole('radio', { name: /^In this browser only/ }).matches(':disabled')).toBe(true);
});
