import { isClientRoute, paths } from '../../../lib/paths';
import { toSameOriginPath } from '../../../lib/safe-redirect';
import type { Navigate } from '../../../lib/session/session-actions';

/**
 * Goes where a sign-in answer says, on this site only (anything else goes home): pages of the app through the
 * router, server routes (/zendeskInitAuth, /jiraAuth) with a page load. `replace` keeps a used callback
 * address (its one-time code) out of the back-button history.
 */
export function followRedirect(redirect: unknown, navigate: Navigate, mode: 'push' | 'replace'): void {
  const path = toSameOriginPath(redirect, window.location.origin) ?? paths.home.getHref();
  if (isClientRoute(path)) navigate(path, { replace: mode === 'replace' });
  else if (mode === 'replace') window.location.replace(path);
  else window.location.assign(path);
}
