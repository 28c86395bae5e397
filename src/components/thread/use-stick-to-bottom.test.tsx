// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThreadViewport } from './thread-viewport';
import { useThreadScroll } from './thread-scroll-context';

/**
 * The stick-to-bottom rules, with the browser's part played by hand: where the view is
 * (`scrollTop`) and whether the end is in view (the IntersectionObserver's answer).
 */
let endObserved: ((visible: boolean) => void) | undefined;

class FakeIntersectionObserver {
  constructor(callback: IntersectionObserverCallback) {
    endObserved = (visible) => act(() => callback([{ isIntersecting: visible } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
  observe() {}
  disconnect() {}
}

let contentResized: () => void = () => {};
function Content() {
  contentResized = useThreadScroll()!.contentResized;
  return <p>a long thread</p>;
}

function renderViewport() {
  render(
    <ThreadViewport>
      <Content />
    </ThreadViewport>,
  );
  const viewport = screen.getByLabelText('Conversation');
  // The end of a 10,000px thread in a 600px view; the browser clamps a larger scrollTop to it.
  let top = 0;
  Object.defineProperty(viewport, 'scrollTop', { get: () => top, set: (value: number) => void (top = Math.min(Math.max(0, value), 9_400)) });
  Object.defineProperty(viewport, 'scrollHeight', { get: () => 10_000 });
  Object.defineProperty(viewport, 'clientHeight', { get: () => 600 });
  return viewport;
}

const jumpButton = () => screen.queryByRole('button', { name: /Jump to latest/ });

beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useStickToBottom (through ThreadViewport)', () => {
  it('follows the content while pinned, and lets go when the reader turns the wheel up', () => {
    const viewport = renderViewport();
    act(() => contentResized());
    expect(viewport.scrollTop).toBe(9_400);

    fireEvent.wheel(viewport, { deltaY: -100 });
    viewport.scrollTop = 9_000;
    endObserved!(false);
    act(() => contentResized());
    expect(viewport.scrollTop).toBe(9_000);
    expect(jumpButton()).not.toBeNull();
  });

  it('pins again when the reader comes back to the end', () => {
    const viewport = renderViewport();
    fireEvent.wheel(viewport, { deltaY: -100 });
    endObserved!(false);
    expect(jumpButton()).not.toBeNull();
    endObserved!(true);
    expect(jumpButton()).toBeNull();
    viewport.scrollTop = 9_000;
    act(() => contentResized());
    expect(viewport.scrollTop).toBe(9_400);
  });

  it('lets go when something else moves the view away from the end (find in page, focus, a screen reader)', () => {
    const viewport = renderViewport();
    act(() => contentResized());
    viewport.scrollTop = 2_000;
    endObserved!(false);
    act(() => contentResized());
    expect(viewport.scrollTop).toBe(2_000);
    expect(jumpButton()).not.toBeNull();
  });

  it('goes to the start with Home and to the end with End, at once', () => {
    const viewport = renderViewport();
    act(() => contentResized());
    fireEvent.keyDown(viewport, { key: 'Home' });
    expect(viewport.scrollTop).toBe(0);
    endObserved!(false);
    act(() => contentResized());
    expect(viewport.scrollTop).toBe(0);
    fireEvent.keyDown(viewport, { key: 'End' });
    expect(viewport.scrollTop).toBe(9_400);
    expect(jumpButton()).toBeNull();
  });

  it('ignores keys typed into a field inside the thread', () => {
    const viewport = renderViewport();
    const field = document.createElement('textarea');
    viewport.append(field);
    act(() => contentResized());
    fireEvent.keyDown(field, { key: 'Home' });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(viewport.scrollTop).toBe(9_400);
    viewport.scrollTop = 9_000;
    act(() => contentResized());
    expect(viewport.scrollTop).toBe(9_400);
    expect(jumpButton()).toBeNull();
  });

  it('"Jump to latest" moves focus to the thread, as the button goes away', () => {
    const viewport = renderViewport();
    fireEvent.wheel(viewport, { deltaY: -100 });
    endObserved!(false);
    const button = jumpButton()!;
    button.focus();
    fireEvent.click(button);
    expect(viewport.scrollTop).toBe(9_400);
    expect(jumpButton()).toBeNull();
    expect(document.activeElement).toBe(viewport);
  });
});
