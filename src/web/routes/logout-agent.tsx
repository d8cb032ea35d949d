import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SignInProgress } from '../features/auth/components/sign-in-status';
import { signOut } from '../lib/session/session-store';
import { logOutAgent } from '../features/auth/api/log-out-agent';
import { paths } from '../lib/paths';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Signing you out',
    description: `Agent logout of the ${config.product.name} support portal.`,
  }),
};

/** `/logoutAgent` (spec section 2): ends the agent's server session, clears the profile, then home. */
export function Component() {
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    void logOutAgent().finally(() => {
      signOut();
      if (active) void navigate(paths.home.getHref(), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate]);
  return <SignInProgress title="Signing you out" text="Signing you out…" />;
}
