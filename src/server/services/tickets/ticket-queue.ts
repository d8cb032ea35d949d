import type { DueState, TicketPriority, TicketStatus } from '../../../common/tickets.js';
import type {
  TicketDeskConnector,
  HelpdeskTicketRecord,
  TicketListPage,
  TicketListQuery,
  TicketScope,
} from '../../connectors/ticket-desk/types.js';
import { byDue, byNewestChange, clockRuns, CLOCK_RUNNING_STATUSES, dueState } from './sla-clock.js';

/**
 * A page of a ticket list with the portal's due filters and due order, over a help desk that knows nothing of
 * the first-response clock.
 *
 * Why the portal reads the waiting tickets rather than a due-time column the help desk sorts by: only the help
 * desk knows when a ticket was answered or solved (agents work in a vendor's help desk directly), so a due-time
 * column the portal kept would go stale, and a help desk that sorted by one would be re-implementing the SLA.
 * The tickets whose clock can run (open and not answered in public) are the agents' working set: the portal
 * reads them whole, bounded by {@link WAITING_MAX}, and computes their due states and order itself. Everything
 * else is answered or stopped, is listed newest change first by the help desk, and is paged there, with the
 * running ones left out by id; so a page never reads more than the waiting tickets plus one page.
 */

/**
 * At most this many tickets awaiting a first response are read for one page (oldest first, the likeliest to
 * be overdue). Past it, the newer waiting tickets lose their place in the due order and their due filters but
 * still appear in the list, after the running ones: the count and the pages stay whole.
 */
export const WAITING_MAX = 1000;

export interface QueueQuery {
  scope: TicketScope;
  /** Only these statuses (undefined: every status). */
  statuses?: readonly TicketStatus[] | undefined;
  priority?: TicketPriority | undefined;
  organisation?: string | undefined;
  /** See {@link TicketListQuery.text}. */
  text?: string | undefined;
  assigneeEmail?: string | null | undefined;
  due?: DueState | undefined;
  sort: 'due' | 'updated';
  limit: number;
  offset: number;
}

export interface QueueOptions {
  ticketDesk: TicketDeskConnector;
  /** The instant the due states are counted at. */
  now: number;
  dueSoonMinutes: number;
  /** A list counts at most this many tickets (TICKET_LIST_COUNT_MAX); past it the count says "more than". */
  countMax: number;
}

/** The tickets the query's plain filters select whose clock runs: fetched whole, bounded. */
async function runningClocks(
  ticketDesk: TicketDeskConnector,
  filters: Pick<TicketListQuery, 'scope' | 'priority' | 'organisation' | 'text' | 'assigneeEmail'>,
  only: readonly TicketStatus[] | undefined,
): Promise<HelpdeskTicketRecord[]> {
  const statuses = CLOCK_RUNNING_STATUSES.filter((running) => only === undefined || only.includes(running));
  if (statuses.length === 0) return [];
  const { tickets } = await ticketDesk.listTickets({
    ...filters,
    statuses,
    answered: false,
    order: 'created',
    limit: WAITING_MAX,
    offset: 0,
    // Only the tickets are read: nothing is counted.
    count: false,
  });
  // An open ticket without a due time (opened in the help desk itself) awaits no response on the portal's clock.
  return tickets.filter(clockRuns);
}

export async function listQueue(
  { ticketDesk, now, dueSoonMinutes, countMax }: QueueOptions,
  query: QueueQuery,
): Promise<TicketListPage> {
  const filters = {
    scope: query.scope,
    priority: query.priority,
    organisation: query.organisation,
    text: query.text,
    assigneeEmail: query.assigneeEmail,
  };
  const plain = { ...filters, ...(query.statuses ? { statuses: query.statuses } : {}) };
  const page = { limit: query.limit, offset: query.offset, countMax };

  // Neither the filter nor the order needs the clock: the help desk answers alone.
  if (query.due === 'responded') {
    return ticketDesk.listTickets({ ...plain, answered: true, order: 'updated', ...page });
  }
  if (query.due === undefined && query.sort === 'updated') {
    return ticketDesk.listTickets({ ...plain, order: 'updated', ...page });
  }

  const running = await runningClocks(ticketDesk, filters, query.statuses);
  const runningIds = running.map((ticket) => ticket.id);
  if (query.due === 'stopped') {
    // Unanswered, and not running: solved or closed first, or without a due time.
    return ticketDesk.listTickets({
      ...plain,
      answered: false,
      excludeIds: runningIds,
      order: 'updated',
      ...page,
    });
  }
  if (query.due !== undefined) {
    const matching = running
      .filter((ticket) => dueState(ticket, now, dueSoonMinutes) === query.due)
      .sort(query.sort === 'due' ? byDue : byNewestChange);
    return {
      tickets: matching.slice(page.offset, page.offset + page.limit),
      count: matching.length,
      countIsExact: true,
    };
  }

  // The agents' queue: running clocks first, soonest due on top; then the rest, newest change first.
  const head = running.sort(byDue).slice(page.offset, page.offset + page.limit);
  const rest = await ticketDesk.listTickets({
    ...plain,
    excludeIds: runningIds,
    order: 'updated',
    offset: Math.max(0, page.offset - running.length),
    limit: page.limit - head.length,
    countMax: Math.max(0, countMax - running.length),
  });
  return {
    tickets: [...head, ...rest.tickets],
    count: running.length + rest.count,
    countIsExact: rest.countIsExact,
  };
}
