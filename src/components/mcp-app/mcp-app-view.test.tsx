// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool, type ToolUiResource } from '../../core/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import type { McpAppOptions } from './mcp-app-options';

afterEach(cleanup);

const resource: ToolUiResource = {
  uri: 'ui://counter/app.html',
  mimeType: 'text/html;profile=mcp-app',
  html: '<p id="hello">Hello</p>',
  csp: { connectDomains: ['https://api.example.com', "https://evil.example 'unsafe-eval'", '*'], resourceDomains: ['https://cdn.example.com'] },
};

let incremented = 0;
const showCounter = defineTool({
  name: 'apps__show_counter',
  description: 'Shows a counter.',
  inputSchema: { type: 'object', properties: { start: { type: 'number' } } },
  readOnly: true,
  execute: ({ start }) => ({ count: start }),
  ui: { resourceUri: 'ui://counter/app.html', appTools: { increment: 'apps__increment' }, read: async () => resource },
});
const increment = defineTool({
  name: 'apps__increment',
  description: 'Adds one.',
  inputSchema: { type: 'object', properties: { count: { type: 'number' } }, required: ['count'] },
  needsApproval: true,
  execute: ({ count }) => {
    incremented += 1;
    return { count: count + 1 };
  },
});

async function showApp(mcpApps?: McpAppOptions) {
  const agent = createAgent({ model: scriptedModel([toolCall('apps__show_counter', { start: 1 }), text('Here is the counter.')]), tools: [showCounter, increment] });
  render(<AgentChat agent={agent} mcpApps={mcpApps} />);
  await act(() => agent.send('Show the counter').then(() => {}));
  const frame = await waitFor(() => {
    const found = document.querySelector<HTMLIFrameElement>('.rak-tool-chip iframe.rak-mcp-app-frame');
    expect(found).not.toBeNull();
    return found!;
    // The app's view is a lazy chunk: its first load, transformed from source, takes seconds on a loaded machine.
  }, { timeout: 10_000 });
  return { agent, frame };
}

/** A JSON-RPC request from `source`, as the page's window receives it. */
function post(source: Window | null, data: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data, source, origin: 'null' }));
}

describe('an MCP App in its card', () => {
  it('runs in a sandboxed frame with an opaque origin and a policy that allows no network', async () => {
    const { frame } = await showApp();
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('title')).toBe('App of apps__show_counter');
    const document = frame.getAttribute('srcdoc')!;
    // The policy is the first thing in the document, so it governs all of the app's markup.
    expect(document.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(document.indexOf('<p id="hello">'));
    expect(document.startsWith('<!doctype html><html><head><meta http-equiv="Content-Security-Policy"')).toBe(true);
    expect(document).toContain("default-src 'none'");
    expect(document).toContain("connect-src 'none'");
    expect(document).not.toContain('api.example.com');
    expect(document).not.toContain('cdn.example.com');
  });

  it('grants only the domains that the resource asks for and the app allows, and never a keyword or a wildcard', async () => {
    const { frame } = await showApp({ allowDomains: ['https://api.example.com', 'https://cdn.example.com', '*'] });
    const document = frame.getAttribute('srcdoc')!;
    expect(document).toContain('connect-src https://api.example.com;');
    expect(document).toContain("img-src data: https://cdn.example.com;");
    expect(document).not.toContain('unsafe-eval');
    expect(document).not.toContain('evil.example');
  });

  it('allows nothing when allowDomains is not a list (a string would match by substring)', async () => {
    const { frame } = await showApp({ allowDomains: 'https://api.example.com/and-more' as unknown as string[] });
    expect(frame.getAttribute('srcdoc')).toContain("connect-src 'none'");
  });

  it("answers only its own frame's window: a forged tools/call from another window is ignored, the frame's goes through the agent's approval", async () => {
    incremented = 0;
    const { agent, frame } = await showApp();
    const frameWindow = frame.contentWindow!;
    const answers: unknown[] = [];
    vi.spyOn(frameWindow, 'postMessage').mockImplementation((message: unknown) => void answers.push(message));
    const callTool = vi.spyOn(agent, 'callTool');
    const forger = document.createElement('iframe');
    document.body.append(forger);

    post(window, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'increment', arguments: { count: 1 } } });
    post(forger.contentWindow, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'increment', arguments: { count: 1 } } });
    post(null, { jsonrpc: '2.0', id: 3, method: 'ui/open-link', params: { url: 'https://example.com' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(callTool).not.toHaveBeenCalled();
    expect(answers).toEqual([]);
    expect(agent.getState().toolCalls).toHaveLength(1);

    // Its own window: the call waits for a person, as the policy says (needsApproval).
    await act(async () => post(frameWindow, { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'increment', arguments: { count: 1 } } }));
    await waitFor(() => expect(agent.getState().toolCalls.at(-1)?.state).toBe('approval-requested'));
    expect(incremented).toBe(0);
    expect(answers).toEqual([]);
    await act(() => agent.approve(agent.getState().toolCalls.at(-1)!.id).then(() => {}));
    await waitFor(() => expect(answers).toContainEqual({ jsonrpc: '2.0', id: 4, result: { content: [{ type: 'text', text: '{"count":2}' }], structuredContent: { count: 2 } } }));
    expect(incremented).toBe(1);
  });

  it('refuses a tool of another server, and asks the person before opening a link', async () => {
    const { frame } = await showApp();
    const frameWindow = frame.contentWindow!;
    const answers: Array<{ id?: number; result?: unknown; error?: unknown }> = [];
    vi.spyOn(frameWindow, 'postMessage').mockImplementation((message: unknown) => void answers.push(message as { id?: number }));
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);

    await act(async () => post(frameWindow, { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'apps__show_counter_elsewhere', arguments: {} } }));
    await waitFor(() => expect(answers.find((answer) => answer.id === 5)).toMatchObject({ result: { isError: true } }));

    await act(async () => post(frameWindow, { jsonrpc: '2.0', id: 6, method: 'ui/open-link', params: { url: 'https://example.com/docs' } }));
    const prompt = await waitFor(() => document.querySelector<HTMLElement>('.rak-mcp-app-prompt')!);
    expect(prompt.textContent).toContain('https://example.com/docs');
    expect(open).not.toHaveBeenCalled();
    await act(async () => prompt.querySelector<HTMLButtonElement>('button.rak-button-primary')!.click());
    await waitFor(() => expect(answers.find((answer) => answer.id === 6)).toEqual({ jsonrpc: '2.0', id: 6, result: {} }));
    expect(open).toHaveBeenCalledWith('https://example.com/docs', '_blank', 'noopener,noreferrer');
  });

  it("sends the app's ui/message only when the person says so, and refuses ui/update-model-context (not offered)", async () => {
    const { agent, frame } = await showApp();
    const frameWindow = frame.contentWindow!;
    const answers: Array<{ id?: number; result?: unknown; error?: { code: number } }> = [];
    vi.spyOn(frameWindow, 'postMessage').mockImplementation((message: unknown) => void answers.push(message as { id?: number }));
    const send = vi.spyOn(agent, 'send');

    await act(async () => post(frameWindow, { jsonrpc: '2.0', id: 7, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'Set it to ten' }] } }));
    const prompt = await waitFor(() => document.querySelector<HTMLElement>('.rak-mcp-app-prompt')!);
    expect(prompt.textContent).toContain('Set it to ten');
    expect(send).not.toHaveBeenCalled();
    await act(async () => prompt.querySelector<HTMLButtonElement>('button:not(.rak-button-primary)')!.click());
    await waitFor(() => expect(answers.find((answer) => answer.id === 7)).toMatchObject({ result: { isError: true } }));
    expect(send).not.toHaveBeenCalled();

    await act(async () => post(frameWindow, { jsonrpc: '2.0', id: 8, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'Set it to ten' }] } }));
    const again = await waitFor(() => document.querySelector<HTMLElement>('.rak-mcp-app-prompt')!);
    await act(async () => again.querySelector<HTMLButtonElement>('button.rak-button-primary')!.click());
    await waitFor(() => expect(answers.find((answer) => answer.id === 8)).toMatchObject({ result: {} }));
    expect(send).toHaveBeenCalledWith('Set it to ten');

    await act(async () => post(frameWindow, { jsonrpc: '2.0', id: 9, method: 'ui/update-model-context', params: { content: [{ type: 'text', text: 'count is 1' }] } }));
    await waitFor(() => expect(answers.find((answer) => answer.id === 9)).toMatchObject({ error: { code: -32601 } }));
  });

  it('closes a frame that loads a second time (the app navigated it away): no bridge for what loaded there', async () => {
    const { agent, frame } = await showApp();
    const frameWindow = frame.contentWindow!;
    const callTool = vi.spyOn(agent, 'callTool');
    // jsdom may have fired the first load already; two more are a second load either way.
    fireEvent.load(frame);
    if (document.querySelector('iframe.rak-mcp-app-frame')) fireEvent.load(frame);
    await waitFor(() => expect(document.querySelector('.rak-mcp-app [role="alert"]')?.textContent).toBe('The app left its page, so it was closed.'));
    expect(document.querySelector('iframe.rak-mcp-app-frame')).toBeNull();
    await act(async () => post(frameWindow, { jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'increment', arguments: { count: 1 } } }));
    expect(callTool).not.toHaveBeenCalled();
  });

  it('grows to the height the app reports, up to maxHeight', async () => {
    const { frame } = await showApp({ maxHeight: 300 });
    await act(async () => post(frame.contentWindow, { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 180 } }));
    expect(frame.style.height).toBe('180px');
    await act(async () => post(frame.contentWindow, { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 5000 } }));
    expect(frame.style.height).toBe('300px');
    await act(async () => post(window, { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 20 } }));
    expect(frame.style.height).toBe('300px');
  });
});
