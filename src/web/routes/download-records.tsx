import { AdminPage } from '../lib/session/admin-page';
import { DownloadRecordsPage } from '../features/downloads/components/download-records-page';
import { NoPage } from '../features/not-found/components/no-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: () => ({
    title: 'Download records',
    description: 'The export-control trail of edge image and API collection downloads (admins only).',
  }),
};

export function Component() {
  return (
    <AdminPage title="Download records" action="readDownloadRecords" notAdmin={<NoPage />}>
      <DownloadRecordsPage />
    </AdminPage>
  );
}
