import { QueryClient, QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';

let fallbackClient: QueryClient | undefined;

/**
 * The app's TanStack Query client (its `QueryClientProvider`), or one the kit keeps for apps
 * without one, so the kit's query hooks work either way and share the app's cache when they can.
 *
 * @example
 * ```ts
 * const client = useKitQueryClient();
 * useQuery({ queryKey, queryFn }, client);
 * ```
 */
export function useKitQueryClient(): QueryClient {
  return useContext(QueryClientContext) ?? (fallbackClient ??= new QueryClient());
}
