import { useParams } from 'react-router';
import { MemberPage } from '../app/session/member-page';
import { useSession } from '../app/session/use-session';
import { TicketPage } from '../features/tickets/components/ticket-page';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: () => ({ title: 'Ticket', description: 'A support ticket and its conversation.' }),
};

function Ticket() {
  const { id = '' } = useParams();
  const session = useSession();
  return (
    <TicketPage
      id={id}
      staff={session.role === 'agent' || session.role === 'admin'}
      userId={session.userId}
    />
  );
}

export function Component() {
  return (
    <MemberPage title="Ticket" width="wide">
      <Ticket />
    </MemberPage>
  );
}
