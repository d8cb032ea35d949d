import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../../lib/session/use-session';
import { useLoginFromAddress } from '../lib/use-login-from-address';

// The modals, their forms and the contracts' validator load on first use only (the header's buttons preload
// them on hover or focus), keeping them out of the initial bundle of every page.
export const loadAuthModals = () => import('./auth-modals');
const AuthModals = lazy(loadAuthModals);

/**
 * Mounts the sign-in modals the first time one is asked for (a sign-in link, or its `?login=` address), then
 * keeps them mounted (forms keep their values).
 */
export function AuthModalHost() {
  useLoginFromAddress();
  const { loginModal } = useSession();
  const [requested, setRequested] = useState(false);
  if (loginModal !== null && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AuthModals />
    </Suspense>
  );
}
