import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { openLoginModal, setRedirectLink } from './session-store';
import { useSession } from './use-session';

const PENDING_STYLE = { minHeight: '100vh' } as const;

interface RequireSignInProps {
  children: ReactNode;
}

/**
 * The gate of the protected pages (/chatbot and the pages that exist only with a user id, spec sections 2
 * and 6). A signed-in visitor's server render is theirs (the session came with the request), so it holds the
 * page; the render shared by everyone without a session shows a neutral status line; after hydration:
 *  - signed in: the page;
 *  - arrived signed out: the link is stored, the customer login opens and the visitor goes home
 *    (spec section 4, redirect link); the home page opens the link again after sign-in;
 *  - signed out while here (logout in another tab, a forced logout): home, nothing stored.
 */
export function RequireSignIn({ children }: RequireSignInProps) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const sawSignedIn = useRef(false);

  useEffect(() => {
    if (!session.known) return;
    if (session.signedIn && session.userId) {
      sawSignedIn.current = true;
      return;
    }
    if (!sawSignedIn.current) {
      setRedirectLink(`${pathname}${search}${hash}`);
      openLoginModal('customer');
    }
    void navigate(paths.home.getHref(), { replace: true });
  }, [session.known, session.signedIn, session.userId, pathname, search, hash, navigate]);

  if (session.known && session.signedIn && session.userId) return children;
  // A screen tall: a visitor without a session is taken home, and a short line would pull the footer into
  // view only for the home page to push it out again (a layout shift of half the screen).
  return (
    <p role="status" style={PENDING_STYLE}>
      {session.known ? 'Taking you to sign-in…' : 'Checking your sign-in…'}
    </p>
  );
}
