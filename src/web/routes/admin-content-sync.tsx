import { AdminPage } from '../lib/session/admin-page';
import { NoPage } from '../features/not-found/components/no-page';
import { ContentSyncPage } from '../features/content-sync/components/content-sync-page';
import { CONTENT_SYNC_KEY } from '../features/content-sync/lib/content-sync-contracts';
import type { PortalRouteHandle } from '../lib/route-handle';
import { prefetchInto } from '../lib/prefetch-into';
import { sessionCan } from '../lib/session/use-can';

export const handle: PortalRouteHandle = {
  meta: () => ({
    title: 'Content sync',
    description: "The vendor content feeds' sync status, and Sync now (admins only).",
  }),
  // An admin's render holds the status, so the cards are in the first HTML instead of a loading line.
  prefetch: async (queryClient, data, _searchParams, session) => {
    if (!sessionCan(session, 'manageContentSync')) return;
    await prefetchInto(queryClient, CONTENT_SYNC_KEY, () => data.contentSync());
  },
};

/** Admins only; anyone else gets the No Page view (the server refuses the page's calls too). */
export function Component() {
  return (
    <AdminPage title="Content sync" action="manageContentSync" notAdmin={<NoPage />}>
      <ContentSyncPage />
    </AdminPage>
  );
}
