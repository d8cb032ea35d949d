import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { createZendeskTicketDesk } from '../../../src/server/connectors/ticket-desk/zendesk/tickets.js';
import type { TicketDeskConnector } from '../../../src/server/connectors/ticket-desk/types.js';
import { startZendeskFake, ZENDESK_FIXTURE_USERS, type ZendeskFake } from '../../fakes/zendesk/index.js';
import { deliver, signedDelivery } from '../../fakes/zendesk/webhooks.js';
import { openEventStream, type EventStreamReader } from '../../support/event-stream.js';
import { getAs } from '../../support/callers.js';
import { customerOf, openTicket, ticketPath } from '../../support/tickets.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';
import { deskTicketInput } from '../../support/desk-tickets.js';
import { parseExposition, samplesOf } from '../observability/prometheus-text.js';

/**
 * Zendesk's webhook on a portal whose ticket desk is Zendesk (the fake): a change made in Zendesk reaches the
 * requester's open page (the ticket event stream) when Zendesk's signed delivery comes; a wrong signature is
 * refused, a replay ignored.
 */

const SECRET = 'whsec-test-0123456789abcdef';
const WITHIN_MS = 5000;
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

let fake: ZendeskFake;
let database: TestDatabase;
let desk: TicketDeskConnector;
let t: TestApp;
let url = '';
const streams: EventStreamReader[] = [];

beforeAll(async () => {
  fake = await startZendeskFake({ publicArticles: 1 });
  database = await createTestDatabase();
  desk = createZendeskTicketDesk({
    baseUrl: fake.url,
    clientId: fake.client.identifier,
    clientSecret: fake.client.secret,
    fields: { type: 1, release: 2, providedId: 3 },
    db: database.db,
    log,
    searchBudgetMs: 2000,
    callBudgetMs: 10_000,
    webhookSecret: SECRET,
  });
  t = await createTestApp({ seed: false, sharedDatabase: database, connectors: { ticketDesk: desk } });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
  await database.close();
  await fake.stop();
});

/** The desk's changes this instance announced (`/metrics`). */
async function deskEvents(): Promise<number | undefined> {
  const res = await t.app.inject({ method: 'GET', url: apiPaths.system.metrics });
  const [sample] = samplesOf(parseExposition(res.body), 'portal_ticket_events_total', { kind: 'desk' });
  return sample?.value;
}

const about = (id: number) => (event: { event: string; data: string }) =>
  event.event === 'ticket' && (JSON.parse(event.data) as { ticketId: number }).ticketId === id;

describe("Zendesk's ticket webhook", () => {
  it('refuses a wrong signature, fires the live event for a good one, and ignores its replay', async () => {
    const owner = await customerOf(t.app);
    const ticket = await desk.createTicket(
      deskTicketInput({
        subject: 'Gateway reboots',
        description: 'It reboots nightly.',
        requesterEmail: owner.email,
        tier: 'Basic',
      }),
    );
    const stream = await openEventStream(`${url}${apiPaths.tickets.events}`, owner.headers);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === 'ready', WITHIN_MS);

    // An agent answers in Zendesk's agent console.
    fake.changeTicket(ticket.id, ZENDESK_FIXTURE_USERS.agent.email, {
      comment: { body: 'Please send the crash log.', public: true },
      status: 'pending',
    });
    const hook = `${url}${apiPaths.helpdesk.ticketWebhook}`;

    const forged = signedDelivery(hook, 'not-the-secret-at-all', ticket.id);
    expect(await deliver(forged)).toBe(401);
    const stale = signedDelivery(hook, SECRET, ticket.id, { at: Date.now() - 10 * 60_000 });
    expect(await deliver(stale)).toBe(401);
    const tampered = signedDelivery(hook, SECRET, ticket.id);
    expect(await deliver({ ...tampered, body: tampered.body.replace(String(ticket.id), '1') })).toBe(401);

    expect(await deskEvents()).toBe(0);
    const good = signedDelivery(hook, SECRET, ticket.id);
    expect(await deliver(good)).toBe(200);
    await stream.next(about(ticket.id), WITHIN_MS);
    expect(await deskEvents()).toBe(1);
    const details = await desk.getTicket(ticket.id);
    expect(details?.status).toBe('pending');

    // The same delivery again: answered (so Zendesk stops retrying) and ignored.
    const readsBefore = fake.log.filter((entry) => entry.outcome.route === 'tickets_show').length;
    expect(await deliver(good)).toBe(200);
    expect(fake.log.filter((entry) => entry.outcome.route === 'tickets_show').length).toBe(readsBefore);
    expect(await deskEvents()).toBe(1);
  });

  it('runs the portal’s ticket pages over Zendesk: a ticket opened in the portal is held by Zendesk, with its due time kept here', async () => {
    const owner = await customerOf(t.app, { tier: 'Enterprise' });
    const opened = await openTicket(t.app, owner, { subject: 'Opened through the portal', priority: 'P1' });
    const held = fake.ticket(opened.id);
    expect(held).toMatchObject({ subject: 'Opened through the portal', priority: 'urgent' });
    expect(fake.user(owner.email)?.id).toBe(held?.requester_id);

    fake.changeTicket(opened.id, ZENDESK_FIXTURE_USERS.agent.email, {
      comment: { body: 'Answered in Zendesk.', public: true },
    });
    fake.changeTicket(opened.id, ZENDESK_FIXTURE_USERS.agent.email, {
      comment: { body: 'Agents only.', public: false },
    });
    const page = await getAs(t.app, owner, ticketPath(opened.id));
    expect(page.statusCode, page.body).toBe(200);
    const details = page.json<{
      ticket: { id: number; firstResponseDueAt: string | null };
      comments: { body: string }[];
    }>();
    expect(typeof details.ticket.firstResponseDueAt).toBe('string');
    expect(details.comments.map((comment) => comment.body)).toEqual(['Answered in Zendesk.']);
  });

  it('answers 400 for a signed body that names no ticket', async () => {
    const hook = `${url}${apiPaths.helpdesk.ticketWebhook}`;
    const delivery = signedDelivery(hook, SECRET, 1);
    const body = JSON.stringify({ type: 'zen:event-type:ticket.comment_added' });
    const timestamp = delivery.headers['x-zendesk-webhook-signature-timestamp'] ?? '';
    const signature = createHmac('sha256', SECRET)
      .update(timestamp + body)
      .digest('base64');
    expect(
      await deliver({
        url: hook,
        body,
        headers: { ...delivery.headers, 'x-zendesk-webhook-signature': signature },
      }),
    ).toBe(400);
  });
});
