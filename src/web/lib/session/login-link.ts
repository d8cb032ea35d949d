import type { LoginModal } from './session-store';

/**
 * The address form of the sign-in modals: `?login=customer|agent|signup` on any page opens that modal over it
 * once the app runs. The sign-in buttons are links to their page with it, so a click before hydration (or
 * without JavaScript) is not lost: the browser loads that address and the modal opens there.
 */
const LOGIN_PARAM = 'login';

export type LinkedLoginModal = Exclude<LoginModal, 'signupSuccess'>;

const LINKED: readonly LinkedLoginModal[] = ['customer', 'agent', 'signup'];

/** The modal an address asks for (`search` as `location.search`), if any. */
export function loginModalOf(search: string): LinkedLoginModal | null {
  const value = new URLSearchParams(search).get(LOGIN_PARAM);
  return LINKED.find((kind) => kind === value) ?? null;
}

/** `search` without the login parameter: `''`, or `?` and the other parameters in their order. */
export function withoutLoginParam(search: string): string {
  const params = new URLSearchParams(search);
  if (!params.has(LOGIN_PARAM)) return search;
  params.delete(LOGIN_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The address of the page at `location` with the `kind` modal open: its own parameters, then `login`. */
export function loginHref(location: { pathname: string; search: string }, kind: LinkedLoginModal): string {
  const params = new URLSearchParams(withoutLoginParam(location.search));
  params.set(LOGIN_PARAM, kind);
  return `${location.pathname}?${params.toString()}`;
}
