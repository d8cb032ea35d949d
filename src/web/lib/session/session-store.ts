import type { SessionUser } from '../../../common/contracts/auth';
import {
  parseProfile,
  profileFor,
  sameProfile,
  SIGNED_OUT_PROFILE,
  type SessionProfile,
} from './session-profile';

/**
 * The session store: one per tab, read by React through `useSyncExternalStore` (see use-session.ts).
 *
 * - The profile is persisted in localStorage and follows the other tabs through the `storage` event, so
 *   signing in or out in one tab does the same in every other tab.
 * - The chat widget's JWT is kept in this module's memory only: never in browser storage (the brief).
 * - On the server and during hydration React reads the state the server rendered ({@link serverSessionState}):
 *   the signed-in user when the request carried a session (the server renders their page), else signed out
 *   and `known: false` (the render every visitor without a session shares). Before hydrating, the browser
 *   takes the server's user over ({@link adoptServerUser}); storage is read on the first client snapshot, so
 *   the markup always matches.
 */

export type LoginModal = 'customer' | 'agent' | 'signup' | 'signupSuccess';

export interface SessionState extends SessionProfile {
  /** False while server-rendering and hydrating: storage has not been read, so gates show neutral content. */
  known: boolean;
  signedIn: boolean;
  /** The sign-in modal open in this tab. Not persisted: a modal opened in one tab must not open in the others. */
  loginModal: LoginModal | null;
}

export const SESSION_STORAGE_KEY = 'portal.session';

const SERVER_STATE: SessionState = Object.freeze({
  ...SIGNED_OUT_PROFILE,
  known: false,
  signedIn: false,
  loginModal: null,
});

let state: SessionState | null = null;
let intercomJwt: string | null = null;
/**
 * The protected page on screen while a signed-out visitor views it (a protected article: see
 * use-protected-link.ts). A sign-in started there, from whichever button, stores it as the redirect link.
 */
let protectedLink: string | null = null;
/**
 * `performance.now()` of the last sign-in in this tab or another: each sign-in gets a new session id, so a 401
 * to a request sent before it speaks of the old session, not of the current one.
 */
let lastSignInAt = Number.NEGATIVE_INFINITY;
const listeners = new Set<() => void>();

function readStoredProfile(): SessionProfile {
  try {
    const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
    return raw ? parseProfile(JSON.parse(raw)) : SIGNED_OUT_PROFILE;
  } catch {
    // Storage disabled, or not JSON: start signed out rather than fail.
    return SIGNED_OUT_PROFILE;
  }
}

function writeStoredProfile(profile: SessionProfile): void {
  try {
    if (sameProfile(profile, SIGNED_OUT_PROFILE)) window.localStorage.removeItem(SESSION_STORAGE_KEY);
    else window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(profile));
  } catch {
    // Private mode with storage off: the session still works in this tab, it just is not remembered.
  }
}

function stateOf(profile: SessionProfile, loginModal: LoginModal | null): SessionState {
  return { ...profile, known: true, signedIn: profile.signState === 'signedIn', loginModal };
}

function profileOf(current: SessionState): SessionProfile {
  const profile = { ...SIGNED_OUT_PROFILE };
  for (const key of Object.keys(SIGNED_OUT_PROFILE) as Array<keyof SessionProfile>) {
    Object.assign(profile, { [key]: current[key] });
  }
  return profile;
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The current state (client only); the same object until something changes, as useSyncExternalStore needs. */
export function getSessionState(): SessionState {
  state ??= stateOf(readStoredProfile(), null);
  return state;
}

/**
 * What a server render for `user` shows: that user signed in, or for the shared render without a session,
 * signed out and not known yet (the browser's storage may still say otherwise).
 */
export function serverSessionState(user: SessionUser | null): SessionState {
  return user ? Object.freeze(stateOf(profileFor(user, SIGNED_OUT_PROFILE), null)) : SERVER_STATE;
}

function setProfile(profile: SessionProfile): void {
  const previous = getSessionState();
  if (sameProfile(profileOf(previous), profile)) return;
  if (profile.signState !== 'signedIn') intercomJwt = null;
  state = stateOf(profile, previous.loginModal);
  writeStoredProfile(profile);
  emit();
}

function setLoginModal(loginModal: LoginModal | null): void {
  const previous = getSessionState();
  if (previous.loginModal === loginModal) return;
  state = { ...previous, loginModal };
  emit();
}

/** Another tab changed the profile: take it over without writing it back. */
function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== SESSION_STORAGE_KEY) return;
  const next = readStoredProfile();
  const previous = getSessionState();
  if (sameProfile(profileOf(previous), next)) return;
  if (next.signState !== 'signedIn') intercomJwt = null;
  if (next.signState === 'signedIn' && (!previous.signedIn || previous.userId !== next.userId)) {
    lastSignInAt = performance.now();
  }
  state = stateOf(next, previous.loginModal);
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** Records a completed sign-in of `user` (a new server session); the chat widget's JWT stays in memory. */
export function signIn(user: SessionUser, options: { intercomJwt?: string } = {}): void {
  const previous = getSessionState();
  const switchingUser = previous.signedIn && previous.userId !== user.id;
  // Another user's filters and stored link must not carry over.
  const base = switchingUser ? SIGNED_OUT_PROFILE : profileOf(previous);
  lastSignInAt = performance.now();
  if (options.intercomJwt !== undefined) intercomJwt = options.intercomJwt;
  setProfile(profileFor(user, base));
}

/** Updates the profile of the signed-in user from the server (`/me`); not a new sign-in. */
export function refreshSignedInUser(user: SessionUser, newIntercomJwt?: string): void {
  const previous = getSessionState();
  if (!previous.signedIn || previous.userId !== user.id) return;
  if (newIntercomJwt !== undefined) intercomJwt = newIntercomJwt;
  setProfile(profileFor(user, profileOf(previous)));
}

/**
 * The server rendered this page for `user` (the request's session cookie is theirs): this tab takes the user
 * over before hydrating, even when its storage was cleared or named someone else, so the first client render
 * shows what the server did.
 */
export function adoptServerUser(user: SessionUser): void {
  const previous = getSessionState();
  if (previous.signedIn && previous.userId === user.id) refreshSignedInUser(user);
  else signIn(user);
}

export function getLastSignInAt(): number {
  return lastSignInAt;
}

/** Clears the whole profile, filters and stored link included (spec section 4), here and in every tab. */
export function signOut(): void {
  intercomJwt = null;
  setProfile(SIGNED_OUT_PROFILE);
}

export function setRedirectLink(redirectLink: string | null): void {
  setProfile({ ...profileOf(getSessionState()), redirectLink });
}

/**
 * Spec section 4: a sign-in started on a protected page stores its link, which the home page opens after
 * sign-in. Runs when a modal opens and when such a page appears under an open modal (a login link loaded
 * directly opens the modal before the page knows its content is protected).
 */
function storeProtectedLinkIfSigningIn(): void {
  const current = getSessionState();
  if (protectedLink === null || current.signedIn || current.loginModal === null) return;
  if (current.redirectLink !== protectedLink) setRedirectLink(protectedLink);
}

export function openLoginModal(kind: LoginModal): void {
  setLoginModal(kind);
  storeProtectedLinkIfSigningIn();
}

/** `link` is a protected page now on screen for a signed-out visitor. */
export function enterProtectedLink(link: string): void {
  protectedLink = link;
  storeProtectedLinkIfSigningIn();
}

/** The protected page `link` left the screen (or was unlocked). */
export function leaveProtectedLink(link: string): void {
  if (protectedLink === link) protectedLink = null;
}

export function closeLoginModal(): void {
  setLoginModal(null);
}

/** The chat widget's JWT of this tab's sign-in, or null (another tab signed in, or after a reload). */
export function getIntercomJwt(): string | null {
  return intercomJwt;
}
