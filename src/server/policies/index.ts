import type { Role, UserType } from '../../common/users.js';

/**
 * Who may do what (spec sections 2 and 6, and the brief's "where we differ" table), in one place. Each rule is
 * a small predicate over the signed-in actor (null = anonymous visitor). Routes enforce them on the server;
 * the web app reads the same answers to hide what a user cannot use.
 */

export interface Actor {
  role: Role;
  userType: UserType;
  allowDownload: boolean;
}

export type Action =
  /** Knowledge base, documentation and community search, policy pages. */
  | 'searchPublicContent'
  /** Protected KB articles, the ticket portal link. */
  | 'readProtectedArticles'
  /** My Requests search (customers). */
  | 'searchRequests'
  /** Tickets and Jira issue search (agents and admins: an admin is an agent with notice rights). */
  | 'searchTickets'
  /** Open tickets in the agent console. */
  | 'openAgentConsole'
  /** Ticket Creation (customers only, spec section 2 menu). */
  | 'createTicket'
  /** Edge images and API collections: signed in and allowed. */
  | 'download'
  /** The AI chatbot page: anyone signed in. */
  | 'useChat'
  /**
   * Active notices and one notice's details: anyone signed in (issue 12: customers and agents read them; the
   * admin's management page lists them too). The bell counts unread ones for everyone but admins.
   */
  | 'readNotices'
  /** Create, update, delete notices (admin only: the brief's server-side role check). */
  | 'manageNotices'
  /** The list of users who read a notice, and a notice's audit trail (admin only). */
  | 'readSeenBy'
  /** Top and zero-result search queries (admin only). */
  | 'readSearchAnalytics'
  /** The export-control trail of downloads and its CSV export (admin only). */
  | 'readDownloadRecords'
  /** The Ticket Portal: a customer's own (or organisation's) tickets, every ticket for staff (issue 14). */
  | 'readTickets';

type Rule = (actor: Actor | null) => boolean;

const signedIn: Rule = (actor) => actor !== null;
const customer: Rule = (actor) => actor?.role === 'customer';
const staff: Rule = (actor) => actor?.role === 'agent' || actor?.role === 'admin';
const admin: Rule = (actor) => actor?.role === 'admin';

export const policies: Record<Action, Rule> = {
  searchPublicContent: () => true,
  readProtectedArticles: signedIn,
  searchRequests: customer,
  searchTickets: staff,
  openAgentConsole: staff,
  createTicket: customer,
  download: (actor) => actor !== null && actor.allowDownload,
  useChat: signedIn,
  readNotices: signedIn,
  manageNotices: admin,
  readSeenBy: admin,
  readSearchAnalytics: admin,
  readDownloadRecords: admin,
  readTickets: signedIn,
};

export function can(actor: Actor | null, action: Action): boolean {
  return policies[action](actor);
}

/** Every action an actor may take: what a client shows. */
export function allowedActions(actor: Actor | null): Action[] {
  return (Object.keys(policies) as Action[]).filter((action) => can(actor, action));
}
