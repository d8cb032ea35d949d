import type { QueryClient } from '@tanstack/react-query';
import type { SsrData } from '../../../../common/contracts/ssr';
import { shownResults, summarize } from '../lib/results';
import type { SearchUrlState } from '../lib/search-params';
import type { Searcher } from '../lib/searcher';
import { popularArticlesQueryOptions } from './get-popular-articles';
import { searchAllQueryOptions } from './search-all';
import { searchPageQueryOptions } from './search-page';

/**
 * The server render's half of /search: the queries the page runs for `searcher`, filled in process, so the
 * first HTML holds the results, chips and pagination and the browser does not ask again. A failure leaves the
 * search to the browser.
 */
export async function prefetchSearch(
  queryClient: QueryClient,
  data: SsrData,
  state: SearchUrlState,
  searcher: Searcher,
): Promise<void> {
  if (!state.q) return;
  const all = searchAllQueryOptions(searcher, state.q, state.sources, state.exact);
  await queryClient.prefetchQuery({
    ...all,
    queryFn: () => data.search({ query: state.q, filter: state.sources, exact: state.exact }),
  });
  const response = queryClient.getQueryData(all.queryKey);
  if (!response) return;
  const summaries = summarize(response);
  if (summaries.every((summary) => summary.count === 0)) {
    // Nothing found: the page offers the most read articles among its next steps.
    await queryClient.prefetchQuery({
      ...popularArticlesQueryOptions(),
      queryFn: async () => (await data.latestKb()).mostPopular,
    });
    return;
  }
  const { active, page } = shownResults(summaries, state);
  // Page 1 comes with the federated answer; a later page of the active source is a call of its own.
  if (!active || page === 1) return;
  await queryClient.prefetchQuery({
    ...searchPageQueryOptions(searcher, active.key, state.q, page, state.exact),
    queryFn: () => data.searchPage({ source: active.key, query: state.q, page, exact: state.exact }),
  });
}
