import { useEffect } from 'react';
import { Page } from '../components/page';
import { usePortalConfig } from '../lib/portal-config-context';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Trust Center',
    description: `The ${config.product.company} Trust Center: security, compliance and privacy.`,
  }),
};

/**
 * A request for /trust is redirected by the server; this route only runs when the app itself navigates here
 * (an old link inside the app, history). `replace` keeps /trust out of the back-button history.
 */
export function Component() {
  const { links } = usePortalConfig();
  useEffect(() => {
    window.location.replace(links.trust);
  }, [links.trust]);
  return (
    <Page title="Trust Center">
      <p>
        Taking you to the <a href={links.trust}>Trust Center</a>…
      </p>
    </Page>
  );
}
