import { MemberPage } from '../lib/session/member-page';
import { useCan } from '../lib/session/use-can';
import { TicketsPage } from '../features/tickets/components/tickets-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Ticket Portal',
    description: `Your ${config.product.name} support requests, their status and first-response times.`,
  }),
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
