import { useParams } from 'react-router';
import type { TicketDetails } from '../../common/contracts/tickets';
import { MemberPage } from '../lib/session/member-page';
import { useCan } from '../lib/session/use-can';
import { useSession } from '../lib/session/use-session';
import { TicketPage } from '../features/tickets/components/ticket-page';
import { cachedData, type PortalRouteHandle } from '../lib/route-handle';
import { TICKETS_KEY } from '../features/tickets/lib/ticket-keys';

/**
 * The subject the server found for the page's title (SsrData.ticketSubject), for the first HTML and until the
 * ticket itself has loaded in the browser. Nothing renders it.
 */
const subjectKey = (id: string) => ['ticket-subject', id] as const;

export const handle: PortalRouteHandle = {
  meta: ({ params, queryClient }) => {
    const id = params.id ?? '';
    const subject =
      cachedData<TicketDetails>(queryClient, [...TICKETS_KEY, 'ticket', id])?.ticket.subject ??
      queryClient.getQueryData<string>(subjectKey(id));
    return {
      title: subject ? `Ticket #${id}: ${subject}` : `Ticket #${id}`,
      description: 'A support ticket and its conversation.',
    };
  },
  // Only the subject, for the title of a signed-in user's own render: the ticket itself loads in the browser.
  prefetch: async (queryClient, data, _searchParams, session, params) => {
    const id = params.id ?? '';
    if (!session.signedIn || id === '') return;
    await queryClient.prefetchQuery({
      queryKey: subjectKey(id),
      queryFn: async () => (await data.ticketSubject({ id })) ?? '',
      staleTime: Infinity,
    });
  },
};

function Ticket() {
  const { id = '' } = useParams();
  const session = useSession();
  const staff = useCan('openAgentConsole');
  return <TicketPage id={id} staff={staff} userId={session.userId} />;
}

export function Component() {
  return (
    <MemberPage title="Ticket" width="wide">
      <Ticket />
    </MemberPage>
  );
}
