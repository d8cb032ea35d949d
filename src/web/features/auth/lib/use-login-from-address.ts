import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginModalOf, withoutLoginParam } from '../../../lib/session/login-link';
import { openLoginModal } from '../../../lib/session/session-store';
import { useSession } from '../../../lib/session/use-session';

/**
 * Opens the sign-in modal an address asks for (`?login=`: a sign-in link followed before the app ran, or
 * loaded directly) once the session is known, then drops the parameter from the address, so a reload or a
 * shared link does not open it again. A signed-in user only gets the parameter dropped.
 */
export function useLoginFromAddress(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { known, signedIn } = useSession();
  const kind = loginModalOf(search);

  useEffect(() => {
    if (!known || kind === null) return;
    if (!signedIn) openLoginModal(kind);
    void navigate(
      { pathname, search: withoutLoginParam(search), hash },
      { replace: true, preventScrollReset: true },
    );
  }, [known, signedIn, kind, pathname, search, hash, navigate]);
}
