// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgent, createInitialState, type Message } from '../../core/index';
import { AgentChat } from '../agent-chat';
import { MessageView } from '../message/message-view';
import type { MessageComponentProps } from './message-list';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

/**
 * jsdom has no layout. These tests give it just enough: a view 600px high, every message 100px,
 * ResizeObserver entries delivered on request (as a browser does after layout), and a scrollTop
 * that is clamped and fires "scroll", so the virtualizer sees what it would see in a browser.
 */
const viewHeight = 600;
const itemHeight = 100;
const observers = new Set<FakeResizeObserver>();

class FakeResizeObserver {
  readonly targets = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    observers.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    observers.delete(this);
  }
  deliver() {
    const entries = [...this.targets].map((target) => ({ target, contentRect: { width: 800, height: heightOf(target) } }));
    if (entries.length > 0) this.callback(entries as unknown as ResizeObserverEntry[], this);
  }
}

function heightOf(element: Element): number {
  if (element.classList.contains('rak-viewport')) return viewHeight;
  return element.classList.contains('rak-message-item') ? itemHeight : 0;
}

/** Sizes of every observed element, delivered as after a layout, until nothing changes. */
async function layout() {
  for (let round = 0; round < 5; round++) {
    await act(async () => {
      for (const observer of [...observers]) observer.deliver();
      await Promise.resolve();
    });
  }
}

/** A scroll container with a height, a scrollHeight from the virtualizer's, and scroll events. */
function giveLayout(viewport: HTMLElement) {
  let top = 0;
  const max = () => Math.max(0, parseFloat(viewport.querySelector<HTMLElement>('[data-virtualized] > div')?.style.height ?? '0') - viewHeight);
  Object.defineProperties(viewport, {
    clientHeight: { get: () => viewHeight },
    scrollHeight: { get: () => max() + viewHeight },
    scrollTop: {
      get: () => top,
      set: (value: number) => {
        const next = Math.min(Math.max(0, value), max());
        if (next === top) return;
        top = next;
        queueMicrotask(() => viewport.dispatchEvent(new Event('scroll')));
      },
    },
    scrollTo: { value: ({ top: to }: ScrollToOptions) => (viewport.scrollTop = to ?? top) },
    scrollBy: { value: ({ top: by }: ScrollToOptions) => (viewport.scrollTop = top + (by ?? 0)) },
  });
}

/** The virtualizer adds its buffer before the view only once scrolling ended (150 ms without a scroll event). */
async function scrollingEnds() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
}

/** The reader scrolls (a wheel turn first, so the view stops following the end). */
async function scrollTo(viewport: HTMLElement, top: number) {
  await act(async () => {
    viewport.dispatchEvent(new WheelEvent('wheel', { deltaY: top < viewport.scrollTop ? -100 : 100 }));
    viewport.scrollTop = top;
    await Promise.resolve();
  });
  await layout();
}

function thread(length: number): Message[] {
  return Array.from({ length }, (_, index) => ({
    id: `message-${index}`,
    role: index % 2 === 0 ? 'user' : 'assistant',
    parts: [{ type: 'text', id: `part-${index}`, text: `Message number ${index}`, status: 'done' }],
    status: 'done',
    createdAt: index,
  }));
}

/** A model whose stream the test drives token by token. */
function drivenModel() {
  let push: ((part: unknown) => void) | undefined;
  const model = new MockLanguageModelV3({
    doStream: async () => ({ stream: new ReadableStream({ start: (controller) => void (push = (part) => controller.enqueue(part)) }) as never }),
  });
  return {
    model,
    async token(delta: string) {
      await waitFor(() => expect(push).toBeTypeOf('function'));
      await act(async () => {
        push!({ type: 'text-delta', id: '0', delta });
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
  };
}

async function renderChat(length: number, messageComponent: React.ComponentType<MessageComponentProps> = MessageView, model = drivenModel().model) {
  const agent = createAgent({ model, initialState: { ...createInitialState(), messages: thread(length) } });
  const view = render(<AgentChat agent={agent} messageComponent={messageComponent} />);
  const viewport = view.container.querySelector<HTMLElement>('.rak-viewport')!;
  giveLayout(viewport);
  await layout();
  return { agent, viewport, ...view };
}

const mountedIndexes = (container: HTMLElement) => [...container.querySelectorAll('.rak-message-item')].map((item) => Number(item.getAttribute('data-rak-index')));

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  // The virtualizer skips elements that are not laid out (no offsetParent); jsdom lays out nothing.
  vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
    return this.parentElement;
  });
});

afterEach(() => {
  cleanup();
  observers.clear();
  vi.unstubAllGlobals();
});

describe('MessageList, virtualized', () => {
  it('mounts the same few messages for a thread of 1,000 or 10,000, opening at the end', async () => {
    const counts: number[] = [];
    for (const length of [1_000, 10_000]) {
      const renders = new Set<string>();
      const Counting = (props: MessageComponentProps) => {
        renders.add(props.message.id);
        return <MessageView {...props} />;
      };
      const { container, viewport, unmount } = await renderChat(length, Counting);
      const mounted = mountedIndexes(container);
      // A 600px view of 100px messages, a buffer either side: about ten, never the whole thread.
      expect(mounted.length).toBeGreaterThanOrEqual(6);
      expect(mounted.length).toBeLessThanOrEqual(15);
      expect(mounted).toContain(length - 1);
      expect(viewport.scrollTop).toBe(viewport.scrollHeight - viewHeight);
      // Messages that were never in view were never rendered.
      expect(renders.size).toBeLessThanOrEqual(20);
      counts.push(container.getElementsByTagName('*').length);
      unmount();
    }
    expect(counts[1]).toBe(counts[0]);
  });

  it('renders what comes into view as the reader scrolls, and keeps the last message mounted', async () => {
    const { container, viewport } = await renderChat(1_000);
    await scrollTo(viewport, 0);
    const mounted = mountedIndexes(container);
    expect(mounted).toContain(0);
    expect(mounted).toContain(999);
    expect(mounted.length).toBeLessThanOrEqual(16);
    expect(container.textContent).toContain('Message number 0');
  });

  it('re-renders only the streaming message per token, with the earlier messages mounted', async () => {
    const driven = drivenModel();
    const renders = new Map<string, number>();
    const Counting = (props: MessageComponentProps) => {
      renders.set(props.message.id, (renders.get(props.message.id) ?? 0) + 1);
      return <MessageView {...props} />;
    };
    const { agent } = await renderChat(10_000, Counting, driven.model);
    void agent.send('one more');
    await driven.token('first ');
    await layout();
    await scrollingEnds();
    renders.clear();
    for (let index = 0; index < 20; index++) await driven.token(`token${index} `);
    const streamingId = agent.getState().messages.at(-1)!.id;
    expect([...renders.keys()]).toEqual([streamingId]);
    expect(renders.get(streamingId)).toBeLessThanOrEqual(21);
    await agent.stop();
  });

  it('keeps the message that holds focus mounted while the reader scrolls away from it', async () => {
    const { container, viewport } = await renderChat(1_000);
    const edit = [...container.querySelectorAll<HTMLButtonElement>('.rak-message-item button')].find((button) => button.textContent === 'Edit')!;
    const index = Number(edit.closest('.rak-message-item')!.getAttribute('data-rak-index'));
    act(() => edit.focus());
    await scrollTo(viewport, 0);
    expect(mountedIndexes(container)).toContain(0);
    expect(mountedIndexes(container)).toContain(index);
    expect(edit.isConnected).toBe(true);
    expect(document.activeElement).toBe(edit);

    // Once focus leaves, it may go like any other.
    act(() => viewport.focus());
    await layout();
    expect(mountedIndexes(container)).not.toContain(index);
  });

  it('keeps what the reader opened in a message when they scroll away and back (a draft edit here)', async () => {
    const { container, viewport } = await renderChat(1_000);
    const edit = [...container.querySelectorAll<HTMLButtonElement>('.rak-message-item button')].find((button) => button.textContent === 'Edit')!;
    const index = Number(edit.closest('.rak-message-item')!.getAttribute('data-rak-index'));
    fireEvent.click(edit);
    const editor = await screen.findByRole('textbox', { name: 'Edited message' });
    fireEvent.change(editor, { target: { value: 'a draft in progress' } });
    act(() => viewport.focus());
    await scrollTo(viewport, 0);
    expect(mountedIndexes(container)).toContain(index);
    await scrollTo(viewport, viewport.scrollHeight);
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Edited message' }).value).toBe('a draft in progress');
  });

  it('is a log that is not live (tokens, tool states and actions are not news); the announcer beside it is the one live region', async () => {
    const { container } = await renderChat(1_000);
    const log = container.querySelector('.rak-message-list')!;
    expect(log.getAttribute('role')).toBe('log');
    expect(log.getAttribute('aria-live')).toBe('off');
    expect(container.querySelectorAll('.rak-message-item[aria-live]')).toHaveLength(0);
    expect(container.querySelector('[data-rak-announcer]')!.getAttribute('aria-live')).toBe('polite');
  });
});

describe('MessageList, every message mounted', () => {
  it('renders every message where nothing can be measured (no ResizeObserver: jsdom, old browsers)', async () => {
    vi.unstubAllGlobals();
    const { container } = render(<AgentChat agent={createAgent({ model: drivenModel().model, initialState: { ...createInitialState(), messages: thread(300) } })} />);
    expect(container.querySelectorAll('.rak-message')).toHaveLength(300);
    expect(container.querySelector('[data-virtualized]')).toBeNull();
  });
});
