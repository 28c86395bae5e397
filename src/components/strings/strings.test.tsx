// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, defineTool } from '../../core/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { germanStrings } from '../locales/german-strings';
import { englishStrings, mergeStrings, type KitStrings } from './kit-strings';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(cleanup);

function weatherAgent() {
  const getWeather = defineTool({
    name: 'get_weather',
    description: 'The weather in a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    execute: ({ city }: { city: string }) => ({ city, celsius: 21 }),
  });
  return createAgent({ model: scriptedModel([toolCall('get_weather', { city: 'Berlin' }), text('Sonnig in Berlin.')]), tools: [getWeather] });
}

const chat = () => screen.getByTestId('agent-chat');

describe('strings', () => {
  it('speaks German with germanStrings: the empty chat, the composer, tool cards and their details, message actions', async () => {
    const agent = weatherAgent();
    render(<AgentChat agent={agent} strings={germanStrings} />);
    expect(chat().getAttribute('lang')).toBe('de');
    expect(chat().getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('Wobei kann ich helfen?')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Nachricht' }).getAttribute('placeholder')).toBe('Nachricht schreiben…');

    await act(() => agent.send('Wetter in Berlin?').then(() => {}));
    const chip = document.querySelector<HTMLElement>('.rak-tool-chip')!;
    expect(chip.querySelector('.rak-tool-chip-state')!.textContent).toBe('Fertig');
    expect(chip.querySelector('time')!.getAttribute('title')).toBe('Laufzeit');
    fireEvent.click(within(chip).getByRole('button', { expanded: false }));
    const details = within(chip).getByRole('region', { name: 'Details zu get_weather' });
    expect([...details.querySelectorAll('.rak-json-label')].map((label) => label.textContent)).toEqual(['Argumente', 'Ergebnis']);
    expect(within(details).getByText('Verlauf')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Neu erzeugen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bearbeiten' })).toBeTruthy();
    expect(document.querySelector('.rak-viewport')!.getAttribute('aria-label')).toBe('Unterhaltung');
  });

  it('takes only the words an app changes, English for the rest, and leaves lang and dir to the page', () => {
    render(<AgentChat agent={weatherAgent()} strings={{ chat: { emptyTitle: 'Ask me about the weather' } }} />);
    expect(screen.getByText('Ask me about the weather')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder')).toBe('Send a message…');
    expect(chat().getAttribute('lang')).toBe(englishStrings.locale);
    cleanup();
    render(<AgentChat agent={weatherAgent()} />);
    expect(chat().hasAttribute('lang')).toBe(false);
    expect(chat().hasAttribute('dir')).toBe(false);
  });

  it('lays out right to left with dir="rtl", while JSON stays left to right', async () => {
    const agent = weatherAgent();
    render(<AgentChat agent={agent} dir="rtl" />);
    expect(chat().getAttribute('dir')).toBe('rtl');
    await act(() => agent.send('weather').then(() => {}));
    const chip = document.querySelector<HTMLElement>('.rak-tool-chip')!;
    fireEvent.click(within(chip).getByRole('button', { expanded: false }));
    const blocks = [...chip.querySelectorAll('.rak-json-text')];
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.every((block) => block.getAttribute('dir') === 'ltr')).toBe(true);
  });

  it('germanStrings has every word englishStrings has, of the same kind', () => {
    const shape = (strings: KitStrings) =>
      Object.entries(strings).flatMap(([group, words]) =>
        typeof words === 'object' ? Object.entries(words as object).map(([key, value]) => `${group}.${key}: ${typeof value}`) : [`${group}: ${typeof words}`],
      );
    expect(shape(germanStrings).sort()).toEqual(shape(englishStrings).sort());
  });

  it('mergeStrings ignores groups it does not know and keeps the base when given nothing', () => {
    expect(mergeStrings(englishStrings, undefined)).toBe(englishStrings);
    const merged = mergeStrings(englishStrings, { thread: { retry: 'Try again' }, nonsense: { a: 'b' } } as never);
    expect(merged.thread.retry).toBe('Try again');
    expect(merged.thread.stopped).toBe('Stopped');
    expect('nonsense' in merged).toBe(false);
  });
});
