import { Page } from '../components/page';
import { DocsPage } from '../features/docs/components/docs-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Tech Hub',
    description: `Guides and troubleshooting articles for ${config.product.name}: sections, articles and search.`,
  }),
};

export function Component() {
  return (
    <Page title="Tech Hub" width="wide">
      <DocsPage />
    </Page>
  );
}
