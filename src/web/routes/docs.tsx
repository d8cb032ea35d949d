import { Page } from '../components/page';
import { docsSearchQueryOptions } from '../features/docs/api/search-docs';
import { ANONYMOUS_READER, TECH_HUB_CATEGORY } from '../features/docs/lib/docs-reader';
import { DocsPage } from '../features/docs/components/docs-page';
import { readDocsParams } from '../features/docs/lib/docs-params';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Tech Hub',
    description: `Guides and troubleshooting articles for ${config.product.name}: sections, articles and search.`,
  }),
  // A search's results in the first HTML (as a visitor's): the search box works before any script runs.
  prefetch: async (queryClient, data, searchParams) => {
    const { q } = readDocsParams(searchParams);
    if (!q) return;
    await queryClient.prefetchQuery({
      ...docsSearchQueryOptions(ANONYMOUS_READER, q),
      queryFn: () => data.searchCategory({ categoryId: TECH_HUB_CATEGORY, query: q }),
    });
  },
};

export function Component() {
  return (
    <Page title="Tech Hub" width="wide">
      <DocsPage />
    </Page>
  );
}
