import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import {
  bulkUpdateResultSchema,
  ticketDetailsSchema,
  ticketListSchema,
  ticketOrganisationsSchema,
  type Ticket,
} from '../../../src/common/contracts/tickets.js';
import { callerOf, getAs, patchAs, postAs, type Caller } from '../../support/callers.js';
import { customerOf, openTicket, ticketBody, ticketPath } from '../../support/tickets.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * The agents' queue and its bulk actions, and the customer's list: the open work by default, the hold status,
 * the organisation and text filters, bulk assignment and status change (agents only, every ticket checked
 * before any changes), and the mark of an agent reply the customer has not read.
 */

const t = useTestApp({ seed: false });
let customer: Caller & { providedId: string };
let otherCustomer: Caller;
let agent: Caller;
let admin: Caller;
const opened: Ticket[] = [];

const list = async (caller: Caller, query: string) => {
  const res = await getAs(t.app, caller, `${apiPaths.tickets.tickets}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ticketListSchema.parse(res.json());
};
const subjectsOf = (page: { tickets: Ticket[] }) => page.tickets.map((ticket) => ticket.subject);
const bulk = (caller: Caller, body: unknown) => postAs(t.app, caller, apiPaths.tickets.bulk, body);

beforeAll(async () => {
  customer = await customerOf(t.app, { tier: 'Strategic' });
  otherCustomer = await customerOf(t.app, { tier: 'Basic' });
  agent = await callerOf(t.app, 'agent');
  admin = await callerOf(t.app, 'admin');
  for (const subject of ['Quasar one', 'Quasar two', 'Quasar three', 'Quasar held', 'Quasar done']) {
    opened.push(await openTicket(t.app, customer, ticketBody({ subject })));
  }
  const [, , , held, done] = opened;
  if (!held || !done) throw new Error('tickets not opened');
  expect((await patchAs(t.app, agent, ticketPath(held.id), { status: 'hold' })).statusCode).toBe(200);
  expect((await patchAs(t.app, agent, ticketPath(done.id), { status: 'solved' })).statusCode).toBe(200);
});

describe('the queue', () => {
  it('shows the open work (hold included, solved left out) with status=open-work, everything by default', async () => {
    const work = subjectsOf(await list(agent, 'status=open-work&q=quasar&sort=updated'));
    expect(work.sort()).toEqual(['Quasar held', 'Quasar one', 'Quasar three', 'Quasar two']);
    expect(subjectsOf(await list(agent, 'q=quasar&sort=updated'))).toContain('Quasar done');
    expect(subjectsOf(await list(agent, 'status=hold&q=quasar'))).toEqual(['Quasar held']);
    const held = (await list(agent, 'status=hold&q=quasar')).tickets[0];
    expect(held?.status).toBe('hold');
  });

  it('filters by organisation and finds a ticket by its number; the organisations are listed for staff only', async () => {
    const [first] = opened;
    if (!first) throw new Error('no ticket');
    expect(first.organisation).toBeTruthy();
    const byOrganisation = await list(agent, `organisation=${encodeURIComponent(first.organisation ?? '')}`);
    expect(byOrganisation.count).toBe(5);
    expect(subjectsOf(await list(agent, `q=%23${first.id}`))).toEqual(['Quasar one']);
    // A % in the words is a percent sign, not a wildcard.
    expect((await list(agent, 'q=%25')).count).toBe(0);
    const organisations = await getAs(t.app, agent, apiPaths.tickets.organisations);
    expect(ticketOrganisationsSchema.parse(organisations.json()).organisations).toContain(first.organisation);
    expect((await getAs(t.app, customer, apiPaths.tickets.organisations)).statusCode).toBe(403);
  });

  it('a customer filtering "in progress" gets new, open and hold, not pending', async () => {
    const [, two] = opened;
    if (!two) throw new Error('no ticket');
    await patchAs(t.app, agent, ticketPath(two.id), { status: 'pending' });
    const inProgress = subjectsOf(await list(customer, 'status=in-progress'));
    expect(inProgress).toContain('Quasar held');
    expect(inProgress).not.toContain('Quasar two');
    expect(subjectsOf(await list(customer, 'status=pending'))).toEqual(['Quasar two']);
  });
});

describe('bulk changes', () => {
  it('an agent assigns three tickets at once, and sets their status', async () => {
    const ids = opened.slice(0, 3).map((ticket) => ticket.id);
    const res = await bulk(agent, { ids, assigneeId: admin.id });
    expect(res.statusCode, res.body).toBe(200);
    const { tickets } = bulkUpdateResultSchema.parse(res.json());
    expect(tickets.map((ticket) => ticket.assignee?.email)).toEqual([admin.email, admin.email, admin.email]);
    const assigned = await list(agent, `assignee=${admin.id}&q=quasar`);
    expect(subjectsOf(assigned).sort()).toEqual(['Quasar one', 'Quasar three', 'Quasar two']);

    const held = await bulk(agent, { ids: ids.slice(0, 2), status: 'hold' });
    expect(held.statusCode, held.body).toBe(200);
    expect(subjectsOf(await list(agent, 'status=hold&q=quasar')).sort()).toEqual([
      'Quasar held',
      'Quasar one',
      'Quasar two',
    ]);
  });

  it('refuses customers (403), changes nothing when one ticket is missing (404) or closed (409)', async () => {
    const [one, two, three] = opened;
    if (!one || !two || !three) throw new Error('no tickets');
    const mine = await bulk(customer, { ids: [one.id], status: 'solved' });
    expect(mine.statusCode).toBe(403);
    expect(String(mine.headers['content-type'])).toMatch(/^application\/json/);
    expect((await bulk(otherCustomer, { ids: [one.id], assigneeId: null })).statusCode).toBe(403);

    const missing = await bulk(agent, { ids: [three.id, 999_999_998], assigneeId: null });
    expect(missing.statusCode, missing.body).toBe(404);
    expect(missing.body).toContain('999999998');
    await patchAs(t.app, agent, ticketPath(two.id), { status: 'closed' });
    const closed = await bulk(agent, { ids: [three.id, two.id], assigneeId: null });
    expect(closed.statusCode, closed.body).toBe(409);
    // Ticket three kept its assignee through both refusals.
    const details = ticketDetailsSchema.parse((await getAs(t.app, agent, ticketPath(three.id))).json());
    expect(details.ticket.assignee?.email).toBe(admin.email);
  });

  it('validates the body: no ids, a repeated id, too many, no change, a customer as assignee', async () => {
    const [one] = opened;
    if (!one) throw new Error('no ticket');
    for (const body of [
      { ids: [], status: 'open' },
      { ids: [one.id, one.id], status: 'open' },
      { ids: Array.from({ length: 26 }, (_, index) => index + 1), status: 'open' },
      { ids: [one.id] },
      { ids: [one.id], status: 'reopened' },
      { ids: [one.id], assigneeId: customer.id },
    ]) {
      const res = await bulk(agent, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("the customer's unseen replies", () => {
  it('marks a ticket with an agent reply the customer has not read, until they open it', async () => {
    const ticket = await openTicket(t.app, otherCustomer, ticketBody({ subject: 'Nebula unread' }));
    const mark = async () =>
      (await list(otherCustomer, 'sort=updated')).tickets.find((item) => item.id === ticket.id)?.unseenReply;
    expect(await mark()).toBe(false);
    // An internal note is no reply the customer can read.
    await postAs(t.app, agent, ticketPath(ticket.id, apiPaths.tickets.comments), {
      body: 'Note',
      internal: true,
    });
    expect(await mark()).toBe(false);
    await postAs(t.app, agent, ticketPath(ticket.id, apiPaths.tickets.comments), { body: 'Which release?' });
    expect(await mark()).toBe(true);
    // Staff get no mark.
    expect((await list(agent, 'q=nebula')).tickets[0]?.unseenReply).toBe(false);
    expect((await getAs(t.app, otherCustomer, ticketPath(ticket.id))).statusCode).toBe(200);
    expect(await mark()).toBe(false);
    // The customer's own reply is no news to them; the agent's next one is.
    await postAs(t.app, otherCustomer, ticketPath(ticket.id, apiPaths.tickets.comments), { body: '8.1' });
    expect(await mark()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await postAs(t.app, agent, ticketPath(ticket.id, apiPaths.tickets.comments), { body: 'Thanks, fixed.' });
    expect(await mark()).toBe(true);
  });
});
