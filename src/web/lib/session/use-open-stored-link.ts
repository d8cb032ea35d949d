import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isClientRoute } from '../paths';
import { isSafeRedirectPath } from '../safe-redirect';
import { setRedirectLink } from './session-store';
import { useSession } from './use-session';

/**
 * The home page's half of the redirect link (spec section 4): once signed in, the stored link is cleared and
 * opened. Only a same-origin relative path is followed (the brief); anything else, such as a crafted
 * `//evil.example`, is dropped and the user stays here.
 */
export function useOpenStoredLink(): void {
  const { known, signedIn, redirectLink } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (!known || !signedIn || redirectLink === null) return;
    setRedirectLink(null);
    if (!isSafeRedirectPath(redirectLink)) return;
    if (isClientRoute(redirectLink)) void navigate(redirectLink, { replace: true });
    else window.location.assign(redirectLink);
  }, [known, signedIn, redirectLink, navigate]);
}
