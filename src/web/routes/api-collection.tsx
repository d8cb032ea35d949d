import { Page } from '../components/page';
import { ApiCollectionPage } from '../features/downloads/components/api-collection-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'API Collection',
    description: `Postman collections of the ${config.product.name} APIs, with their guides.`,
  }),
};

export function Component() {
  return (
    <Page title="API Collection" width="wide">
      <ApiCollectionPage />
    </Page>
  );
}
