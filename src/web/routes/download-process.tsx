import { Page } from '../components/page';
import { Screenshot } from '../components/screenshot';
import { paths } from '../lib/paths';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Download Process',
    description: `How to download ${config.product.name} Edge images: sign in, confirm where the appliance is deployed, then pick your image.`,
  }),
};

export function Component() {
  return (
    <Page
      title="Download Process"
      lead="Edge images are available to signed-in customers whose account allows downloads."
    >
      <p>
        Sign in, then confirm where the Edge appliance will be deployed. Deployments in the United States go
        straight to the downloads; for other countries you give the deployment and headquarters addresses
        first. Then choose the image for your hardware or hypervisor and your controller release.
      </p>
      <Screenshot
        src={paths.images.downloadProcess}
        height={420}
        alt="The download process: sign in; if the Edge appliance is deployed in the United States go straight to the downloads, otherwise fill in the deployment and headquarters addresses first; then choose and download the image."
      />
    </Page>
  );
}
