import { MemberPage } from '../lib/session/member-page';
import { useCan } from '../lib/session/use-can';
import { memberBody } from '../lib/session/member-body';
import type { PortalRouteHandle } from '../lib/route-handle';
import {
  ticketListKey,
  ticketListQuery,
  ticketOrganisationsKey,
  ticketViewFrom,
} from '../features/tickets/api/get-tickets';
import { assigneesKey } from '../features/tickets/api/get-assignees';
import { prefetchInto } from '../lib/prefetch-into';
import { sessionCan } from '../lib/session/use-can';

const page = memberBody(
  () => import('../features/tickets/components/tickets-page').then((module) => module.TicketsPage),
  'src/web/features/tickets/components/tickets-page.tsx',
);

export const handle: PortalRouteHandle = {
  membersOnly: true,
  body: page.handle,
  meta: ({ config }) => ({
    title: 'Ticket Portal',
    description: `Your ${config.product.name} support requests, their status and first-response times.`,
  }),
  // A signed-in user's render holds the list's first page: loaded after hydration, the table pushed the
  // footer down as it replaced the loading line.
  // The list the address names (its filters and page), as the page will ask for it.
  // Staff filter by assignee and organisation: those choices come with the page too, not with two calls (and
  // the contracts' zod) while it hydrates.
  prefetch: async (queryClient, data, searchParams, session) => {
    if (!session.signedIn) return;
    const staff = sessionCan(session, 'openAgentConsole');
    const { filters, page } = ticketViewFrom(searchParams, staff);
    const [list] = await Promise.all([
      data.ticketList({ query: ticketListQuery(filters, page) }),
      staff ? prefetchInto(queryClient, assigneesKey, () => data.assignees()) : undefined,
      staff ? prefetchInto(queryClient, ticketOrganisationsKey, () => data.ticketOrganisations()) : undefined,
    ]);
    if (list) queryClient.setQueryData(ticketListKey(filters, page), list);
  },
};

function Tickets() {
  return <page.Body staff={useCan('openAgentConsole')} />;
}

export function Component() {
  return (
    <MemberPage title="Ticket Portal" width="wide">
      <Tickets />
    </MemberPage>
  );
}
