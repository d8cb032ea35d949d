import { AdminPage } from '../lib/session/admin-page';
import { DownloadRecordsPage } from '../features/downloads/components/download-records-page';
import { NoPage } from '../features/not-found/components/no-page';
import type { PortalRouteHandle } from '../lib/route-handle';
import { prefetchInto } from '../lib/prefetch-into';
import { sessionCan } from '../lib/session/use-can';
import {
  downloadRecordsKey,
  recordQuery,
  recordsFromUrl,
} from '../features/downloads/api/get-download-records';

export const handle: PortalRouteHandle = {
  meta: () => ({
    title: 'Download records',
    description: 'The export-control trail of edge image and API collection downloads (admins only).',
  }),
  // An admin's render holds the page of records the address asks for, so the table is in the first HTML.
  prefetch: async (queryClient, data, searchParams, session) => {
    if (!sessionCan(session, 'readDownloadRecords')) return;
    const { filters, page } = recordsFromUrl(searchParams);
    const query = Object.fromEntries(
      Object.entries(recordQuery(filters, page)).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    await prefetchInto(queryClient, downloadRecordsKey(filters, page), () => data.downloadRecords({ query }));
  },
};

export function Component() {
  return (
    <AdminPage title="Download records" action="readDownloadRecords" notAdmin={<NoPage />}>
      <DownloadRecordsPage />
    </AdminPage>
  );
}
