// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCatalog } from '../core/index';
import { useBackendTools, type UseBackendToolsResult } from './use-backend-tools';

afterEach(cleanup);

const catalog: ToolCatalog = {
  tools: [
    { name: 'lookup_customer', description: 'Finds a customer.', inputSchema: { type: 'object' }, needsApproval: false, readOnly: true, idempotent: true },
    { name: 'refund', description: 'Refunds.', inputSchema: { type: 'object' }, needsApproval: true, readOnly: false, idempotent: false },
  ],
  unavailable: [{ source: 'mcp:files', error: 'The command "mcp-files" was not found.' }],
};

/** A fetch that answers from a switchable "server": up (the catalog and tool calls) or down. */
function fakeServer() {
  const server = { up: true, requests: [] as string[] };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    server.requests.push(`${init?.method ?? 'GET'} ${url}`);
    if (!server.up) throw new TypeError('fetch failed');
    if (url.endsWith('/tools')) return new Response(JSON.stringify(catalog), { headers: { 'content-type': 'application/json' } });
    return new Response(`${JSON.stringify({ type: 'output', value: { name: 'Ada' } })}\n`, { headers: { 'content-type': 'application/x-ndjson' } });
  };
  return { server, fetch };
}

function Probe({ url, options, onResult }: { url: string; options: Parameters<typeof useBackendTools>[1]; onResult: (result: UseBackendToolsResult) => void }) {
  const result = useBackendTools(url, options);
  onResult(result);
  return (
    <p data-testid="status">
      {result.status}: {result.tools.map((tool) => tool.name).join(', ') || 'none'} {result.error ? `(${result.error.message})` : ''}
    </p>
  );
}

function renderProbe(url: string, options: Parameters<typeof useBackendTools>[1], wrapper?: (children: ReactNode) => ReactNode) {
  let latest: UseBackendToolsResult | undefined;
  const element = <Probe url={url} options={options} onResult={(result) => (latest = result)} />;
  render(wrapper ? wrapper(element) : element);
  return () => latest!;
}

describe('useBackendTools', () => {
  it('loads the catalog: loading, then ready with runnable tools and the unavailable sources', async () => {
    const { server, fetch } = fakeServer();
    const result = renderProbe('http://server/a', { fetch });
    expect(screen.getByTestId('status').textContent).toBe('loading: none ');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('ready: lookup_customer, refund '));
    expect(result().unavailable).toEqual(catalog.unavailable);
    const lookup = result().tools[0]!;
    expect(lookup).toMatchObject({ readOnly: true, idempotent: true, needsApproval: false });
    const output = await lookup.execute!({} as never, { signal: new AbortController().signal, toolCallId: 'call-1', reportProgress: () => {} });
    expect(output).toEqual({ name: 'Ada' });
    expect(server.requests).toEqual(['GET http://server/a/tools', 'POST http://server/a/tools/lookup_customer']);
  });

  it('reports a server that is down in words, and refetch recovers once it is up', async () => {
    const { server, fetch } = fakeServer();
    server.up = false;
    const result = renderProbe('http://server/b', { fetch });
    await waitFor(() => expect(result().status).toBe('error'), { timeout: 3000 });
    expect(result().error?.message).toBe('The tool server at http://server/b could not be reached (fetch failed). Is it running?');
    expect(result().tools).toEqual([]);
    server.up = true;
    await act(() => result().refetch());
    await waitFor(() => expect(result().status).toBe('ready'));
    expect(result().tools.map((tool) => tool.name)).toEqual(['lookup_customer', 'refund']);
  });

  it('shares the app QueryClient cache when there is one, and does nothing when disabled', async () => {
    const { server, fetch } = fakeServer();
    const client = new QueryClient();
    renderProbe('http://server/c', { fetch }, (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>);
    await waitFor(() => expect(client.getQueryData(['react-agent-kit', 'backend-tools', 'http://server/c'])).toBeDefined());
    cleanup();
    const idle = renderProbe('http://server/d', { fetch, enabled: false });
    expect(idle().status).toBe('loading');
    expect(server.requests).toEqual(['GET http://server/c/tools']);
  });
});
