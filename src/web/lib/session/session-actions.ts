import { paths } from '../paths';
import { endCustomerSession } from './api/end-customer-session';
import { getMe } from './api/get-me';
import {
  getIntercomJwt,
  getLastSignInAt,
  getSessionState,
  refreshSignedInUser,
  signOut,
} from './session-store';

/** React Router's `navigate`, or anything with its shape. */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * The user's own logout (spec section 4). Customers end the server session here; agents go to /logoutAgent,
 * whose page ends it. The profile is cleared first, so a 401 on the way cannot start a second logout, and the
 * other tabs sign out at once.
 */
export async function logout(navigate: Navigate): Promise<void> {
  const { userType } = getSessionState();
  if (userType === 'agent') {
    navigate(paths.logoutAgent.getHref());
    return;
  }
  signOut();
  await endCustomerSession();
  navigate(paths.home.getHref());
}

/**
 * The forced logout of spec section 4, when a call answers 401 `{event: 'logout'}`: customers call the logout
 * and land on the home page, agents go to /logoutAgent. Several failing calls at once log out once, and a
 * call sent before the latest sign-in (its old session was replaced) does not count.
 */
export async function forcedLogout(navigate: Navigate, requestStartedAt: number): Promise<void> {
  const { signedIn, userType } = getSessionState();
  if (!signedIn || requestStartedAt < getLastSignInAt()) return;
  signOut();
  if (userType === 'agent') {
    navigate(paths.logoutAgent.getHref(), { replace: true });
    return;
  }
  await endCustomerSession();
  navigate(paths.home.getHref(), { replace: true });
}

/**
 * On start, a profile that says "signed in" is confirmed with `GET /api/zendesk/me`: the answer refreshes the
 * profile and gives this tab the chat widget's JWT; a 401 `{event: 'logout'}` runs the forced logout (through
 * the API client). Other failures (offline, a 5xx) leave the profile as it is.
 */
export async function confirmSession(): Promise<void> {
  if (!getSessionState().signedIn) return;
  await refreshFromMe();
}

/** Asks `/me` and refreshes the profile and the chat token; null when the call failed. */
async function refreshFromMe(): Promise<string | null> {
  const me = await getMe().catch(() => null);
  // Only refreshes: signed out meanwhile (another tab) stays signed out, another user is not taken over.
  if (me) refreshSignedInUser(me.user, me.intercomJwt);
  return me?.intercomJwt ?? null;
}

/**
 * The chat's signed user token (`intercom_user_jwt`) for binding the chat to the user on /chatbot: the one this
 * tab already holds (its sign-in, or the start's `/me`), else a fresh one from `/me` (the tab's start call
 * failed, or another tab signed in). null when none can be had; the built-in assistant works without it, since
 * its calls carry the session cookie.
 */
export async function chatUserToken(): Promise<string | null> {
  return getIntercomJwt() ?? (await refreshFromMe());
}

/** A chat user token fresh from `/me`, for one about to expire; null when the call failed. */
export function renewChatUserToken(): Promise<string | null> {
  return refreshFromMe();
}
