import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { ticketDetailsSchema, ticketListSchema } from '../../../src/common/contracts/tickets.js';
import { TICKET_DESK_FAILURES } from '../../../src/common/tickets.js';
import { createZendeskTicketDesk } from '../../../src/server/connectors/ticket-desk/zendesk/tickets.js';
import { startZendeskFake, type ZendeskFake } from '../../fakes/zendesk/index.js';
import { getAs, postAs } from '../../support/callers.js';
import { customerOf, openTicket, ticketBody, ticketPath } from '../../support/tickets.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';

/**
 * When Zendesk does not answer (a timeout, a 5xx, a 429 whose wait does not fit the deadline): the ticket list
 * and a ticket's page answer with what the same user last read, marked `stale`; a create that fails answers
 * 503 with the reason Ticket Creation says in words.
 */

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** The deadline of each call here: a hung answer fails within it. */
const CALL_BUDGET_MS = 1500;

let fake: ZendeskFake;
let database: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  fake = await startZendeskFake({ publicArticles: 1 });
  database = await createTestDatabase();
  const desk = createZendeskTicketDesk({
    baseUrl: fake.url,
    clientId: fake.client.identifier,
    clientSecret: fake.client.secret,
    fields: { type: 1, release: 2, providedId: 3 },
    db: database.db,
    log,
    searchBudgetMs: 1000,
    callBudgetMs: CALL_BUDGET_MS,
  });
  t = await createTestApp({ seed: false, sharedDatabase: database, connectors: { ticketDesk: desk } });
});

afterAll(async () => {
  await t.close();
  await database.close();
  await fake.stop();
});

// What a test injected and its calls did not use (a retry that never came) is dropped.
afterEach(async () => {
  await fetch(`${fake.url}/__fake/fail`, { method: 'DELETE' });
});

const serverError = (status: number) => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ error: 'InternalError', description: 'Internal error' }),
});

describe('the Zendesk ticket desk when Zendesk does not answer', () => {
  it('shows the list as this user last read it, with when; another user gets no one else’s list', async () => {
    const owner = await customerOf(t.app);
    const opened = await openTicket(t.app, owner, { subject: 'Kept while Zendesk is down' });
    const fresh = await getAs(t.app, owner, apiPaths.tickets.tickets);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const first = ticketListSchema.parse(fresh.json());
    expect(first.stale).toBeUndefined();
    expect(first.tickets.map((ticket) => ticket.id)).toEqual([opened.id]);

    // A 429 asking for 30 s: the wait does not fit the deadline, so the call fails at once.
    fake.rateLimitNext(1, 30);
    const before = Date.now();
    const down = await getAs(t.app, owner, apiPaths.tickets.tickets);
    expect(down.statusCode, down.body).toBe(200);
    const kept = ticketListSchema.parse(down.json());
    expect(kept.tickets.map((ticket) => ticket.id)).toEqual([opened.id]);
    expect(Date.parse(kept.stale?.since ?? '')).toBeLessThanOrEqual(before);
    expect(fake.log.filter((entry) => entry.status === 429)).toHaveLength(1);

    // Zendesk answers again: the list is fresh, unmarked.
    const back = ticketListSchema.parse((await getAs(t.app, owner, apiPaths.tickets.tickets)).json());
    expect(back.stale).toBeUndefined();

    const stranger = await customerOf(t.app);
    // Their requester id is looked up first, and fails: nothing was kept for them.
    fake.rateLimitNext(1, 30);
    const none = await getAs(t.app, stranger, apiPaths.tickets.tickets);
    expect(none.statusCode).toBe(503);
    expect(none.body).not.toContain('Kept while Zendesk is down');
  });

  it('shows a ticket’s page as this user last read it when Zendesk times out or answers 5xx', async () => {
    const owner = await customerOf(t.app);
    const opened = await openTicket(t.app, owner, { subject: 'Page kept while Zendesk is down' });
    const fresh = await getAs(t.app, owner, ticketPath(opened.id));
    expect(fresh.statusCode, fresh.body).toBe(200);

    fake.hangNext(1);
    const started = Date.now();
    const hung = await getAs(t.app, owner, ticketPath(opened.id));
    expect(Date.now() - started).toBeLessThan(CALL_BUDGET_MS + 2000);
    expect(hung.statusCode, hung.body).toBe(200);
    const kept = ticketDetailsSchema.parse(hung.json());
    expect(kept.ticket.subject).toBe('Page kept while Zendesk is down');
    expect(kept.stale?.since).toEqual(expect.any(String));

    // Every retry within the deadline answers 503 too.
    fake.failNext(20, serverError(503));
    const failing = ticketDetailsSchema.parse((await getAs(t.app, owner, ticketPath(opened.id))).json());
    expect(failing.stale?.since).toBe(kept.stale?.since);
  });

  it('a create Zendesk refuses (503) answers 503 with the reason Ticket Creation says in words', async () => {
    const owner = await customerOf(t.app);
    // The service token and the requester's lookups are warm; the create is the next call, and is not retried.
    await openTicket(t.app, owner);
    fake.log.length = 0;
    fake.failNext(1, serverError(503));
    const res = await postAs(t.app, owner, apiPaths.tickets.tickets, ticketBody({ subject: 'Refused' }));
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ message: 'HELP_DESK_UNAVAILABLE' });
    expect(
      fake.log.filter((entry) => entry.outcome.route === 'tickets_create' || entry.status === 503),
    ).toHaveLength(1);
    expect(fake.tickets().some((ticket) => ticket.subject === 'Refused')).toBe(false);
    expect(TICKET_DESK_FAILURES.HELP_DESK_UNAVAILABLE).toMatch(/not created\. What you typed is still here/);
  });

  it('a create Zendesk never answers says it may have been made, and to check before sending again', async () => {
    const owner = await customerOf(t.app);
    await openTicket(t.app, owner);
    fake.hangNext(1);
    const res = await postAs(t.app, owner, apiPaths.tickets.tickets, ticketBody({ subject: 'Unanswered' }));
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ message: 'HELP_DESK_NO_ANSWER' });
    expect(TICKET_DESK_FAILURES.HELP_DESK_NO_ANSWER).toMatch(/may not have been created/);
  });
});
