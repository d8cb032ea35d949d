import { authenticateTrackerCode } from '../features/auth/api/authenticate-tracker-code';
import { AuthorizationReturn } from '../features/auth/components/authorization-return';
import { paths } from '../lib/paths';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Connecting the ticketing system',
    description: `Completing the ticketing system's authorization for agents of the ${config.product.name} support portal.`,
  }),
};

// Starting again means asking the ticketing system again (a server redirect).
const startAgain = () => window.location.assign(paths.jiraAuth.getHref());

/** `/code?code=&state=`: the ticketing system's authorization came back (agents); then home. */
export function Component() {
  return (
    <AuthorizationReturn
      name="tracker-code"
      exchange={authenticateTrackerCode}
      onStartAgain={startAgain}
      progress={{
        title: 'Connecting the ticketing system',
        text: "Completing the ticketing system's authorization…",
      }}
    />
  );
}
