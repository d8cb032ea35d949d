import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { SignInError, SignInProgress, useStartAgain } from '../features/auth/components/sign-in-status';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Continuing sign-in',
    description: `A sign-in step of the ${config.product.name} support portal, answered by the server.`,
  }),
};

/** Whether this document itself was loaded at `pathname` (the server answered with a page, not a redirect). */
function documentLoadedAt(pathname: string): boolean {
  const entry = performance.getEntriesByType('navigation')[0];
  if (!entry) return false;
  try {
    return new URL(entry.name).pathname === pathname;
  } catch {
    return false;
  }
}

/**
 * `/zendeskInitAuth` and `/jiraAuth` are server redirects. This route only runs after an in-app navigation
 * (history, an old link) and asks the server for the address instead. Had the server answered this very
 * address with a page, asking again would loop, so that shows an error instead.
 */
export function Component() {
  const { pathname, search } = useLocation();
  const startAgain = useStartAgain('customer');
  const [loop, setLoop] = useState(false);

  useEffect(() => {
    if (documentLoadedAt(pathname)) setLoop(true);
    else window.location.replace(`${pathname}${search}`);
  }, [pathname, search]);

  if (loop) {
    return <SignInError detail="This sign-in step is not available right now." onStartAgain={startAgain} />;
  }
  return <SignInProgress title="Continuing sign-in" text="Continuing your sign-in…" />;
}
