import { Page } from '../components/page';
import { DocumentList } from '../features/service-descriptions/components/document-list';
import { usePortalConfig } from '../lib/portal-config-context';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Service Descriptions',
    description: `${config.product.company} support and services documents: software support, support offerings, trusted advisor, configuration services, device support and hardware returns.`,
  }),
};

export function Component() {
  const { serviceDescriptions } = usePortalConfig();
  return (
    <Page title="Service Descriptions" lead="What each support and services offering includes." width="wide">
      <h2>Support and services</h2>
      <DocumentList documents={serviceDescriptions.documents} />
      <h2>Hardware</h2>
      <DocumentList documents={[serviceDescriptions.hardwareReturn]} />
    </Page>
  );
}
