import type { TicketStatus } from '../../../../common/tickets';

/**
 * A ticket's status in the customer's words: what it means for them, not the help desk's workflow (new, open
 * and on hold are all work on the support side). Everywhere a customer sees a status uses these.
 */
export const CUSTOMER_STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'In progress',
  open: 'In progress',
  pending: 'Awaiting your reply',
  hold: 'In progress',
  solved: 'Solved',
  closed: 'Closed',
};

/** The status as this reader is shown it: the help desk's name for staff, the customer's words otherwise. */
export function statusLabel(status: TicketStatus, staff: boolean): string {
  return staff ? status : CUSTOMER_STATUS_LABELS[status];
}

/** The status filter a customer chooses from: their words, each standing for the statuses it covers. */
export const CUSTOMER_STATUS_FILTERS = [
  { value: 'in-progress', label: 'In progress' },
  { value: 'pending', label: 'Awaiting your reply' },
  { value: 'solved', label: 'Solved' },
  { value: 'closed', label: 'Closed' },
] as const;
