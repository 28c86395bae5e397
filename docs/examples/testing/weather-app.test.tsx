// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { hangingModel, scriptedModel, stateFromEvents, text, toolCall } from 'react-agent-kit/testing';
import { createAgent } from 'react-agent-kit';
import { createWeatherAgent, getWeather, WeatherApp } from './weather-app';

afterEach(cleanup);

/** Types a message into the chat's composer and sends it, as a person does. */
function sendMessage(words: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: words } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

it('shows the weather card after the person approves the call', async () => {
  // One step per model call: first the tool call, then the answer that reads its result.
  const model = scriptedModel([toolCall('get_weather', { city: 'Paris' }), text('It is 21 °C in Paris.')]);
  render(<WeatherApp agent={createWeatherAgent(model)} />);

  sendMessage('Weather in Paris?');
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog.textContent).toContain('Paris'); // the arguments, as the person sees them
  fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

  expect(await screen.findByText('Paris: 21 °C')).toBeTruthy();
  expect(await screen.findByText('It is 21 °C in Paris.')).toBeTruthy();
  // What the model was sent: the second call carries the tool's result.
  expect(model.calls).toHaveLength(2);
  expect(JSON.stringify(model.calls[1]!.prompt)).toContain('"celsius":21');
});

it('tells the model why the person said no', async () => {
  const model = scriptedModel([toolCall('get_weather', { city: 'Paris' }), text('All right, I will not look.')]);
  render(<WeatherApp agent={createWeatherAgent(model)} />);

  sendMessage('Weather in Paris?');
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
  fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Not today' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm deny' }));

  expect(await screen.findByText('All right, I will not look.')).toBeTruthy();
  expect(JSON.stringify(model.calls[1]!.prompt)).toContain('Not today');
});

it('stops a reply that never ends', async () => {
  const agent = createWeatherAgent(hangingModel({ text: 'Let me think about' }));
  render(<WeatherApp agent={agent} />);

  sendMessage('Weather in Paris?');
  fireEvent.click(await screen.findByRole('button', { name: 'Stop' }));

  await act(async () => {}); // let the stop settle
  expect(agent.getState().status).toBe('idle');
  expect(agent.getState().messages.at(-1)?.status).toBe('stopped');
});

it('starts from an exact state: a call that is running', () => {
  const initialState = stateFromEvents([
    { type: 'message-add', message: { id: 'm1', role: 'assistant', status: 'streaming', createdAt: 0, parts: [] } },
    { type: 'tool-call-start', messageId: 'm1', toolCallId: 'c1', name: 'get_weather' },
    { type: 'tool-call-update', toolCallId: 'c1', state: 'running', by: 'runtime', at: 0, input: { city: 'Paris' } },
  ]);
  const agent = createAgent({ model: scriptedModel([]), tools: [getWeather], initialState });
  render(<WeatherApp agent={agent} />);

  expect(screen.getByText('Looking up the weather…')).toBeTruthy();
});
