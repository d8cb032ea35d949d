import { MemberPage } from '../app/session/member-page';
import { useSession } from '../app/session/use-session';
import { TicketsPage } from '../features/tickets/components/tickets-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Ticket Portal',
    description: `Your ${config.product.name} support requests, their status and first-response times.`,
  }),
};

function Tickets() {
  const session = useSession();
  return <TicketsPage staff={session.role === 'agent' || session.role === 'admin'} />;
}

export function Component() {
  return (
    <MemberPage title="Ticket Portal" width="wide">
      <Tickets />
    </MemberPage>
  );
}
