// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
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

  it('asks once for every component that shows the same catalog, StrictMode included, and not at all when disabled', async () => {
    const { server, fetch } = fakeServer();
    const first = renderProbe('http://server/c', { fetch }, (children) => (
      <StrictMode>
        {children}
        <Probe url="http://server/c" options={{ fetch }} onResult={() => {}} />
      </StrictMode>
    ));
    await waitFor(() => expect(first().status).toBe('ready'));
    // A component mounted later gets the answer at once, without asking again while it is fresh.
    const later = renderProbe('http://server/c', { fetch });
    expect(later().status).toBe('ready');
    expect(later().tools.map((tool) => tool.name)).toEqual(['lookup_customer', 'refund']);
    cleanup();
    const idle = renderProbe('http://server/d', { fetch, enabled: false });
    expect(idle().status).toBe('loading');
    expect(server.requests).toEqual(['GET http://server/c/tools']);
  });

  it('keeps the last catalog while a refetch runs, and a refetch asks again even when one is running', async () => {
    const { server, fetch } = fakeServer();
    const result = renderProbe('http://server/e', { fetch });
    await waitFor(() => expect(result().status).toBe('ready'));
    let refetches!: Promise<unknown>;
    act(() => {
      refetches = Promise.all([result().refetch(), result().refetch()]);
    });
    expect(result()).toMatchObject({ status: 'ready', isFetching: true });
    expect(result().tools).toHaveLength(2);
    await act(() => refetches);
    expect(result()).toMatchObject({ status: 'ready', isFetching: false });
    // The first refetch started one request; the second waited for it and started one more.
    expect(server.requests).toEqual(['GET http://server/e/tools', 'GET http://server/e/tools', 'GET http://server/e/tools']);
  });
});
