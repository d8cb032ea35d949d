import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { loadEnv } from '../../../src/server/env.js';
import {
  zendeskTicketPoll,
  zendeskTicketState,
} from '../../../src/server/connectors/ticket-desk/zendesk/schema.js';
import { createZendeskTicketDesk } from '../../../src/server/connectors/ticket-desk/zendesk/tickets.js';
import type {
  DeskChangePoll,
  TicketDeskConnector,
} from '../../../src/server/connectors/ticket-desk/types.js';
import {
  startZendeskFake,
  ZENDESK_FAKE_PROVIDED_ID_FIELD,
  ZENDESK_FIXTURE_IDS,
  ZENDESK_FIXTURE_USERS,
  type ZendeskFake,
} from '../../fakes/zendesk/index.js';
import { getAs } from '../../support/callers.js';
import { openEventStream, type EventStreamReader } from '../../support/event-stream.js';
import { customerOf, ticketPath } from '../../support/tickets.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';
import { deskTicketInput } from '../../support/desk-tickets.js';
import { envProblems } from '../../support/env-problems.js';

/**
 * Without Zendesk's webhook, the portal polls Zendesk's incremental ticket export (the fake's) on one instance at a
 * time: a change made in Zendesk reaches the requester's open page, the export's cursor is kept in the database for
 * whichever instance polls next, a 429 is waited for, and with the webhook's secret set nothing is polled.
 */

const WITHIN_MS = 5000;
const MINUTE_AND_A_BIT = 61_000;
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

let fake: ZendeskFake;
let database: TestDatabase;
const apps: TestApp[] = [];
const streams: EventStreamReader[] = [];

/** A fetch whose export requests wait for `open()`, to hold one instance's poll in the middle. */
function gatedFetch() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let reached: () => void = () => undefined;
  const hit = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const gated: typeof fetch = async (input, init) => {
    if (String(input instanceof Request ? input.url : input).includes('/incremental/tickets/')) {
      reached();
      await Promise.race([
        gate,
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
      ]);
    }
    return fetch(input, init);
  };
  return { fetch: gated, open, hit };
}

function deskOf(options: { webhookSecret?: string; fetch?: typeof fetch } = {}): TicketDeskConnector {
  return createZendeskTicketDesk({
    baseUrl: fake.url,
    clientId: fake.client.identifier,
    clientSecret: fake.client.secret,
    fields: { type: 1, release: 2, providedId: 3 },
    db: database.db,
    log,
    searchBudgetMs: 2000,
    callBudgetMs: 10_000,
    pollIntervalMs: 60_000,
    ...options,
  });
}

const pollOf = (desk: TicketDeskConnector): DeskChangePoll => {
  if (!desk.changePoll) throw new Error('the desk has no poll');
  return desk.changePoll;
};

async function appWith(desk: TicketDeskConnector): Promise<TestApp> {
  const t = await createTestApp({ seed: false, sharedDatabase: database, connectors: { ticketDesk: desk } });
  apps.push(t);
  return t;
}

const pollRow = async () => {
  const [row] = await database.db
    .select()
    .from(zendeskTicketPoll)
    .where(eq(zendeskTicketPoll.name, 'tickets'));
  return row;
};

/** The export requests the fake saw, an injected 429 included. */
const exports = () => fake.log.filter((entry) => entry.path.startsWith('/api/v2/incremental/tickets/cursor'));

const about = (id: number) => (event: { event: string; data: string }) =>
  event.event === 'ticket' && (JSON.parse(event.data) as { ticketId: number }).ticketId === id;

let deskA: TicketDeskConnector;
let deskB: TicketDeskConnector;
let gateA: ReturnType<typeof gatedFetch>;
let a: TestApp;
let url = '';
const firedA: number[] = [];
const firedB: number[] = [];

beforeAll(async () => {
  fake = await startZendeskFake({ publicArticles: 1 });
  database = await createTestDatabase();
  gateA = gatedFetch();
  gateA.open();
  deskA = deskOf({ fetch: (input, init) => gateA.fetch(input, init) });
  deskB = deskOf();
  a = await appWith(deskA);
  // A second instance of the portal on the same database, with its own poll.
  await appWith(deskB);
  deskA.onDeskChange?.(async (ticket) => {
    firedA.push(ticket.id);
  });
  deskB.onDeskChange?.(async (ticket) => {
    firedB.push(ticket.id);
  });
  url = await a.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  for (const t of apps.reverse()) await t.close();
  await database.close();
  await fake.stop();
});

async function openedTicket(owner: { email: string }, subject: string) {
  return deskA.createTicket(
    deskTicketInput({
      subject,
      description: `${subject}, in detail.`,
      requesterEmail: owner.email,
      tier: 'Basic',
    }),
  );
}

describe("the poll of Zendesk's incremental ticket export", () => {
  let ticketId = 0;

  it('brings a change made in Zendesk to the open page without a webhook, for the tickets the portal knows', async () => {
    const owner = await customerOf(a.app);
    const ticket = await openedTicket(owner, 'Gateway reboots');
    ticketId = ticket.id;
    // A ticket the portal has no row of, as one opened in Zendesk itself: no page of the portal shows it.
    const unknownId = (await openedTicket(owner, 'Only in Zendesk')).id;
    await database.db.delete(zendeskTicketState).where(eq(zendeskTicketState.ticketId, unknownId));
    fake.changeTicket(unknownId, ZENDESK_FIXTURE_USERS.agent.email, { status: 'open' });

    const stream = await openEventStream(`${url}${apiPaths.tickets.events}`, owner.headers);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === 'ready', WITHIN_MS);

    // An agent answers in Zendesk's agent console; the export lists it once it is a minute old.
    fake.changeTicket(ticket.id, ZENDESK_FIXTURE_USERS.agent.email, {
      comment: { body: 'Please send the crash log.', public: true },
      status: 'pending',
    });
    fake.moveTime(MINUTE_AND_A_BIT);
    expect(await pollOf(deskA).pollNow()).toBe(true);

    await stream.next(about(ticket.id), WITHIN_MS);
    expect(firedA).toContain(ticket.id);
    expect(firedA).not.toContain(unknownId);
    expect(exports().at(-1)?.outcome).toMatchObject({ from: 'start_time', auth: 'bearer' });
    const page = await getAs(a.app, owner, ticketPath(ticket.id));
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ ticket: { status: string } }>().ticket.status).toBe('pending');
    const row = await pollRow();
    expect(row?.cursor).toEqual(expect.any(String));
    expect(row).toMatchObject({ leaseOwner: null, lastError: null });
  });

  it('keeps the cursor in the database: the next poll, on another instance, asks from it', async () => {
    const kept = (await pollRow())?.cursor;
    expect(kept).toEqual(expect.any(String));
    fake.changeTicket(ticketId, ZENDESK_FIXTURE_USERS.agent.email, { status: 'open' });
    fake.moveTime(MINUTE_AND_A_BIT);
    expect(await pollOf(deskB).pollNow()).toBe(true);
    const asked = exports().at(-1);
    expect(asked?.outcome.from).toBe('cursor');
    expect(asked?.query.cursor).toBe(kept);
    expect(asked?.outcome.tickets).toBe('1');
    expect(firedB).toContain(ticketId);
    // The other instance's event reaches the page open on this one, as any ticket change does.
    const stream = streams[0];
    if (!stream) throw new Error('no stream open');
    await stream.next(about(ticketId), WITHIN_MS);
    const moved = (await pollRow())?.cursor;
    expect(moved).not.toBe(kept);

    // Nothing changed since: the same position is asked again, and no event fires.
    const before = firedB.length;
    expect(await pollOf(deskB).pollNow()).toBe(true);
    expect(exports().at(-1)?.query.cursor).toBe(moved);
    expect(firedB.length).toBe(before);
    expect((await pollRow())?.cursor).toBe(moved);
  });

  it('polls on one instance at a time: the other finds the lease taken and asks Zendesk nothing', async () => {
    fake.moveTime(MINUTE_AND_A_BIT);
    gateA = gatedFetch();
    const running = pollOf(deskA).pollNow();
    await gateA.hit;
    const asked = exports().length;
    expect(await pollOf(deskB).pollNow()).toBe(false);
    expect(await pollOf(deskB).runDue()).toBe(false);
    expect((await pollRow())?.leaseOwner).toEqual(expect.any(String));
    gateA.open();
    expect(await running).toBe(true);
    expect(exports().length).toBe(asked + 1);
    expect((await pollRow())?.leaseOwner).toBeNull();
    // Polled just now: not due again on either instance before the interval.
    expect(await pollOf(deskA).runDue()).toBe(false);
    expect(await pollOf(deskB).runDue()).toBe(false);
    expect(exports().length).toBe(asked + 1);
  });

  it('waits out a 429 that fits, and stops until Retry-After for one that does not, without failing', async () => {
    fake.moveTime(MINUTE_AND_A_BIT);
    fake.rateLimitNext(1, 1);
    const started = Date.now();
    expect(await pollOf(deskB).pollNow()).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(
      exports()
        .slice(-2)
        .map((entry) => entry.status),
    ).toEqual([429, 200]);
    expect((await pollRow())?.lastError).toBeNull();

    fake.rateLimitNext(1, 600);
    expect(await pollOf(deskB).pollNow()).toBe(true);
    const row = await pollRow();
    expect(row?.lastError).toMatch(/429/);
    expect(row?.leaseOwner).toBeNull();
    expect((row?.nextRunAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(500_000);
    const asked = exports().length;
    expect(await pollOf(deskA).runDue()).toBe(false);
    expect(exports().length).toBe(asked);

    // Once Zendesk answers again, the poll continues from the kept cursor.
    fake.moveTime(MINUTE_AND_A_BIT);
    await database.db.update(zendeskTicketPoll).set({ nextRunAt: new Date(0) });
    expect(await pollOf(deskA).runDue()).toBe(true);
    expect(exports().at(-1)?.status).toBe(200);
    expect((await pollRow())?.lastError).toBeNull();
  });

  it('starts in the background without holding up /readyz, and stops when the app closes', async () => {
    const gate = gatedFetch();
    const desk = deskOf({ fetch: gate.fetch });
    const t = await createTestApp({
      seed: false,
      sharedDatabase: database,
      connectors: { ticketDesk: desk },
    });
    await database.db.update(zendeskTicketPoll).set({ nextRunAt: new Date(0) });
    fake.moveTime(MINUTE_AND_A_BIT);
    pollOf(desk).start();
    await gate.hit;
    const ready = await t.app.inject({ method: 'GET', url: apiPaths.system.ready });
    expect(ready.statusCode).toBe(200);
    const closing = Date.now();
    await t.close();
    expect(Date.now() - closing).toBeLessThan(WITHIN_MS);
    const row = await pollRow();
    expect(row?.leaseOwner).toBeNull();
    expect(await pollOf(desk).pollNow()).toBe(false);
  });
});

describe('with the webhook secret set', () => {
  const zendeskEnv = (extra: Record<string, string>) => ({
    ZENDESK_URL: fake.url,
    ZENDESK_CLIENT_ID: fake.client.identifier,
    ZENDESK_CLIENT_SECRET: fake.client.secret,
    ZENDESK_PROVIDED_ID_FIELD: ZENDESK_FAKE_PROVIDED_ID_FIELD,
    ZENDESK_TECH_HUB_CATEGORY_ID: String(ZENDESK_FIXTURE_IDS.category),
    ZENDESK_TICKETS: 'on',
    ZENDESK_TICKET_TYPE_FIELD: '1',
    ZENDESK_TICKET_RELEASE_FIELD: '2',
    ZENDESK_TICKET_PROVIDED_ID_FIELD: '3',
    ...extra,
  });

  it('runs no poll: the webhook reports the changes; without it the settings make one', async () => {
    expect(deskOf({ webhookSecret: 'whsec-test-0123456789abcdef' }).changePoll).toBeUndefined();

    const hooked = await createTestApp({
      seed: false,
      sharedDatabase: database,
      env: zendeskEnv({ ZENDESK_WEBHOOK_SECRET: 'whsec-test-0123456789abcdef' }),
    });
    apps.push(hooked);
    expect(hooked.app.connectors.ticketDesk.changePoll).toBeUndefined();
    const asked = exports().length;
    hooked.app.connectors.ticketDesk.changePoll?.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(exports().length).toBe(asked);

    const polled = await createTestApp({
      seed: false,
      sharedDatabase: database,
      env: zendeskEnv({ ZENDESK_TICKET_POLL_SECONDS: '30' }),
    });
    apps.push(polled);
    expect(polled.app.connectors.ticketDesk.changePoll).toBeDefined();
  });
});

describe('ZENDESK_TICKET_POLL_SECONDS', () => {
  const zendesk = {
    NODE_ENV: 'test',
    ZENDESK_URL: 'https://acme.zendesk.com',
    ZENDESK_CLIENT_ID: 'portal',
    ZENDESK_CLIENT_SECRET: 'secret',
    ZENDESK_PROVIDED_ID_FIELD: 'provided_id',
    ZENDESK_TECH_HUB_CATEGORY_ID: '360000000001',
    ZENDESK_TICKETS: 'on',
    ZENDESK_TICKET_TYPE_FIELD: '360001',
    ZENDESK_TICKET_RELEASE_FIELD: '360002',
    ZENDESK_TICKET_PROVIDED_ID_FIELD: '360003',
  };
  const problems = envProblems;

  it('defaults to a minute, and is refused at start, named, when it cannot be right', () => {
    expect(loadEnv(zendesk).ZENDESK_TICKET_POLL_SECONDS).toBe(60);
    expect(loadEnv({ ...zendesk, ZENDESK_TICKET_POLL_SECONDS: '30' }).ZENDESK_TICKET_POLL_SECONDS).toBe(30);
    expect(problems({ ...zendesk, ZENDESK_TICKET_POLL_SECONDS: '5' })).toEqual([
      'ZENDESK_TICKET_POLL_SECONDS: must be at least 10 (Zendesk allows 10 incremental export requests a minute)',
    ]);
    expect(problems({ ...zendesk, ZENDESK_TICKET_POLL_SECONDS: 'often' })[0]).toMatch(
      /^ZENDESK_TICKET_POLL_SECONDS: must be a whole number of seconds/,
    );
    expect(problems({ ...zendesk, ZENDESK_TICKET_POLL_SECONDS: '90000' })[0]).toMatch(
      /^ZENDESK_TICKET_POLL_SECONDS: must be at most 3600/,
    );
    expect(
      problems({
        ...zendesk,
        ZENDESK_TICKET_POLL_SECONDS: '30',
        ZENDESK_WEBHOOK_SECRET: 'whsec-0123456789abcdef',
      }),
    ).toEqual([
      'ZENDESK_TICKET_POLL_SECONDS: set with ZENDESK_WEBHOOK_SECRET, whose webhook reports the changes (no poll runs): remove ZENDESK_TICKET_POLL_SECONDS',
    ]);
    expect(
      problems({
        ...zendesk,
        ZENDESK_TICKETS: 'off',
        ZENDESK_TICKET_TYPE_FIELD: '',
        ZENDESK_TICKET_RELEASE_FIELD: '',
        ZENDESK_TICKET_PROVIDED_ID_FIELD: '',
        ZENDESK_TICKET_POLL_SECONDS: '30',
      }),
    ).toEqual([
      "ZENDESK_TICKET_POLL_SECONDS: set while ZENDESK_TICKETS is not 'on': set ZENDESK_TICKETS=on too, or remove ZENDESK_TICKET_POLL_SECONDS",
    ]);
  });
});
