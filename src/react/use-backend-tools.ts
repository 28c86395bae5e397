import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useKitQueryClient } from './use-kit-query-client';
import { httpToolBridge, type BackendTools, type HttpToolBridgeOptions, type ToolBridge, type ToolDefinition } from '../core/index';

/** Options of {@link useBackendTools}: the bridge's, plus whether to fetch at all. */
export interface UseBackendToolsOptions extends HttpToolBridgeOptions {
  /** Fetch the catalog. Default true. */
  enabled?: boolean;
}

/** What {@link useBackendTools} returns. */
export interface UseBackendToolsResult {
  /** `loading` until the first answer, then `ready` or `error` (a refetch keeps the last tools while it runs). */
  status: 'loading' | 'ready' | 'error';
  /** The server's tools, ready for `createAgent({ tools })`; empty until loaded. Stable until a refetch brings new ones. */
  tools: ToolDefinition<never, unknown>[];
  /** Tool sources the server reports as down (an MCP server that did not start). */
  unavailable: BackendTools['unavailable'];
  /** Why the catalog could not be loaded, in words for people. */
  error: Error | null;
  /** True while a request for the catalog is in flight. */
  isFetching: boolean;
  /** Fetches the catalog again. */
  refetch: () => Promise<void>;
  /** The bridge, for binding declarations of your own (`bridge.bind(...)`). */
  bridge: ToolBridge;
}

const noTools: ToolDefinition<never, unknown>[] = [];
const noneUnavailable: BackendTools['unavailable'] = [];

/**
 * The tool catalog of the kit's backend (`createAgentHandler` mounted at `url`), fetched and
 * cached with TanStack Query: inside a `QueryClientProvider` it shares the app's cache,
 * otherwise the kit keeps a client of its own.
 *
 * @example
 * ```tsx
 * function App() {
 *   const backend = useBackendTools('/api/agent');
 *   const agent = useMemo(() => (backend.status === 'loading' ? null : createAgent({ model, tools: backend.tools })), [backend.status, backend.tools]);
 *   if (!agent) return <p>Loading tools…</p>;
 *   return <AgentChat agent={agent} />;
 * }
 * ```
 */
export function useBackendTools(url: string, options: UseBackendToolsOptions = {}): UseBackendToolsResult {
  const { enabled = true, ...bridgeOptions } = options;
  const client = useKitQueryClient();
  // The bridge, and so the tools it makes, is rebuilt only when the URL changes, with the options
  // of that render: callers pass a new options object on every render. (`headers` may be a
  // function, called per request.)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the URL alone on purpose: `bridgeOptions` is a new object every render
  const bridge = useMemo(() => httpToolBridge(url, bridgeOptions), [url]);
  const query = useQuery(
    {
      queryKey: ['react-agent-kit', 'backend-tools', url],
      queryFn: ({ signal }) => bridge.loadTools({ signal }),
      enabled,
      // The tools hold functions: structural sharing would compare them as data.
      structuralSharing: false,
      staleTime: 60_000,
      retry: 1,
      retryDelay: 500,
    },
    client,
  );
  const { refetch } = query;
  return useMemo(
    () => ({
      status: query.status === 'pending' ? 'loading' : query.status === 'error' ? 'error' : 'ready',
      tools: query.data?.tools ?? noTools,
      unavailable: query.data?.unavailable ?? noneUnavailable,
      error: query.error,
      isFetching: query.isFetching,
      refetch: async () => {
        await refetch();
      },
      bridge,
    }),
    [query.status, query.data, query.error, query.isFetching, refetch, bridge],
  );
}
