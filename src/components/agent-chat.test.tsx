// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../core/index';
import { AgentChat } from './agent-chat';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** A model whose stream the test drives part by part. */
function drivenModel() {
  const streams: Array<{ push: (part: unknown) => void; close: () => void }> = [];
  const model = new MockLanguageModelV3({
    doStream: async ({ abortSignal }) => {
      let controller!: ReadableStreamDefaultController<unknown>;
      const stream = new ReadableStream({ start: (c) => void (controller = c) });
      abortSignal?.addEventListener('abort', () => controller.error(abortSignal.reason));
      streams.push({ push: (part) => controller.enqueue(part), close: () => controller.close() });
      return { stream: stream as never };
    },
  });
  const current = () => streams.at(-1)!;
  return {
    model,
    streams,
    async text(delta: string) {
      await waitFor(() => expect(streams.length).toBeGreaterThan(0));
      await act(async () => {
        current().push({ type: 'text-delta', id: '0', delta });
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
    async finish() {
      await act(async () => {
        current().push({ type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage });
        current().close();
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
    async fail(message: string) {
      await act(async () => {
        current().push({ type: 'error', error: new Error(message) });
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
  };
}

const composer = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });

afterEach(cleanup);

describe('<AgentChat>', () => {
  it('sends with Enter, streams the reply into the thread, and clears the input', async () => {
    const driven = drivenModel();
    render(<AgentChat agent={createAgent({ model: driven.model })} />);
    fireEvent.change(composer(), { target: { value: 'Hello agent' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(composer().value).toBe('');
    expect(await screen.findByText('Hello agent')).toBeTruthy();
    await driven.text('Hi ');
    await driven.text('**there**');
    // Streamed text reaches the thread at the next frame (deltas are coalesced per frame).
    expect((await screen.findByText('there')).tagName).toBe('STRONG');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    await driven.finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    expect(driven.model.doStreamCalls[0]!.prompt).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hello agent' }] }]);
  });

  it('adds a line with Shift+Enter and does not send empty text', () => {
    const driven = drivenModel();
    render(<AgentChat agent={createAgent({ model: driven.model })} />);
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
    expect(send.disabled).toBe(true);
    fireEvent.change(composer(), { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(composer(), { key: 'Enter' });
    fireEvent.change(composer(), { target: { value: 'line one' } });
    const notPrevented = fireEvent.keyDown(composer(), { key: 'Enter', shiftKey: true });
    expect(notPrevented).toBe(true); // the browser inserts the newline
    expect(driven.model.doStreamCalls).toHaveLength(0);
  });

  it('stops a reply mid-way and keeps the partial text', async () => {
    const driven = drivenModel();
    const agent = createAgent({ model: driven.model });
    render(<AgentChat agent={agent} />);
    fireEvent.change(composer(), { target: { value: 'long please' } });
    fireEvent.submit(composer().form!);
    await driven.text('The beginning of a long');
    const stop = screen.getByRole('button', { name: 'Stop' });
    stop.focus();
    fireEvent.click(stop);
    await waitFor(() => expect(agent.getState().status).toBe('idle'));
    // The Stop button is gone: focus is in the composer, not on the page's body.
    expect(document.activeElement).toBe(composer());
    // Text renders at background priority, a frame after the state has it.
    expect(await screen.findByText('The beginning of a long')).toBeTruthy();
    expect(await screen.findByText('Stopped')).toBeTruthy();
  });

  it('shows a stream error with the partial text, and Retry answers again', async () => {
    const driven = drivenModel();
    const agent = createAgent({ model: driven.model, retry: { maxRetries: 0 } });
    render(<AgentChat agent={agent} />);
    fireEvent.change(composer(), { target: { value: 'question' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await driven.text('Partial ans');
    await driven.fail('connection reset');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('connection reset');
    expect(screen.getByText('Partial ans')).toBeTruthy();

    const retry = screen.getByRole('button', { name: 'Retry' });
    retry.focus();
    fireEvent.click(retry);
    await waitFor(() => expect(driven.streams).toHaveLength(2));
    // The notice goes away with its button: focus is in the composer.
    expect(document.activeElement).toBe(composer());
    await driven.text('Full answer.');
    await driven.finish();
    await waitFor(() => expect(agent.getState().status).toBe('idle'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Partial ans')).toBeNull();
    expect(screen.getByText('Full answer.')).toBeTruthy();
  });

  it('a reply that fails before any text shows only the error with Retry: no empty reply, no Regenerate', async () => {
    const driven = drivenModel();
    const agent = createAgent({ model: driven.model, retry: { maxRetries: 0 } });
    render(<AgentChat agent={agent} />);
    fireEvent.change(composer(), { target: { value: 'question' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await waitFor(() => expect(driven.streams).toHaveLength(1));
    await driven.fail('connection reset');
    expect((await screen.findByRole('alert')).textContent).toContain('connection reset');
    expect(document.querySelectorAll('.rak-message[data-role="assistant"]')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('renders raw HTML in replies as text, never as elements', async () => {
    const driven = drivenModel();
    const { container } = render(<AgentChat agent={createAgent({ model: driven.model })} />);
    fireEvent.change(composer(), { target: { value: 'x' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await driven.text('<img src=x onerror="alert(1)"> [click](javascript:alert(1))');
    await driven.finish();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });
});
