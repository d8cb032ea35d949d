import { Fragment } from 'react';
import { Page } from '../components/page';
import { Screenshot } from '../components/screenshot';
import { paths } from '../lib/paths';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Locating your Controller ID or Customer ID',
    description: `Where to find your Controller ID or Customer ID in the ${config.product.name} controller UI and in CoPilot.`,
  }),
};

/** The two places the ID is shown, in the order a customer is most likely to have at hand. */
const PLACES = [
  { ui: 'Controller', menu: ['Settings', 'Controller', 'License'], image: paths.images.locatingIdController },
  { ui: 'CoPilot', menu: ['Settings', 'Configuration', 'License'], image: paths.images.locatingIdCopilot },
] as const;

export function Component() {
  return (
    <Page
      title="Locating your Controller ID or Customer ID"
      lead="Sign-up and login may ask for this ID. You can read it in either of these two places."
    >
      {PLACES.map((place, index) => (
        <Fragment key={place.ui}>
          <h2>{`In the ${place.ui} UI`}</h2>
          <p>
            Go to <strong>{place.menu.join(' > ')}</strong>.
          </p>
          <Screenshot
            src={place.image}
            height={540}
            lazy={index > 0}
            alt={`The ${place.ui === 'Controller' ? 'controller' : place.ui} UI on ${place.menu.join(', ')}, with the Customer ID shown in the license details.`}
          />
        </Fragment>
      ))}
    </Page>
  );
}
