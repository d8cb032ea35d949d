import { Page } from '../components/page';
import { prefetchSearch } from '../features/search/api/prefetch-search';
import { SearchPage } from '../features/search/components/search-page';
import { readSearchParams } from '../features/search/lib/search-params';
import { searcherOf } from '../features/search/lib/searcher';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config, searchParams }) => {
    // The query itself (trimmed): tabs and history tell searches apart.
    const { q } = readSearchParams(searchParams);
    return {
      title: q ? `Search: ${q}` : 'Search',
      description: `Search the ${config.product.name} Knowledge Base, documentation and community in one place.`,
    };
  },
  // Results, chips and pagination in the first HTML: the page works before (and without) any script.
  prefetch: (queryClient, data, searchParams, session) =>
    prefetchSearch(queryClient, data, readSearchParams(searchParams), searcherOf(session)),
};

export function Component() {
  return (
    <Page title="Search" width="wide">
      <SearchPage />
    </Page>
  );
}
