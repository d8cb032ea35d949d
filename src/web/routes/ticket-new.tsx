import { MemberPage } from '../lib/session/member-page';
import { sessionCan, useCan } from '../lib/session/use-can';
import { AppLink } from '../components/app-link';
import { memberBody } from '../lib/session/member-body';
import { paths } from '../lib/paths';
import type { PortalRouteHandle } from '../lib/route-handle';
import { requesterProfileKey } from '../features/tickets/api/get-requester-profile';

const form = memberBody(
  () => import('../features/tickets/components/ticket-form-page').then((module) => module.TicketFormPage),
  'src/web/features/tickets/components/ticket-form-page.tsx',
);

export const handle: PortalRouteHandle = {
  membersOnly: true,
  body: form.handle,
  meta: ({ config }) => ({
    title: 'Create a ticket',
    description: `Open a ${config.product.name} support ticket; production outages are P1.`,
  }),
  // A customer's render holds the form: its priorities need their tier's targets, which would otherwise be
  // fetched after hydration, and the form would push the footer down as it replaced the loading line.
  prefetch: async (queryClient, data, _searchParams, session) => {
    if (!sessionCan(session, 'createTicket')) return;
    const profile = await data.requesterProfile();
    if (profile) {
      queryClient.setQueryData(requesterProfileKey, profile, { updatedAt: Date.now() });
    }
  },
};

/** Customers open tickets; an agent is sent to the queue instead (the server refuses them too). */
function CustomersOnly() {
  if (!useCan('createTicket')) {
    return (
      <p>
        Tickets are opened by customers. Agents work them from the{' '}
        <AppLink href={paths.tickets.getHref()}>ticket queue</AppLink>.
      </p>
    );
  }
  return <form.Body />;
}

export function Component() {
  return (
    <MemberPage title="Create a ticket">
      <CustomersOnly />
    </MemberPage>
  );
}
