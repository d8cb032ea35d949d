import { Page } from '../components/page';
import { ApiCollectionPage } from '../features/downloads/components/api-collection-page';
import type { PortalRouteHandle } from '../lib/route-handle';
import { prefetchInto } from '../lib/prefetch-into';
import { sessionCan } from '../lib/session/use-can';
import { apiFilesKey } from '../features/downloads/api/list-api-files';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'API Collection',
    description: `Postman collections of the ${config.product.name} APIs, with their guides.`,
  }),
  // The render of a user who may download holds the collections: fetched after hydration, the table
  // replaced a loading line and pushed the footer down.
  prefetch: async (queryClient, data, _searchParams, session) => {
    if (!sessionCan(session, 'download')) return;
    await prefetchInto(queryClient, apiFilesKey(session.userId), () => data.apiFiles());
  },
};

export function Component() {
  return (
    <Page title="API Collection" width="wide">
      <ApiCollectionPage />
    </Page>
  );
}
