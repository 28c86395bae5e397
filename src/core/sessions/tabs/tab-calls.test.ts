import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLocks } from '../../../../test/fixtures/fake-web-locks';
import { deferToolResult } from '../../run/execute-tool-call';
import { runCallsForTab, sendCallsToTabs, type HostCall, type TabCallRunner } from './tab-calls';
import { isTabMessage, tabProtocol } from './tab-protocol';

/**
 * Issue 31: a tool that must run in a particular tab. The leader's side and a tab's side talk over
 * Node's BroadcastChannel (delivered between channels of one process as between a browser's tabs)
 * with a Web Locks stand-in; each test has a channel name of its own.
 */

let count = 0;
const opened: { close(): void }[] = [];
afterEach(() => {
  for (const item of opened.splice(0)) item.close();
});

function setup() {
  count += 1;
  const name = `tab-calls-test-${count}`;
  const locks = fakeLocks();
  const open = () => {
    const channel = new BroadcastChannel(name);
    opened.push(channel);
    return channel;
  };
  const leaderChannel = open();
  const sender = sendCallsToTabs({ channel: leaderChannel, locks, name });
  opened.push(sender);
  leaderChannel.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isTabMessage(event.data)) sender.receive(event.data);
  });
  /** A tab's agent: runs the calls for `tab` with `onToolCall`, and says hello as a joining tab does. */
  const tab = (id: string, onToolCall: ((call: HostCall) => unknown) | undefined): TabCallRunner => {
    const channel = open();
    const runner = runCallsForTab({ channel, locks, name, tab: id, onToolCall });
    opened.push(runner);
    channel.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (isTabMessage(event.data)) runner.receive(event.data);
    });
    channel.postMessage({ protocol: tabProtocol, type: 'hello', from: `${id}-follower`, tab: id });
    return runner;
  };
  return { sender, tab, locks };
}

const call = (toolCallId: string, signal = new AbortController().signal): HostCall => ({ toolCallId, name: 'pick_element', input: { hint: 'the title' }, signal });

describe('calls that run in a particular tab', () => {
  it('runs the call in the tab it is for, with its input, and settles with its output', async () => {
    const { sender, tab } = setup();
    const inB = vi.fn((received: HostCall) => ({ picked: `h1 (${(received.input as { hint: string }).hint})` }));
    const inC = vi.fn(() => 'wrong tab');
    tab('B', inB);
    tab('C', inC);
    await expect(sender.callInTab('B', call('call-1'), { idempotent: false })).resolves.toEqual({ picked: 'h1 (the title)' });
    expect(inB).toHaveBeenCalledTimes(1);
    expect(inB.mock.calls[0]![0]).toMatchObject({ toolCallId: 'call-1', name: 'pick_element' });
    expect(inC).not.toHaveBeenCalled();
  });

  it('waits for a tab that is not there yet (reloading) and runs the call once it says hello', async () => {
    const { sender, tab } = setup();
    const handler = vi.fn(() => 'done');
    const result = sender.callInTab('B', call('call-1'), { idempotent: false });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(handler).not.toHaveBeenCalled();
    tab('B', handler);
    await expect(result).resolves.toBe('done');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("a thrown error, an output that cannot travel, a tab without a handler: each fails the call with what happened", async () => {
    const { sender, tab } = setup();
    tab('B', () => {
      throw new TypeError('No element is selected.');
    });
    tab('C', () => ({ callback: () => 1 }));
    tab('D', undefined);
    await expect(sender.callInTab('B', call('call-1'), { idempotent: false })).rejects.toMatchObject({ name: 'TypeError', message: 'No element is selected.' });
    await expect(sender.callInTab('C', call('call-2'), { idempotent: false })).rejects.toMatchObject({ name: 'DataCloneError' });
    await expect(sender.callInTab('D', call('call-3'), { idempotent: false })).rejects.toThrow('has no onToolCall handler to run "pick_element"');
  });

  it('passes on a deferred result: the call waits for submitToolResult', async () => {
    const { sender, tab } = setup();
    tab('B', () => deferToolResult);
    await expect(sender.callInTab('B', call('call-1'), { idempotent: false })).resolves.toBe(deferToolResult);
  });

  it("Stop aborts the call's signal in the tab that runs it, and the call settles at once", async () => {
    const { sender, tab } = setup();
    let seen: AbortSignal | undefined;
    tab('B', ({ signal }) => {
      seen = signal;
      return new Promise(() => {});
    });
    const controller = new AbortController();
    const result = sender.callInTab('B', call('call-1', controller.signal), { idempotent: false });
    await vi.waitFor(() => expect(seen).toBeDefined());
    controller.abort(new DOMException('Stopped by the user.', 'AbortError'));
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(seen!.aborted).toBe(true));
  });

  it('two agents of one tab (StrictMode): exactly one runs the call', async () => {
    const { sender, tab } = setup();
    const first = vi.fn(async () => 'first');
    const second = vi.fn(async () => 'second');
    tab('B', first);
    tab('B', second);
    await sender.callInTab('B', call('call-1'), { idempotent: false });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(first.mock.calls.length + second.mock.calls.length).toBe(1);
  });

  it('the tab goes away mid-call: the call fails, unless its tool is idempotent, which runs again when the tab is back', async () => {
    const { sender, tab } = setup();
    let started = 0;
    const hang = () => {
      started += 1;
      return new Promise(() => {});
    };
    const goneB = tab('B', hang);
    const sealed = sender.callInTab('B', call('call-1'), { idempotent: false });
    const again = sender.callInTab('B', call('call-2'), { idempotent: true });
    sealed.catch(() => {});
    await vi.waitFor(() => expect(started).toBe(2));
    goneB.close();
    await expect(sealed).rejects.toThrow('went away before it finished; it may have done part of its work, so it was not run again');
    // The reloaded tab (the same tab id) takes the idempotent call again.
    const back = vi.fn((_call: HostCall) => 'looked up');
    tab('B', back);
    await vi.waitFor(() => expect(back).toHaveBeenCalledTimes(1));
    await expect(again).resolves.toBe('looked up');
    expect(back.mock.calls[0]![0]).toMatchObject({ toolCallId: 'call-2' });
  });
});
