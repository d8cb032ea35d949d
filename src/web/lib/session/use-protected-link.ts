import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { withoutLoginParam } from './login-link';
import { enterProtectedLink, leaveProtectedLink } from './session-store';

/**
 * Marks the page on screen as a protected link while `locked` (a signed-out visitor sees a 'sign in to read'
 * prompt instead of the content): a sign-in started meanwhile, from any sign-in button, stores the page's
 * address as the redirect link, and the home page opens it again after sign-in (spec section 4). The pages that
 * exist only when signed in store theirs on arrival instead (require-sign-in.tsx).
 */
export function useProtectedLink(locked: boolean): void {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (!locked) return;
    const link = `${pathname}${withoutLoginParam(search)}${hash}`;
    enterProtectedLink(link);
    return () => leaveProtectedLink(link);
  }, [locked, pathname, search, hash]);
}
