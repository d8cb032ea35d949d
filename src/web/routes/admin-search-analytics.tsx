import { AdminPage } from '../lib/session/admin-page';
import { NoPage } from '../features/not-found/components/no-page';
import { SearchAnalyticsPage } from '../features/search-analytics/components/search-analytics-page';
import type { PortalRouteHandle } from '../lib/route-handle';
import { prefetchInto } from '../lib/prefetch-into';
import { sessionCan } from '../lib/session/use-can';
import { dateParam, searchAnalyticsKey } from '../features/search-analytics/api/get-search-analytics';

export const handle: PortalRouteHandle = {
  meta: () => ({
    title: 'Search analytics',
    description: 'Top queries and zero-result queries of the support portal search (admins only).',
  }),
  // An admin's render holds the period's tables: fetched after hydration, they pushed the page down.
  prefetch: async (queryClient, data, searchParams, session) => {
    if (!sessionCan(session, 'readSearchAnalytics')) return;
    const from = dateParam(searchParams, 'from');
    const to = dateParam(searchParams, 'to');
    await prefetchInto(queryClient, searchAnalyticsKey(from, to), () =>
      data.searchAnalytics({ ...(from ? { from } : {}), ...(to ? { to } : {}) }),
    );
  },
};

/** Admins only (spec section 6); anyone else gets the No Page view. */
export function Component() {
  return (
    <AdminPage title="Search analytics" action="readSearchAnalytics" notAdmin={<NoPage />}>
      <SearchAnalyticsPage />
    </AdminPage>
  );
}
