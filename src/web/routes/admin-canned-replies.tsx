import { CannedRepliesPage } from '../features/canned-replies/components/canned-replies-page';
import { NoPage } from '../features/not-found/components/no-page';
import type { PortalRouteHandle } from '../lib/route-handle';
import { AdminPage } from '../lib/session/admin-page';

export const handle: PortalRouteHandle = {
  meta: () => ({
    title: 'Canned replies',
    description: 'The canned replies agents insert into ticket replies (admins only).',
  }),
};

/** Admins only; anyone else gets the No Page view (the server refuses the page's calls too). */
export function Component() {
  return (
    <AdminPage title="Canned replies" action="manageCannedReplies" notAdmin={<NoPage />}>
      <CannedRepliesPage />
    </AdminPage>
  );
}
