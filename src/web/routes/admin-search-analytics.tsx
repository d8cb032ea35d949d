import { Loader } from '@mantine/core';
import { Page } from '../components/page';
import { NoPage } from '../features/not-found/components/no-page';
import { SearchAnalyticsPage } from '../features/search-analytics/components/search-analytics-page';
import { useSession } from '../app/session/use-session';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: () => ({
    title: 'Search analytics',
    description: 'Top queries and zero-result queries of the support portal search (admins only).',
  }),
};

/** Admins only (spec section 6); anyone else gets the No Page view. */
export function Component() {
  const session = useSession();
  if (!session.known)
    return (
      <Page title="Search analytics">
        <div role="status">
          <Loader size="sm" aria-hidden="true" /> Loading…
        </div>
      </Page>
    );
  if (!session.signedIn || session.role !== 'admin') return <NoPage />;
  return (
    <Page title="Search analytics" width="wide">
      <SearchAnalyticsPage />
    </Page>
  );
}
