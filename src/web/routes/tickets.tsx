import { MemberPage } from '../lib/session/member-page';
import { useCan } from '../lib/session/use-can';
import { TicketsPage } from '../features/tickets/components/tickets-page';
import type { PortalRouteHandle } from '../lib/route-handle';
import { FIRST_TICKET_FILTERS, ticketListKey, ticketListQuery } from '../features/tickets/api/get-tickets';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Ticket Portal',
    description: `Your ${config.product.name} support requests, their status and first-response times.`,
  }),
  // A signed-in user's render holds the list's first page: loaded after hydration, the table pushed the
  // footer down as it replaced the loading line.
  prefetch: async (queryClient, data, _searchParams, session) => {
    if (!session.signedIn) return;
    const list = await data.ticketList({ query: ticketListQuery(FIRST_TICKET_FILTERS, 1) });
    if (list) queryClient.setQueryData(ticketListKey(FIRST_TICKET_FILTERS, 1), list);
  },
};

function Tickets() {
  return <TicketsPage staff={useCan('openAgentConsole')} />;
}

export function Component() {
  return (
    <MemberPage title="Ticket Portal" width="wide">
      <Tickets />
    </MemberPage>
  );
}
