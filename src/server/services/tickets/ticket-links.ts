import { and, asc, eq } from 'drizzle-orm';
import {
  ISSUE_KEYS_IN_TEXT,
  type TicketContext,
  type TicketIssue,
} from '../../../common/contracts/ticket-links.js';
import { ticketUrl } from '../../../common/tickets.js';
import type { LinkedIssue, TrackerConnector } from '../../connectors/tracker/types.js';
import { ticketIssueLinks } from '../../db/schema/index.js';
import { isServiceError, ServiceError } from '../../lib/errors.js';
import type { PortalUser } from '../auth/users.js';
import { visibleTicket, type TicketOptions } from './tickets.js';

export type TicketLinkOptions = TicketOptions & { tracker: TrackerConnector };

/** A ticket links at most this many issues. */
export const ISSUE_LINKS_MAX = 20;
/** The requester's other open tickets shown beside a ticket. */
const OTHER_TICKETS_SHOWN = 5;
const OPEN_STATUSES = ['new', 'open', 'pending', 'hold'] as const;

const staffOnly = (user: PortalUser) => {
  if (user.role === 'customer') throw new ServiceError('FORBIDDEN', 'Only agents link tracker issues.');
};

/** The distinct issue keys written in these texts, in the order they first appear. */
export function issueKeysIn(texts: readonly string[]): string[] {
  return [...new Set(texts.flatMap((text) => text.match(ISSUE_KEYS_IN_TEXT) ?? []))];
}

async function linkedKeys(options: TicketLinkOptions, ticketId: number): Promise<string[]> {
  const rows = await options.db
    .select({ key: ticketIssueLinks.issueKey })
    .from(ticketIssueLinks)
    .where(eq(ticketIssueLinks.ticketId, ticketId))
    .orderBy(asc(ticketIssueLinks.createdAt), asc(ticketIssueLinks.issueKey));
  return rows.map((row) => row.key);
}

/** The tracker's issues of these keys as the agent reads them, or why it could not be read. */
async function lookUp(
  options: TicketLinkOptions,
  keys: readonly string[],
  agentId: string,
): Promise<{ found: Map<string, LinkedIssue>; problem: string | null }> {
  try {
    const issues = await options.tracker.issuesByKey(keys, agentId);
    return { found: new Map(issues.map((issue) => [issue.key, issue])), problem: null };
  } catch (error) {
    // The ticket still shows without the tracker: its links stay, their status reads unknown.
    if (isServiceError(error) && (error.code === 'UNAUTHENTICATED' || error.code === 'UNAVAILABLE')) {
      return { found: new Map(), problem: error.message };
    }
    throw error;
  }
}

const shown = (options: TicketLinkOptions, key: string, issue: LinkedIssue | undefined): TicketIssue => ({
  key,
  summary: issue?.summary ?? null,
  status: issue?.status ?? null,
  url: options.tracker.issueUrl(key),
});

/**
 * What the agents' side column shows beside a ticket: the issues linked to it with their current status, the
 * issues its comments and notes name (only keys the tracker knows, so `UTF-8` is no link), and the
 * requester's other open tickets.
 */
export async function ticketContext(
  options: TicketLinkOptions,
  user: PortalUser,
  ticketId: number,
): Promise<TicketContext> {
  staffOnly(user);
  const ticket = await visibleTicket(options, user, ticketId);
  const [linked, comments, others] = await Promise.all([
    linkedKeys(options, ticketId),
    options.ticketDesk.listComments(ticketId, { includeInternal: true }),
    options.ticketDesk.listTickets({
      scope: { kind: 'requester', email: ticket.requester.email },
      statuses: OPEN_STATUSES,
      excludeIds: [ticketId],
      order: 'updated',
      limit: OTHER_TICKETS_SHOWN,
      offset: 0,
      count: false,
    }),
  ]);
  const mentioned = issueKeysIn([ticket.description, ...comments.map((comment) => comment.body)]);
  const { found, problem } = await lookUp(options, [...new Set([...linked, ...mentioned])], user.id);
  return {
    linked: linked.map((key) => shown(options, key, found.get(key))),
    mentioned: mentioned.flatMap((key) => {
      const issue = found.get(key);
      return issue ? [shown(options, key, issue)] : [];
    }),
    trackerProblem: problem,
    otherOpenTickets: others.tickets.map((other) => ({
      id: other.id,
      subject: other.subject,
      status: other.status,
      url: ticketUrl(other.id),
    })),
  };
}

/**
 * Links a tracker issue to a ticket (agents). The tracker must know the key when it can be asked, so a typo
 * is refused; linking one twice is no change.
 */
export async function linkIssue(
  options: TicketLinkOptions,
  user: PortalUser,
  ticketId: number,
  key: string,
): Promise<TicketIssue> {
  staffOnly(user);
  await visibleTicket(options, user, ticketId);
  const linked = await linkedKeys(options, ticketId);
  if (!linked.includes(key) && linked.length >= ISSUE_LINKS_MAX) {
    throw new ServiceError('CONFLICT', `A ticket links at most ${ISSUE_LINKS_MAX} issues.`);
  }
  const { found, problem } = await lookUp(options, [key], user.id);
  if (!problem && !found.has(key)) {
    throw new ServiceError('INVALID_INPUT', `body.key: the tracker has no issue ${key}`);
  }
  await options.db
    .insert(ticketIssueLinks)
    .values({ ticketId, issueKey: key, linkedBy: user.email })
    .onConflictDoNothing();
  return shown(options, key, found.get(key));
}

/** Removes a link (agents); NOT_FOUND when the ticket has none to that issue. */
export async function unlinkIssue(
  options: TicketLinkOptions,
  user: PortalUser,
  ticketId: number,
  key: string,
): Promise<void> {
  staffOnly(user);
  await visibleTicket(options, user, ticketId);
  const removed = await options.db
    .delete(ticketIssueLinks)
    .where(and(eq(ticketIssueLinks.ticketId, ticketId), eq(ticketIssueLinks.issueKey, key)))
    .returning({ key: ticketIssueLinks.issueKey });
  if (removed.length === 0) throw new ServiceError('NOT_FOUND', `The ticket has no link to ${key}.`);
}
