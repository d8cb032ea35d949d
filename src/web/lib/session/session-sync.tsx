import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onSessionEnded } from '../api-client';
import { paths } from '../paths';
import { confirmSession, forcedLogout } from './session-actions';

/**
 * Pages of the sign-in flow. They establish or end the session themselves (a new session id replaces the old
 * one), so confirming the old one there would only race with them.
 */
const SIGN_IN_FLOW_PATHS = new Set<string>([
  paths.helpdeskAuthorize.getHref(),
  paths.zendeskAuth.getHref(),
  paths.trackerCode.getHref(),
  paths.loginCallback.getHref(),
  paths.logoutAgent.getHref(),
]);

/**
 * Connects the session store to the app once per page load: a 401 `{event: 'logout'}` from any call runs the
 * forced logout with the router's navigation, and a stored signed-in profile is confirmed with the server.
 */
export function SessionSync() {
  const navigate = useNavigate();

  useEffect(
    () =>
      onSessionEnded((requestStartedAt) => {
        void forcedLogout((to, options) => void navigate(to, options), requestStartedAt);
      }),
    [navigate],
  );

  // Runs after hydration (effects never run on the server), when storage may be read.
  useEffect(() => {
    if (!SIGN_IN_FLOW_PATHS.has(window.location.pathname)) void confirmSession();
  }, []);

  return null;
}
