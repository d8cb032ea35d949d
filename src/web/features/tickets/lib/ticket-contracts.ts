/** What the ticket calls share: the lazy check of their answers, the query key and the paths. */
export { checkedBy } from '../../../lib/tickets/ticket-checks';
export { TICKETS_KEY, ticketApiPath } from '../../../lib/tickets/ticket-keys';
