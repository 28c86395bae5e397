// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionList } from '../../src/components/index';
import { conversation } from '../../src/server/sessions/server-session-store-contract';
import { sessionServer } from './session-server';

/**
 * The offline copy as a person sees it in a page: the session list (useSessions) over
 * httpSessionStorage, a network that goes away and comes back (the window's `online` event), and
 * a conversation changed on two devices at once.
 */
let world = sessionServer();
afterEach(async () => {
  cleanup();
  await world.closeAll();
  world = sessionServer();
});

const titles = () => screen.getAllByRole('listitem').map((item) => within(item).getAllByRole('button')[0]!.textContent);

describe('the session list over httpSessionStorage with its offline copy', () => {
  it('pushes what was saved offline when the browser is online again, and lists the copy a conflict kept', async () => {
    const { server, device } = world;
    const laptop = device();
    const phone = device();
    const onLaptop = laptop.open();
    const onPhone = phone.open();
    await onLaptop.save({ id: 'chat-1', snapshot: conversation('Plan the launch') }, null);
    await onLaptop.sync();
    const before = await onPhone.load('chat-1');

    laptop.online = false;
    await onLaptop.save({ id: 'chat-1', snapshot: conversation('Plan the launch', 'Laptop: the budget') }, 1);
    await onLaptop.save({ id: 'chat-2', snapshot: conversation('Written on the train') }, null);
    render(<SessionList storage={onLaptop} activeId="chat-1" onSelect={() => {}} />);
    await waitFor(() => expect(titles().sort()).toEqual(['Plan the launch2 messages', 'Written on the train1 message']));

    // The phone saved the same conversation meanwhile.
    await onPhone.save({ id: 'chat-1', snapshot: conversation('Plan the launch', 'Phone: the venue') }, before!.revision);
    await onPhone.sync();

    // Back online: the browser says so, and the copy pushes without being asked.
    laptop.online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(laptop.conflicts).toHaveLength(1));
    await waitFor(() => expect(titles().sort()).toEqual(['Plan the launch (offline copy)2 messages', 'Plan the launch2 messages', 'Written on the train1 message']));
    await act(async () => {
      await onLaptop.sync();
    });
    expect((await server.list()).map((session) => session.title).sort()).toEqual(['Plan the launch', 'Plan the launch (offline copy)', 'Written on the train']);
  });
});
