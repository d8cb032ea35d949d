import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DatabaseBusyError } from '../../src/server/db/errors.js';
import { get, signInCustomer, signInWithPassword, type Browser } from '../support/auth-flow.js';
import { createAgent, createCustomer, createTicket, uniqueSuffix } from '../support/factories.js';
import { createSourceBuild, dehydratedKeys, inHtml } from '../support/rendered-pages.js';
import { createMailTestApp, type MailTestApp } from '../support/test-app.js';

/**
 * The ticket pages of a signed-in render come with their data, so the browser paints them as they stay
 * (no loading line that a form or a table replaces after hydration, moving the footer): Ticket Creation
 * with the customer's first-response targets, the Ticket Portal with the first page of the list. A visitor's
 * shared render has neither.
 */
describe('ticket pages rendered for their user', () => {
  let t: MailTestApp;
  let build: Awaited<ReturnType<typeof createSourceBuild>>;
  let customer: Browser;
  let agent: Browser;
  const subject = `Quuxbar tunnel drops ${uniqueSuffix()}`;
  let ticketId = 0;

  beforeAll(async () => {
    build = await createSourceBuild();
    t = await createMailTestApp({ distDir: build.dir, accounts: false });
    const casey = await createCustomer(t.app);
    ticketId = (await createTicket(t.app, { requesterEmail: casey.email, subject })).id;
    customer = await signInCustomer(t.app, t.sink, casey.email);
    const alex = await createAgent(t.app);
    agent = await signInWithPassword(t.app, alex.email, alex.password);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await build?.remove();
  });

  it("Ticket Creation holds the form and the customer's targets, not a loading line", async () => {
    const page = await get(customer, '/tickets/new');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(dehydratedKeys(page.body)).toContainEqual(['tickets', 'requester']);
    expect(page.body).toContain('Subject');
    expect(page.body).not.toContain('Loading…');
    expect(page.body).not.toContain('Checking your sign-in');

    // An agent is told where tickets are worked, and gets no profile (the API refuses them one too).
    const agentPage = await get(agent, '/tickets/new');
    expect(dehydratedKeys(agentPage.body)).not.toContainEqual(['tickets', 'requester']);
    const visitor = await t.app.inject({ method: 'GET', url: '/tickets/new' });
    expect(dehydratedKeys(visitor.body)).not.toContainEqual(['tickets', 'requester']);
    expect(visitor.body).toContain('Checking your sign-in');
  });

  it('a render the database cannot serve in time answers 503 to retry, as the API does, not 500', async () => {
    vi.spyOn(t.app.tickets, 'list').mockRejectedValueOnce(new DatabaseBusyError(5000));
    const busy = await get(agent, '/tickets');
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.headers['cache-control']).toBe('no-store');
    expect(busy.body).toContain('The portal is busy');
    // The next render has the database again.
    expect((await get(agent, '/tickets')).statusCode).toBe(200);
  });

  it('the Ticket Portal holds the first page of the list its user may see', async () => {
    const mine = await get(customer, '/tickets');
    expect(mine.body).toContain(inHtml(subject));
    expect(mine.body).not.toContain('Loading…');
    const queue = await get(agent, '/tickets');
    expect(queue.body).toContain(inHtml(subject));
    const visitor = await t.app.inject({ method: 'GET', url: '/tickets' });
    expect(visitor.body).not.toContain(inHtml(subject));
  });

  it("the queue holds its filters' choices for staff (the assignees, the organisations); My Requests none", async () => {
    const queue = dehydratedKeys((await get(agent, '/tickets')).body);
    expect(queue).toContainEqual(['tickets', 'assignees']);
    expect(queue).toContainEqual(['tickets', 'organisations']);
    const mine = dehydratedKeys((await get(customer, '/tickets')).body);
    expect(mine).not.toContainEqual(['tickets', 'assignees']);
    expect(mine).not.toContainEqual(['tickets', 'organisations']);
  });

  it('a ticket page holds the ticket, titled by its subject, for those who may see it', async () => {
    const page = await get(customer, `/tickets/${ticketId}`);
    expect(page.body).toContain(`<title>Ticket #${ticketId}: ${inHtml(subject)}`);
    expect(dehydratedKeys(page.body)).toContainEqual(['tickets', 'ticket', String(ticketId)]);
    expect(page.body).not.toContain('Loading…');
    expect(dehydratedKeys(page.body)).not.toContainEqual(['tickets', 'assignees']);
    // Staff get whom to assign it to with the page.
    expect(dehydratedKeys((await get(agent, `/tickets/${ticketId}`)).body)).toContainEqual([
      'tickets',
      'assignees',
    ]);
    const visitor = await t.app.inject({ method: 'GET', url: `/tickets/${ticketId}` });
    expect(visitor.body).not.toContain(inHtml(subject));
  });

  it("every signed-in page holds the bell's notices; a visitor's holds none", async () => {
    expect(dehydratedKeys((await get(customer, '/sla')).body)).toContainEqual(['notices', 'list']);
    expect(dehydratedKeys((await get(agent, '/')).body)).toContainEqual(['notices', 'list']);
    const visitor = await t.app.inject({ method: 'GET', url: '/sla' });
    expect(dehydratedKeys(visitor.body)).not.toContainEqual(['notices', 'list']);
  });
});
