import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { TicketDetails } from '../../common/contracts/tickets';
import { MemberPage } from '../lib/session/member-page';
import { sessionCan, useCan } from '../lib/session/use-can';
import { useSession } from '../lib/session/use-session';
import { TicketPage } from '../features/tickets/components/ticket-page';
import { cachedData, type PortalRouteHandle } from '../lib/route-handle';
import { ticketKey, ticketQuery } from '../features/tickets/api/get-ticket';
import { assigneesKey } from '../features/tickets/api/get-assignees';
import { prefetchInto } from '../lib/prefetch-into';

export const handle: PortalRouteHandle = {
  membersOnly: true,
  meta: ({ params, queryClient }) => {
    const id = params.id ?? '';
    const subject = cachedData<TicketDetails>(queryClient, ticketKey(id))?.ticket.subject;
    return {
      title: subject ? `Ticket #${id}: ${subject}` : `Ticket #${id}`,
      description: 'A support ticket and its conversation.',
    };
  },
  // A signed-in user's render holds the ticket (its subject titles the page): loaded after hydration, the
  // conversation pushed the footer down as it replaced the loading line.
  prefetch: async (queryClient, data, _searchParams, session, params) => {
    const id = params.id ?? '';
    if (!session.signedIn || id === '') return;
    await Promise.all([
      prefetchInto(queryClient, ticketKey(id), () => data.ticket({ id })),
      // Staff assign the ticket: the choices come with the page, not with a call (and zod) at load.
      sessionCan(session, 'openAgentConsole')
        ? prefetchInto(queryClient, assigneesKey, () => data.assignees())
        : undefined,
    ]);
  },
};

function Ticket() {
  const { id = '' } = useParams();
  const session = useSession();
  const staff = useCan('openAgentConsole');
  return <TicketPage id={id} staff={staff} userId={session.userId} />;
}

/** The page's heading is the ticket's subject once it is known (the server render holds it). */
function useTicketTitle(id: string): string {
  const session = useSession();
  // Never fetches itself: the ticket page's own query loads it, this one reads the subject from it.
  const cached = useQuery({ ...ticketQuery(id), enabled: false, select: (data) => data.ticket.subject });
  return session.signedIn && cached.data ? cached.data : 'Ticket';
}

export function Component() {
  const { id = '' } = useParams();
  return (
    <MemberPage title={useTicketTitle(id)} width="wide">
      <Ticket />
    </MemberPage>
  );
}
