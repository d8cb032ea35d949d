import { MemberPage } from '../lib/session/member-page';
import { useCan } from '../lib/session/use-can';
import { AppLink } from '../components/app-link';
import { TicketFormPage } from '../features/tickets/components/ticket-form-page';
import { paths } from '../lib/paths';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Create a ticket',
    description: `Open a ${config.product.name} support ticket; production outages are P1.`,
  }),
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
  return <TicketFormPage />;
}

export function Component() {
  return (
    <MemberPage title="Create a ticket">
      <CustomersOnly />
    </MemberPage>
  );
}
