import type { ArticleDetails, ArticleResponse } from '../../common/contracts/search';
import { Page } from '../components/page';
import { articleQueryOptions } from '../features/docs/api/get-article';
import { articleDetailsQueryOptions } from '../features/docs/api/get-article-details';
import { categoryOverviewQueryOptions } from '../features/docs/api/get-category-overview';
import { docsSearchQueryOptions } from '../features/docs/api/search-docs';
import { readerOf, TECH_HUB_CATEGORY } from '../features/docs/lib/docs-reader';
import { DocsPage } from '../features/docs/components/docs-page';
import { readDocsParams } from '../features/docs/lib/docs-params';
import { cachedData, type PortalRouteHandle, type RouteMetaInput } from '../lib/route-handle';

const DESCRIPTION = (product: string) =>
  `Guides and troubleshooting articles for ${product}: sections, articles and search.`;

/** The page's own title: the article's, the section's or the search's, once the cache holds it. */
function docsTitle({ searchParams, queryClient }: RouteMetaInput): string {
  const { article, q, section } = readDocsParams(searchParams);
  if (q) return `Tech Hub search: ${q}`;
  if (article) {
    // Any reader's copy: the title is the same for everyone.
    const found = cachedData<ArticleResponse>(queryClient, ['docs', 'article'], (key) => key[3] === article);
    return found?.article.title ?? 'Tech Hub';
  }
  if (section) {
    const details = cachedData<ArticleDetails>(queryClient, ['docs', 'details', TECH_HUB_CATEGORY]);
    const name = details?.section.sections.find((candidate) => candidate.slug === section)?.name;
    return name ? `${name} - Tech Hub` : 'Tech Hub';
  }
  return 'Tech Hub';
}

export const handle: PortalRouteHandle = {
  meta: (input) => ({
    title: docsTitle(input),
    description: DESCRIPTION(input.config.product.name),
  }),
  // The sidebar, the main pane and a search's results in the first HTML (as the reader's): nothing moves once
  // the page loads, and the search box works before any script runs. The sidebar lists the articles of the
  // open article's (or listed) section only, of every section on the Tech Hub's home: see
  // SsrData.articleDetails.
  prefetch: async (queryClient, data, searchParams, session) => {
    const { article, q, section } = readDocsParams(searchParams);
    const reader = readerOf(session);
    const home = !q && !article && !section;
    await Promise.all([
      queryClient.prefetchQuery({
        ...articleDetailsQueryOptions(reader),
        queryFn: () =>
          data.articleDetails({
            categoryId: TECH_HUB_CATEGORY,
            lists: q ? 'none' : article ? { sectionOf: article } : section ? { section } : 'all',
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
      home
        ? queryClient.prefetchQuery({
            ...categoryOverviewQueryOptions(),
            queryFn: () => data.categoryOverview({ categoryId: TECH_HUB_CATEGORY }),
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
