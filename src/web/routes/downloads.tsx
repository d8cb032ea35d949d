import { Page } from '../components/page';
import { DownloadsPage } from '../features/downloads/components/downloads-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Downloads',
    description: `${config.product.name} Edge images for recommended hardware, VMware ESXi and KVM/QEMU, for signed-in users allowed to download.`,
  }),
};

export function Component() {
  return (
    <Page title="Downloads" width="wide">
      <DownloadsPage />
    </Page>
  );
}
