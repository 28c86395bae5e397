// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../core/index';
import { memorySessionStorage } from '../../core/sessions/index';
import { scriptedModel, text } from '../../testing/index';
import { SessionList } from './session-list';

afterEach(cleanup);

// The agents only fill the storage; deleting a conversation later makes theirs report it, which is not this test's business.
async function storageWith(...firstMessages: string[]) {
  const storage = memorySessionStorage();
  for (const [index, message] of firstMessages.entries()) {
    const agent = createAgent({ model: scriptedModel([text('ok')]), session: { id: `s${index + 1}`, storage, delayMs: 0, onError: () => {} } });
    await agent.send(message);
    await agent.session!.flush();
  }
  return storage;
}

const items = () => screen.getAllByRole('listitem').map((item) => within(item).getAllByRole('button')[0]!.textContent);

describe('<SessionList>', () => {
  it('lists sessions newest first with titles and message counts, marks the active one, and selects on click', async () => {
    const storage = await storageWith('Plan a trip to Rome', 'Fix the login bug');
    const onSelect = vi.fn();
    render(<SessionList storage={storage} activeId="s1" onSelect={onSelect} />);
    await waitFor(() => expect(items()).toEqual(['Fix the login bug2 messages', 'Plan a trip to Rome2 messages']));
    expect(screen.getByRole('button', { name: /^Plan a trip to Rome/ }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: /^Fix the login bug/ }));
    expect(onSelect).toHaveBeenCalledWith('s2');
  });

  it('renames in place and deletes after a confirmation', async () => {
    const storage = await storageWith('Plan a trip to Rome', 'Fix the login bug');
    const onDeleted = vi.fn();
    render(<SessionList storage={storage} activeId="s1" onSelect={() => {}} onDeleted={onDeleted} />);
    await screen.findByRole('button', { name: 'Rename "Plan a trip to Rome"' });
    fireEvent.click(screen.getByRole('button', { name: 'Rename "Plan a trip to Rome"' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'New title' }), { target: { value: 'Rome, May' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(items()).toContain('Rome, May2 messages'));
    expect((await storage.load('s1'))!.title).toBe('Rome, May');

    // Only the active conversation offers its actions.
    expect(screen.queryByRole('button', { name: 'Delete "Fix the login bug"' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete "Rome, May"' }));
    expect(screen.getByRole('group', { name: 'Delete "Rome, May"?' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(screen.getByRole('group', { name: 'Delete "Rome, May"?' })).getByRole('button', { name: 'Delete' }));
    });
    await waitFor(() => expect(items()).toEqual(['Fix the login bug2 messages']));
    expect(onDeleted).toHaveBeenCalledWith('s1');
    expect(await storage.load('s1')).toBeNull();
  });

  it('has a heading one level below the page part it sits in (no level skipped), which names its landmark', async () => {
    const storage = await storageWith('Plan a trip to Rome');
    const { unmount } = render(
      <main>
        <h1>App</h1>
        <SessionList storage={storage} activeId="s1" onSelect={() => {}} />
      </main>,
    );
    const heading = screen.getByRole('heading', { name: 'Conversations' });
    expect(heading.tagName).toBe('H2');
    expect(screen.getByRole('navigation', { name: 'Conversations' })).toBeTruthy();
    const levels = screen.getAllByRole('heading').map((element) => Number(element.tagName.slice(1)));
    expect(levels.every((level, index) => index === 0 || level <= levels[index - 1]! + 1)).toBe(true);
    unmount();
    render(<SessionList storage={storage} activeId="s1" onSelect={() => {}} headingLevel={3} />);
    expect(screen.getByRole('heading', { name: 'Conversations', level: 3 })).toBeTruthy();
  });

  it('New chat hands out a fresh id', async () => {
    const storage = await storageWith();
    const onCreate = vi.fn();
    render(<SessionList storage={storage} activeId={undefined} onSelect={() => {}} onCreate={onCreate} />);
    fireEvent.click(screen.getByRole('button', { name: 'New chat' }));
    fireEvent.click(screen.getByRole('button', { name: 'New chat' }));
    expect(onCreate).toHaveBeenCalledTimes(2);
    const [[first], [second]] = onCreate.mock.calls as [[string], [string]];
    expect(first).toMatch(/^session-/);
    expect(first).not.toBe(second);
  });
});
