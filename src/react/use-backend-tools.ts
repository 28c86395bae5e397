import { useMemo } from 'react';
import { useSharedQuery } from './shared-query';
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
 * The tool catalog of the kit's backend (`createAgentHandler` mounted at `url`), fetched once per
 * URL for every component that asks (again after a minute, or on `refetch`), retried once.
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
  // The bridge, and so the tools it makes, is rebuilt only when the URL changes, with the options
  // of that render: callers pass a new options object on every render. (`headers` may be a
  // function, called per request.)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the URL alone on purpose: `bridgeOptions` is a new object every render
  const bridge = useMemo(() => httpToolBridge(url, bridgeOptions), [url]);
  // loadTools answers a server that is down with no tools and an error: that is this hook's error
  // (and is retried once), so a refetch that works replaces it.
  const [query, refetch] = useSharedQuery(`backend-tools ${url}`, {
    fetch: async () => {
      const loaded = await bridge.loadTools();
      if (loaded.error) throw loaded.error;
      return loaded;
    },
    enabled,
    freshMs: 60_000,
    retryDelayMs: 500,
  });
  return useMemo(
    () => ({
      status: query.status,
      tools: query.data?.tools ?? noTools,
      unavailable: query.data?.unavailable ?? noneUnavailable,
      error: query.error,
      isFetching: query.isFetching,
      refetch,
      bridge,
    }),
    [query.status, query.data, query.error, query.isFetching, refetch, bridge],
  );
}
