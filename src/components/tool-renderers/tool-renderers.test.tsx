// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool, type Agent } from '../../core/index';
import { AgentProvider } from '../../react/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { ApprovalDialog } from '../approval-dialog/approval-dialog';
import { Composer } from '../composer/composer';
import { MessagePartView } from '../message/message-part';
import { MessageList, type MessageComponentProps } from '../thread/message-list';
import { ThreadViewport } from '../thread/thread-viewport';
import { ToolTimeline } from '../tool-timeline/tool-timeline';
import { ToolRenderersProvider, type ToolRenderer } from './tool-renderers';

afterEach(cleanup);

interface Forecast {
  city: string;
  celsius: number;
  sky: string;
}

/** A weather tool whose run the test finishes by hand, so the running phase can be seen. */
function weatherAgent(outcome: 'ok' | 'fail' = 'ok') {
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const getWeather = defineTool({
    name: 'get_weather',
    description: 'The weather in a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    execute: async ({ city }: { city: string }): Promise<Forecast> => {
      await gate;
      if (outcome === 'fail') throw new Error('The weather service is down.');
      return { city, celsius: 21, sky: 'sunny' };
    },
  });
  const lookUp = defineTool({ name: 'look_up', description: 'Looks a word up.', inputSchema: { type: 'object', properties: {} }, execute: () => 'a word' });
  const agent = createAgent({
    model: scriptedModel([toolCall('get_weather', { city: 'Paris' }), toolCall('look_up', {}), text('It is sunny in Paris.')]),
    tools: [getWeather, lookUp],
  });
  return { agent, finish };
}

const weatherView: ToolRenderer = {
  // `input` is undefined while the arguments stream in.
  running: ({ call }) => <p>Looking at the sky over {(call.input as { city: string } | undefined)?.city ?? '…'}…</p>,
  done: ({ call }) => {
    const forecast = call.output as Forecast;
    return (
      <figure aria-label="Weather card">
        {forecast.city}: {forecast.celsius} °C, {forecast.sky}
      </figure>
    );
  },
  failed: ({ call }) => <p>No forecast: {call.error}</p>,
};

const card = (name: string) => [...document.querySelectorAll<HTMLElement>('.rak-tool-chip')].find((chip) => chip.querySelector('.rak-tool-chip-name')?.textContent === name)!;

describe('toolRenderers', () => {
  it("shows the tool's own view in each phase, and the kit's card for tools without one", async () => {
    const { agent, finish } = weatherAgent();
    render(<AgentChat agent={agent} toolRenderers={{ get_weather: weatherView }} />);
    let sent!: Promise<unknown>;
    act(() => void (sent = agent.send('Weather in Paris?')));
    await waitFor(() => expect(card('get_weather')?.textContent).toContain('Looking at the sky over Paris…'));
    // The running view shows from input-available on; the card's state follows when the tool starts.
    await waitFor(() => expect(card('get_weather').dataset.state).toBe('running'));

    await act(async () => {
      finish();
      await sent;
    });
    const weather = card('get_weather');
    expect(within(weather).getByRole('figure', { name: 'Weather card' }).textContent).toBe('Paris: 21 °C, sunny');
    expect(weather.textContent).not.toContain('Looking at the sky');
    // The head and details stay: the call can still be inspected.
    fireEvent.click(within(weather).getByRole('button', { expanded: false }));
    expect(within(weather).getByRole('region', { name: 'get_weather details' }).textContent).toContain('"sky": "sunny"');
    // A tool without a renderer keeps the kit's card.
    expect(card('look_up').hasAttribute('data-custom')).toBe(false);
    expect(card('look_up').querySelector('.rak-tool-view')).toBeNull();
  });

  it('shows the failed view when the tool fails', async () => {
    const { agent, finish } = weatherAgent('fail');
    render(<AgentChat agent={agent} toolRenderers={{ get_weather: weatherView }} />);
    finish();
    await act(() => agent.send('Weather in Paris?').then(() => {}));
    expect(card('get_weather').querySelector('.rak-tool-view')!.textContent).toMatch(/^No forecast: .*The weather service is down\.$/);
  });

  it("keeps a renderer's exception inside its card: a line says so, the chat goes on", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { agent, finish } = weatherAgent();
    const broken: ToolRenderer = {
      done: () => {
        throw new Error('forecast.temp is undefined');
      },
    };
    render(<AgentChat agent={agent} toolRenderers={{ get_weather: broken }} />);
    finish();
    await act(() => agent.send('Weather in Paris?').then(() => {}));
    expect(card('get_weather').querySelector('.rak-tool-view')!.textContent).toBe(
      "The app's view of get_weather failed (forecast.temp is undefined); the details below show the call.",
    );
    expect(screen.getByText('It is sunny in Paris.')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('combines per phase: an approval preview from a provider and a result card from AgentChat both show', async () => {
    const sendEmail = defineTool({
      name: 'send_email',
      description: 'Sends an email.',
      inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
      needsApproval: true,
      execute: ({ to }: { to: string }) => ({ sentTo: to }),
    });
    const agent = createAgent({ model: scriptedModel([toolCall('send_email', { to: 'ada@example.com' }), text('Sent.')]), tools: [sendEmail] });
    const preview: ToolRenderer = { approval: ({ call }) => <p>An email to {(call.input as { to: string }).to} will go out.</p> };
    const receipt: ToolRenderer = { done: ({ call }) => <p>Receipt: sent to {(call.output as { sentTo: string }).sentTo}</p> };
    render(
      <ToolRenderersProvider renderers={{ send_email: preview }}>
        <AgentChat agent={agent} toolRenderers={{ send_email: receipt }} />
      </ToolRenderersProvider>,
    );
    let sent!: Promise<unknown>;
    act(() => void (sent = agent.send('Mail Ada')));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('An email to ada@example.com will go out.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await act(() => sent.then(() => {}));
    expect(card('send_email').querySelector('.rak-tool-view')!.textContent).toBe('Receipt: sent to ada@example.com');
  });

  it('renders in the timeline too, and a name like toString is not a renderer', async () => {
    const { agent, finish } = weatherAgent();
    finish();
    await agent.send('Weather in Paris?');
    render(
      <AgentProvider agent={agent}>
        <ToolTimeline toolRenderers={{ get_weather: weatherView, toString: weatherView }} />
      </AgentProvider>,
    );
    const rows = [...document.querySelectorAll<HTMLElement>('.rak-timeline-row')];
    expect(rows.map((row) => row.querySelector('.rak-tool-view')?.textContent ?? null)).toEqual(['Paris: 21 °C, sunny', null]);
  });
});

describe('a chat laid out from the exported parts', () => {
  function MyMessage({ message }: MessageComponentProps) {
    return (
      <div className="my-bubble" data-role={message.role}>
        {message.parts.map((part) => (
          <MessagePartView key={part.type === 'tool-call' ? part.toolCallId : part.id} part={part} streaming={message.status === 'streaming'} className="my-part" />
        ))}
      </div>
    );
  }

  function MyChat({ agent }: { agent: Agent }) {
    return (
      <AgentProvider agent={agent}>
        <main className="rak-root my-chat">
          <ThreadViewport className="my-thread">
            <MessageList messageComponent={MyMessage} />
          </ThreadViewport>
          <Composer className="my-composer" placeholder="Ask me" />
          <ApprovalDialog className="my-approval" />
        </main>
      </AgentProvider>
    );
  }

  it('sends, streams, asks for approval and shows the result with the app’s own classes', async () => {
    const remove = defineTool({
      name: 'remove_file',
      description: 'Removes a file.',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
      needsApproval: true,
      execute: ({ path }: { path: string }) => `removed ${path}`,
    });
    const agent = createAgent({ model: scriptedModel([toolCall('remove_file', { path: '/tmp/a' }), text('Removed **it**.')]), tools: [remove] });
    render(<MyChat agent={agent} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Remove /tmp/a' } });
    fireEvent.submit(document.querySelector('.my-composer')!);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.classList.contains('my-approval')).toBe(true);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' })));
    await waitFor(() => expect(agent.getState().status).toBe('idle'));

    const bubbles = [...document.querySelectorAll<HTMLElement>('.my-thread .my-bubble')];
    expect(bubbles.map((bubble) => bubble.dataset.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(bubbles[0]!.querySelector('.rak-md.my-part')!.textContent).toBe('Remove /tmp/a');
    const chip = bubbles[1]!.querySelector<HTMLElement>('.rak-tool-chip.my-part')!;
    expect(chip.dataset.state).toBe('output-available');
    expect(bubbles[2]!.querySelector('.my-part strong')!.textContent).toBe('it');
    expect(agent.getState().toolCalls[0]!.output).toBe('removed /tmp/a');
  });
});
