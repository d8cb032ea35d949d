import { apiPaths } from '../../../../common/api-paths';
import { useLiveEvents } from '../../../lib/use-live-events';
import { TICKETS_KEY } from './ticket-contracts';

const TICKET_EVENTS = ['ticket'] as const;

/** Keeps the ticket lists and pages live: any change of a ticket this user may see refreshes them. */
export function useTicketEvents(): void {
  useLiveEvents(apiPaths.tickets.events, TICKET_EVENTS, TICKETS_KEY, true);
}
