import { createContext, useContext, useSyncExternalStore } from 'react';
import { getSessionState, serverSessionState, subscribeSession, type SessionState } from './session-store';

export type Session = SessionState;

/**
 * The session state the server rendered the page with (session-store.ts: `serverSessionState`), provided by
 * AppProviders on both sides so that hydration reads the same.
 */
export const ServerSessionContext = createContext<SessionState>(serverSessionState(null));

/**
 * The visitor's session. On the server and while hydrating, the state the page was rendered with (the
 * signed-in user, or signed out and `known: false`), then what this browser's profile says; re-renders when
 * it changes here or in another tab.
 */
export function useSession(): Session {
  const rendered = useContext(ServerSessionContext);
  return useSyncExternalStore(subscribeSession, getSessionState, () => rendered);
}
