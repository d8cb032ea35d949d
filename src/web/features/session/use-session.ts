import type { MenuItem } from '../../../common/portal-config';

export interface Session {
  signedIn: boolean;
  userType: 'customer' | 'agent' | null;
  /** Whether the user may open the edge image downloads (spec section 6). */
  allowDownload: boolean;
  role: 'admin' | null;
}

const ANONYMOUS: Session = { signedIn: false, userType: null, allowDownload: false, role: null };

/**
 * The visitor's session. Sign-in is not built yet, so everyone is anonymous; the session store replaces this
 * body later and every caller (menu gates, login buttons) already reads its answer from here.
 */
export function useSession(): Session {
  return ANONYMOUS;
}

/** The `show` gate of a configured menu item (spec section 2: Ticket Creation for customers, Downloads if allowed). */
export function canSeeMenuItem(item: MenuItem, session: Session): boolean {
  switch (item.show) {
    case 'all':
      return true;
    case 'customers':
      return session.signedIn && session.userType === 'customer';
    case 'downloads':
      return session.signedIn && session.allowDownload;
  }
}
