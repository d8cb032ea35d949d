import { Page } from '../components/page';
import { SearchPage } from '../features/search/components/search-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Search',
    description: `Search the ${config.product.name} Knowledge Base, documentation and community in one place.`,
  }),
};

export function Component() {
  return (
    <Page title="Search" width="wide">
      <SearchPage />
    </Page>
  );
}
