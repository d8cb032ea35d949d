import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A server render's prefetch of a signed-in page's data: `load`'s answer goes into the cache under `queryKey`,
 * so the page is drawn with it. Null (nothing for this viewer) and a failure leave the call to the browser, as
 * a page without the data would have made it; a failure must not fail the whole page's render.
 */
export async function prefetchInto<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  load: () => Promise<T | null>,
): Promise<void> {
  let data: T | null = null;
  try {
    data = await load();
  } catch {
    return;
  }
  if (data !== null) queryClient.setQueryData(queryKey, data);
}
