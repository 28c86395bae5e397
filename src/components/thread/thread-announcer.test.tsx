// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createInitialState, defineTool, type Message } from '../../core/index';
import { hangingModel, scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(cleanup);

const announcer = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-rak-announcer]')!;

/** A polite or assertive live region around `node`, as a screen reader finds it (the closest one). */
function liveRegionOf(node: Node): Element | null {
  const element = node instanceof Element ? node : node.parentElement;
  const region = element?.closest('[aria-live], [role="status"], [role="alert"], [role="log"]');
  if (!region) return null;
  return region.getAttribute('aria-live') === 'off' ? liveRegionOf(region.parentElement!) : region;
}

/** Records what changed inside the live regions of `container`, one entry per region and DOM update: `[region, its text then]`. */
function recordLiveChanges(container: HTMLElement): Array<[Element, string]> {
  const changes: Array<[Element, string]> = [];
  new MutationObserver((mutations) => {
    const changed = new Set<Element>();
    for (const mutation of mutations) {
      const region = liveRegionOf(mutation.target);
      // A region inserted with its content is not a change inside a region that was there.
      if (region && ![...mutation.addedNodes].includes(region)) changed.add(region);
    }
    for (const region of changed) changes.push([region, region.textContent ?? '']);
  }).observe(container, { subtree: true, childList: true, characterData: true });
  return changes;
}

const weather = defineTool({
  name: 'get_weather',
  description: 'Weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const,
  execute: ({ city }) => ({ city, sky: 'sunny' }),
});

describe('ThreadAnnouncer', () => {
  it('is in the page from the first render of an empty chat, and announces the first reply as its text, once, and nothing else', async () => {
    const agent = createAgent({ model: scriptedModel([[text('Let me check.'), toolCall('get_weather', { city: 'Paris' })], text('It is **sunny** in Paris.')]), tools: [weather] });
    const { container } = render(<AgentChat agent={agent} />);
    const region = announcer(container);
    expect(region.getAttribute('role')).toBe('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    const changes = recordLiveChanges(container);

    await act(() => agent.send('Weather in Paris?').then(() => {}));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeTruthy();
    expect(container.querySelector('.rak-tool-chip')).not.toBeNull();

    // The same node all along: a region that appeared with the first messages would be missed.
    expect(announcer(container)).toBe(region);
    expect(region.textContent).toBe('Assistant replied: Let me check. It is sunny in Paris.');
    // Every change inside a live region came from the announcer: no tool state, no "Regenerate", no tokens.
    expect(changes.map(([changed, words]) => [changed === region ? 'announcer' : changed.outerHTML.slice(0, 80), words])).toEqual([['announcer', 'Assistant replied: Let me check. It is sunny in Paris.']]);
    // The thread is still a log, but not a live one.
    expect(container.querySelector('[role="log"]')!.getAttribute('aria-live')).toBe('off');
  });

  it('announces a regenerated reply even when its words are the same', async () => {
    const agent = createAgent({ model: scriptedModel([text('Same answer.'), text('Same answer.')]) });
    const { container } = render(<AgentChat agent={agent} />);
    await act(() => agent.send('Question').then(() => {}));
    const changes = recordLiveChanges(container);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    });
    // However long the regenerated reply takes on a busy machine.
    await waitFor(() => expect(changes.map(([, words]) => words)).toEqual(['', 'Assistant replied: Same answer.']));
  });

  it('names code blocks instead of reading them, and cuts a long reply at a word', async () => {
    const long = Array.from({ length: 80 }, (_, index) => `word${index}`).join(' ');
    const agent = createAgent({ model: scriptedModel([text(`Here is the fix:\n\n\`\`\`ts\nconst a = 1;\n\`\`\`\n\n## Why\n\n- [It works](https://example.com). ${long}`)]) });
    const { container } = render(<AgentChat agent={agent} />);
    await act(() => agent.send('Fix it').then(() => {}));
    const said = announcer(container).textContent;
    expect(said.startsWith('Assistant replied: Here is the fix: code block. Why It works. word0 word1')).toBe(true);
    expect(said).not.toContain('const a');
    expect(said.endsWith('…')).toBe(true);
    expect(said.length).toBeLessThanOrEqual('Assistant replied: '.length + 301);
    expect(said.slice(0, -1)).toMatch(/ word\d+$/);
  });

  it('says a stopped reply stopped', async () => {
    const agent = createAgent({ model: hangingModel({ text: 'Half a thought' }) });
    const { container } = render(<AgentChat agent={agent} />);
    await act(async () => {
      void agent.send('Go').catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(announcer(container).textContent).toBe('');
    await act(async () => agent.stop());
    expect(announcer(container).textContent).toBe('Reply stopped.');
  });

  it('announces nothing for a conversation that was already there (a loaded session)', () => {
    const messages: Message[] = [
      { id: 'u', role: 'user', status: 'done', createdAt: 0, parts: [{ type: 'text', id: 'u-text', text: 'Hello', status: 'done' }] },
      { id: 'a', role: 'assistant', status: 'done', createdAt: 0, parts: [{ type: 'text', id: 'a-text', text: 'Hi there.', status: 'done' }] },
    ];
    const agent = createAgent({ model: scriptedModel([]), initialState: { ...createInitialState(), messages } });
    const { container } = render(<AgentChat agent={agent} />);
    expect(announcer(container).textContent).toBe('');
  });
});
