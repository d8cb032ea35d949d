import { Page } from '../components/page';
import { paths } from '../lib/paths';
import type { PortalRouteHandle } from '../lib/route-handle';
import classes from './screenshot.module.css';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Locating your Controller ID or Customer ID',
    description: `Where to find your Controller ID or Customer ID in the ${config.product.name} controller UI and in CoPilot.`,
  }),
};

export function Component() {
  return (
    <Page
      title="Locating your Controller ID or Customer ID"
      lead="Sign-up and login may ask for this ID. You can read it in either of these two places."
    >
      <h2>In the Controller UI</h2>
      <p>
        Go to <strong>Settings &gt; Controller &gt; License</strong>.
      </p>
      <img
        className={classes.screenshot}
        src={paths.images.locatingIdController}
        width={960}
        height={540}
        alt="The controller UI on Settings, Controller, License, with the Customer ID shown in the license details."
      />
      <h2>In the CoPilot UI</h2>
      <p>
        Go to <strong>Settings &gt; Configuration &gt; License</strong>.
      </p>
      <img
        className={classes.screenshot}
        src={paths.images.locatingIdCopilot}
        width={960}
        height={540}
        loading="lazy"
        alt="The CoPilot UI on Settings, Configuration, License, with the Customer ID shown in the license details."
      />
    </Page>
  );
}
