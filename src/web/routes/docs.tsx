import { Page } from '../components/page';
import { articleQueryOptions } from '../features/docs/api/get-article';
import { articleDetailsQueryOptions } from '../features/docs/api/get-article-details';
import { docsSearchQueryOptions } from '../features/docs/api/search-docs';
import { readerOf, TECH_HUB_CATEGORY } from '../features/docs/lib/docs-reader';
import { DocsPage } from '../features/docs/components/docs-page';
import { readDocsParams } from '../features/docs/lib/docs-params';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Tech Hub',
    description: `Guides and troubleshooting articles for ${config.product.name}: sections, articles and search.`,
  }),
  // The sidebar, the article and a search's results in the first HTML (as the reader's): nothing moves once
  // the page loads, and the search box works before any script runs. The sidebar lists the articles of the
  // open article's section only (of every section on the Tech Hub's home): see SsrData.articleDetails.
  prefetch: async (queryClient, data, searchParams, session) => {
    const { article, q } = readDocsParams(searchParams);
    const reader = readerOf(session);
    await Promise.all([
      queryClient.prefetchQuery({
        ...articleDetailsQueryOptions(reader),
        queryFn: () =>
          data.articleDetails({
            categoryId: TECH_HUB_CATEGORY,
            lists: q ? 'none' : article ? { sectionOf: article } : 'all',
          }),
      }),
      q
        ? queryClient.prefetchQuery({
            ...docsSearchQueryOptions(reader, q),
            queryFn: () => data.searchCategory({ categoryId: TECH_HUB_CATEGORY, query: q }),
          })
        : article
          ? queryClient.prefetchQuery({
              ...articleQueryOptions(reader, article),
              queryFn: () => data.article({ id: article }),
            })
          : undefined,
    ]);
  },
};

export function Component() {
  return (
    <Page title="Tech Hub" width="wide">
      <DocsPage />
    </Page>
  );
}
