import { useSyncExternalStore } from 'react';
import type { MenuItem } from '../../../common/portal-config';
import { getServerSessionState, getSessionState, subscribeSession, type SessionState } from './session-store';

export type Session = SessionState;

/**
 * The visitor's session. Signed out (and `known: false`) on the server and while hydrating, then what this
 * browser's profile says; re-renders when it changes here or in another tab.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSessionState, getServerSessionState);
}

/** The `show` gate of a configured menu item (spec section 2: Ticket Creation for customers, Downloads if allowed). */
export function canSeeMenuItem(
  item: MenuItem,
  session: Pick<Session, 'signedIn' | 'userType' | 'allowDownload'>,
): boolean {
  switch (item.show) {
    case 'all':
      return true;
    case 'customers':
      return session.signedIn && session.userType === 'customer';
    case 'downloads':
      return session.signedIn && session.allowDownload;
  }
}
