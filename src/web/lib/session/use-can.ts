import { can, type Action, type Actor } from '../../../common/policies';
import type { MenuItem } from '../../../common/portal-config';
import { useSession, type Session } from './use-session';

/** What the policies read of a session: the signed-in actor, or null for a visitor (and while unknown). */
export type SessionActor = Pick<Session, 'signedIn' | 'role' | 'userType' | 'allowDownload'>;

function actorOf(session: SessionActor): Actor | null {
  if (!session.signedIn || !session.role || !session.userType) return null;
  return { role: session.role, userType: session.userType, allowDownload: session.allowDownload };
}

/**
 * Whether `session` may take `action`, by the rule the server enforces (common/policies.ts). The web hides and
 * shows by this, never by comparing roles; the server refuses the calls all the same.
 */
export function sessionCan(session: SessionActor, action: Action): boolean {
  return can(actorOf(session), action);
}

/** Whether the visitor may take `action` now (see {@link sessionCan}); re-renders when the session changes. */
export function useCan(action: Action): boolean {
  return sessionCan(useSession(), action);
}

/**
 * The action behind each `show` gate of a configured menu item (spec section 2: Ticket Creation for those who
 * open tickets, the customers; Downloads for those allowed to download).
 */
const MENU_GATES: Record<MenuItem['show'], Action> = {
  all: 'searchPublicContent',
  customers: 'createTicket',
  downloads: 'download',
};

export function canSeeMenuItem(item: MenuItem, session: SessionActor): boolean {
  return sessionCan(session, MENU_GATES[item.show]);
}
