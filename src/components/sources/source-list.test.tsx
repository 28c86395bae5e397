// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, demoModel } from '../../core/index';
import { scriptedModel, source, text } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { germanStrings } from '../locales/index';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';
import { replyDetailsPart } from '../message/message-view';

beforeAll(async () => {
  await preloadChatParts();
  await replyDetailsPart.preload();
});
afterEach(cleanup);

describe('a reply\u2019s sources', () => {
  it('lists them under the reply: pages link to themselves in a new tab with their site, documents by title and file', async () => {
    const agent = createAgent({
      model: scriptedModel([[text('Paris [1], the Seine [2].'), source({ id: '1', url: 'https://www.example.com/paris', title: 'Paris' }), source({ id: '2', mediaType: 'application/pdf', title: 'Rivers', filename: 'rivers.pdf' }), source({ id: '3', url: 'javascript:alert(1)', title: 'Trap' })]]),
    });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Capital?').then(() => {}));
    const list = await screen.findByRole('region', { name: 'Sources' });
    expect(list.closest('.rak-message')?.getAttribute('data-role')).toBe('assistant');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Paris (opens in a new tab)example.com', 'Riversrivers.pdf', 'Trap']);
    const link = within(items[0]!).getByRole('link', { name: /^Paris\s*\(opens in a new tab\)$/ });
    expect(link.getAttribute('href')).toBe('https://www.example.com/paris');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // A URL a markdown link would refuse is text, not a link; no icons without allowed origins.
    expect(within(items[2]!).queryByRole('link')).toBeNull();
    expect(list.querySelector('img')).toBeNull();
    expect(items[0]!.id).toBe(`rak-source-${agent.getState().messages[1]!.id}-1`);
  });

  it('shows a site\u2019s icon only for the origins the app allows, in the chat\u2019s language; sources={false} hides them', async () => {
    const steps = () => [[text('Paris [1].'), source({ id: '1', url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris' }), source({ id: '2', url: 'https://elsewhere.example/x', title: 'Other' })]];
    const agent = createAgent({ model: scriptedModel(steps()) });
    render(<AgentChat agent={agent} strings={germanStrings} sources={{ faviconOrigins: ['https://en.wikipedia.org'] }} />);
    await act(() => agent.send('Hauptstadt?').then(() => {}));
    const list = await screen.findByRole('region', { name: 'Quellen' });
    const icons = [...list.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(icons).toEqual(['https://en.wikipedia.org/favicon.ico']);
    cleanup();

    const hidden = createAgent({ model: scriptedModel(steps()) });
    render(<AgentChat agent={hidden} sources={false} />);
    await act(() => hidden.send('Capital?').then(() => {}));
    await screen.findByText('Paris [1].');
    expect(screen.queryByRole('region', { name: 'Sources' })).toBeNull();
  });

  it('the demo model cites its sources when it explains the sky', async () => {
    const agent = createAgent({ model: demoModel({ speed: 'instant' }) });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Think about why the sky is blue').then(() => {}));
    const list = await screen.findByRole('region', { name: 'Sources' });
    expect(within(list).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['https://en.wikipedia.org/wiki/Rayleigh_scattering', 'https://en.wikipedia.org/wiki/Diffuse_sky_radiation']);
  });
});
