import type { Role, UserType } from './users.js';

/**
 * Who may do what (spec sections 2 and 6, and the brief's "where we differ" table), declared once for both
 * sides. Each action has a rule, a small predicate over the signed-in actor (null = anonymous visitor), and the
 * two sentences a refused call answers: `signedOut` (401) and `forbidden` (403). The server's guard
 * (`plugins/guards.ts` `authorize(action)`) and services enforce the rules; the web asks the same rules through
 * `useCan(action)` (`web/lib/session/use-can.ts`) to hide what a user cannot use, and never compares roles itself.
 *
 * Plain functions and strings, no zod: the web's first bundle imports this.
 */

export interface Actor {
  role: Role;
  userType: UserType;
  allowDownload: boolean;
}

type Rule = (actor: Actor | null) => boolean;

export interface Policy {
  rule: Rule;
  /** The 401 answer's sentence: the caller is not signed in. */
  signedOut: string;
  /** The 403 answer's sentence: the caller is signed in without the right. */
  forbidden: string;
}

const everyone: Rule = () => true;
const signedIn: Rule = (actor) => actor !== null;
const customer: Rule = (actor) => actor?.role === 'customer';
const staff: Rule = (actor) => actor?.role === 'agent' || actor?.role === 'admin';
const admin: Rule = (actor) => actor?.role === 'admin';

export const policies = {
  /** Knowledge base, documentation and community search, policy pages. */
  searchPublicContent: {
    rule: everyone,
    signedOut: 'Anyone may search the help content.',
    forbidden: 'Anyone may search the help content.',
  },
  /** Protected KB articles, the ticket portal link. */
  readProtectedArticles: {
    rule: signedIn,
    signedOut: 'Sign in to read this article.',
    forbidden: 'You may not read this article.',
  },
  /** My Requests search (customers). */
  searchRequests: {
    rule: customer,
    signedOut: 'Sign in to search your requests.',
    forbidden: 'Only customers search their requests.',
  },
  /** Tickets and Jira issue search (agents and admins: an admin is an agent with notice rights). */
  searchTickets: {
    rule: staff,
    signedOut: 'Sign in as an agent to search tickets and issues.',
    forbidden: 'Only agents and admins search tickets and issues.',
  },
  /** Open tickets in the agent console; the staff view of the Ticket Portal. */
  openAgentConsole: {
    rule: staff,
    signedOut: 'Sign in as an agent to work tickets.',
    forbidden: 'Only agents and admins work tickets in the agent console.',
  },
  /** Ticket Creation (customers only, spec section 2 menu). */
  createTicket: {
    rule: customer,
    signedOut: 'Sign in to open a ticket.',
    forbidden: 'Tickets are opened by customers; agents open them in the agent console for a customer.',
  },
  /** Edge images and API collections: signed in and allowed. */
  download: {
    rule: (actor) => actor !== null && actor.allowDownload,
    signedOut: 'Please login to view and Download files.',
    forbidden: 'Your account is not enabled for downloads. Ask your account manager or the support team.',
  },
  /** The AI chatbot page: anyone signed in. */
  useChat: {
    rule: signedIn,
    signedOut: 'Sign in to use the assistant.',
    forbidden: 'You may not use the assistant.',
  },
  /** Active notices and one notice's details: anyone signed in (the admin's management page lists them too). */
  readNotices: {
    rule: signedIn,
    signedOut: 'Sign in to read support notices.',
    forbidden: 'You may not read support notices.',
  },
  /**
   * Create, update, delete notices (admin only: the brief's server-side role check). Whoever manages notices
   * has no unread count on the bell.
   */
  manageNotices: {
    rule: admin,
    signedOut: 'Sign in as an admin to manage support notices.',
    forbidden: 'Only admins may manage support notices.',
  },
  /** The list of users who read a notice, and a notice's audit trail (admin only). */
  readSeenBy: {
    rule: admin,
    signedOut: 'Sign in as an admin to see who read a notice.',
    forbidden: 'Only admins may see who read a notice.',
  },
  /** Top and zero-result search queries (admin only). */
  readSearchAnalytics: {
    rule: admin,
    signedOut: 'Sign in as an admin.',
    forbidden: 'Only admins may read search analytics.',
  },
  /** The vendor feeds' sync status, and "Sync now" (admin only). */
  manageContentSync: {
    rule: admin,
    signedOut: 'Sign in as an admin to see the content sync.',
    forbidden: 'Only admins may see or start the content sync.',
  },
  /** Create, edit and delete the agents' canned replies (admin only). */
  manageCannedReplies: {
    rule: admin,
    signedOut: 'Sign in as an admin to manage canned replies.',
    forbidden: 'Only admins may manage canned replies.',
  },
  /** The canned replies the composer inserts (agents and admins). */
  useCannedReplies: {
    rule: staff,
    signedOut: 'Sign in as an agent to use canned replies.',
    forbidden: 'Only agents and admins use canned replies.',
  },
  /** The export-control trail of downloads and its CSV export (admin only). */
  readDownloadRecords: {
    rule: admin,
    signedOut: 'Sign in as an admin to see the download records.',
    forbidden: 'Only admins may see the download records.',
  },
  /** The Ticket Portal: a customer's own (or organisation's) tickets, every ticket for staff. */
  readTickets: {
    rule: signedIn,
    signedOut: 'Sign in to see your tickets.',
    forbidden: 'You may not see tickets.',
  },
} satisfies Record<string, Policy>;

export type Action = keyof typeof policies;

export const ACTIONS = Object.keys(policies) as Action[];

export function can(actor: Actor | null, action: Action): boolean {
  return policies[action].rule(actor);
}
