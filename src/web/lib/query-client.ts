import { QueryClient } from '@tanstack/react-query';

/**
 * One factory for both sides so the defaults match. On the server a failed prefetch must not retry (the page
 * would wait) and nothing refetches; in the browser data that arrived with the page stays fresh for a minute,
 * so hydration does not fire the same requests again.
 */
export function createQueryClient(side: 'server' | 'browser'): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: side === 'server' ? false : 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
