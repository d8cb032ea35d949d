import { AdminPage } from '../lib/session/admin-page';
import { NoPage } from '../features/not-found/components/no-page';
import { SearchAnalyticsPage } from '../features/search-analytics/components/search-analytics-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: () => ({
    title: 'Search analytics',
    description: 'Top queries and zero-result queries of the support portal search (admins only).',
  }),
};

/** Admins only (spec section 6); anyone else gets the No Page view. */
export function Component() {
  return (
    <AdminPage title="Search analytics" action="readSearchAnalytics" notAdmin={<NoPage />}>
      <SearchAnalyticsPage />
    </AdminPage>
  );
}
