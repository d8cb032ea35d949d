// Runs before the page bench's portal starts: makes a customer, an agent and an admin in the database the
// portal will open, through the tests' factories, and a ticket of the customer's, then prints them as JSON. A
// production portal refuses the demo accounts, so the bench brings its own; it signs them in through the API
// once the portal is up (bench/pages/sign-in.mjs).
import { createAdmin, createAgent, createCustomer, createTicket } from '../../test/support/factories.js';
import { withPortalApp } from '../support/portal-app.js';

const prepared = await withPortalApp(async (app) => {
  const customer = await createCustomer(app, { name: 'Casey Bench', allowDownload: true });
  const agent = await createAgent(app, { name: 'Alex Bench' });
  const admin = await createAdmin(app, { name: 'Ada Bench' });
  const ticket = await createTicket(app, {
    requesterEmail: customer.email,
    subject: 'Gateway tunnel flaps every few minutes',
    description: 'The tunnel between the transit gateway and the spoke goes down and up again.',
  });
  return {
    customer: { email: customer.email },
    agent: { email: agent.email, password: agent.password },
    admin: { email: admin.email, password: admin.password },
    ticketId: ticket.id,
  };
});
console.log(JSON.stringify(prepared));
