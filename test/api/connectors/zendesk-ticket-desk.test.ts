import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createZendeskHelpdesk } from '../../../src/server/connectors/helpdesk/zendesk/helpdesk.js';
import type { HelpdeskConnector } from '../../../src/server/connectors/helpdesk/types.js';
import { createZendeskTicketDesk } from '../../../src/server/connectors/ticket-desk/zendesk/tickets.js';
import type { TicketDeskConnector } from '../../../src/server/connectors/ticket-desk/types.js';
import { ServiceError } from '../../../src/server/lib/errors.js';
import { describeHelpdeskContract } from '../../contracts/helpdesk-contract.js';
import {
  startZendeskFake,
  ZENDESK_FAKE_PROVIDED_ID_FIELD,
  type ZendeskFake,
} from '../../fakes/zendesk/index.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';
import { deskTicketInput } from '../../support/desk-tickets.js';
import { envProblems } from '../../support/env-problems.js';

/** The Zendesk ticket desk against the Zendesk fake on port 0, on a PGlite database of its own. */

const FIELDS = { type: 360_001, release: 360_002, providedId: 360_003 };
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function zendeskDesk(): Promise<{
  fake: ZendeskFake;
  database: TestDatabase;
  helpdesk: HelpdeskConnector;
  ticketDesk: TicketDeskConnector;
  close: () => Promise<void>;
}> {
  const fake = await startZendeskFake({ publicArticles: 1 });
  const database = await createTestDatabase();
  const accounts = createZendeskHelpdesk({
    baseUrl: fake.url,
    clientId: fake.client.identifier,
    clientSecret: fake.client.secret,
    providedIdField: ZENDESK_FAKE_PROVIDED_ID_FIELD,
    log,
  });
  // Agents are seats a Zendesk admin adds: the test adds them in the fake, as that admin would.
  const helpdesk: HelpdeskConnector = {
    ...accounts,
    createUser: async (input) => {
      if (input.role !== 'agent') return accounts.createUser(input);
      const user = fake.addUser({ email: input.email, name: input.name, role: 'agent' });
      return { email: user.email ?? input.email, name: user.name, role: 'agent', providedId: null };
    },
  };
  const ticketDesk = createZendeskTicketDesk({
    baseUrl: fake.url,
    clientId: fake.client.identifier,
    clientSecret: fake.client.secret,
    fields: FIELDS,
    db: database.db,
    log,
    searchBudgetMs: 2000,
    callBudgetMs: 10_000,
  });
  return {
    fake,
    database,
    helpdesk,
    ticketDesk,
    close: async () => {
      await database.close();
      await fake.stop();
    },
  };
}

describeHelpdeskContract('Zendesk', zendeskDesk);

describe('the Zendesk ticket desk', () => {
  let made: Awaited<ReturnType<typeof zendeskDesk>>;
  beforeAll(async () => {
    made = await zendeskDesk();
  });
  afterAll(async () => {
    await made.close();
  });
  beforeEach(() => {
    made.fake.log.length = 0;
  });

  const routes = (route: string) => made.fake.log.filter((entry) => entry.outcome.route === route);
  let serial = 0;
  const customer = (name = 'Casey Customer') =>
    made.helpdesk.createUser({
      email: `zd-customer-${Date.now().toString(36)}-${(serial += 1)}@example.com`,
      name,
      role: 'customer',
      providedId: null,
    });
  const agent = () =>
    made.helpdesk.createUser({
      email: `zd-agent-${Date.now().toString(36)}-${(serial += 1)}@acme.example`,
      name: 'Avery Agent',
      role: 'agent',
      providedId: null,
    });
  const open = (requesterEmail: string, more: { subject?: string; organisation?: string } = {}) =>
    made.ticketDesk.createTicket(
      deskTicketInput({
        subject: more.subject ?? 'Tunnel down after upgrade',
        description: 'The tunnel between the gateways is down.',
        priority: 'P1',
        requesterEmail,
        requesterProvidedId: 'CTRL-0042',
        organisation: more.organisation ?? null,
        firstResponseDueAt: new Date(Date.now() + 3_600_000),
      }),
    );
  const query = (text: string, page = 1, pageSize = 10) => ({
    query: text,
    page,
    pageSize,
    signal: new AbortController().signal,
  });

  it('creates the ticket in Zendesk with the field map: requester by email, priority, type, release and provided id fields', async () => {
    const requester = await customer();
    const ticket = await open(requester.email);
    const [create] = routes('tickets_create');
    expect(JSON.parse(create?.body ?? '{}')).toEqual({
      ticket: {
        subject: 'Tunnel down after upgrade',
        comment: { body: 'The tunnel between the gateways is down.', public: true },
        requester: { email: requester.email, name: requester.email },
        priority: 'urgent',
        custom_fields: [
          { id: FIELDS.type, value: 'Technical query' },
          { id: FIELDS.release, value: '8.1' },
          { id: FIELDS.providedId, value: 'CTRL-0042' },
        ],
      },
    });
    const held = made.fake.ticket(ticket.id);
    expect(held).toMatchObject({ priority: 'urgent', status: 'new' });
    expect(held?.custom_fields).toContainEqual({ id: FIELDS.providedId, value: 'CTRL-0042' });
    expect(ticket).toMatchObject({
      priority: 'P1',
      type: 'Technical query',
      release: '8.1',
      tier: 'Enterprise',
    });
  });

  it('writes a public reply and an internal note; the note is never in the customer’s view', async () => {
    const requester = await customer();
    const staff = await agent();
    const ticket = await open(requester.email);
    const asAgent = { email: staff.email, name: staff.name, type: 'agent' as const };
    await made.ticketDesk.addComment({
      ticketId: ticket.id,
      author: asAgent,
      body: 'Internal only',
      internal: true,
    });
    const reply = await made.ticketDesk.addComment({
      ticketId: ticket.id,
      author: asAgent,
      body: 'We are on it',
      internal: false,
    });
    expect(reply.ticket.firstRespondedAt).toBeInstanceOf(Date);
    const updates = routes('tickets_update').map((entry) => JSON.parse(entry.body ?? '{}') as object);
    expect(updates).toEqual([
      { ticket: { comment: expect.objectContaining({ body: 'Internal only', public: false }) as object } },
      { ticket: { comment: expect.objectContaining({ body: 'We are on it', public: true }) as object } },
    ]);
    const customerView = await made.ticketDesk.listComments(ticket.id, { includeInternal: false });
    expect(customerView.map((comment) => comment.body)).toEqual(['We are on it']);
    const agentView = await made.ticketDesk.listComments(ticket.id, { includeInternal: true });
    expect(agentView.map((comment) => [comment.body, comment.internal])).toEqual([
      ['Internal only', true],
      ['We are on it', false],
    ]);
  });

  it('attaches a file through the Uploads API: the token, then the comment holding it', async () => {
    const requester = await customer();
    const ticket = await open(requester.email);
    const bytes = new TextEncoder().encode('log line 1\nlog line 2\n');
    const after = await made.ticketDesk.recordAttachment(ticket.id, {
      fileName: 'gateway.log',
      actorEmail: requester.email,
      file: { bytes, contentType: 'text/plain' },
    });
    expect(after?.id).toBe(ticket.id);
    const [upload] = routes('uploads');
    expect(upload?.outcome.size).toBe(String(bytes.byteLength));
    const [put] = routes('tickets_update');
    const sent = JSON.parse(put?.body ?? '{}') as { ticket: { comment: { uploads: string[] } } };
    expect(sent.ticket.comment.uploads).toHaveLength(1);
    const held = made.fake.tickets().find((item) => item.id === ticket.id);
    expect(held).toBeDefined();
    const events = await made.ticketDesk.listTicketEvents(ticket.id);
    expect(events.map((event) => [event.kind, event.detail.to ?? null])).toEqual([
      ['created', null],
      ['attached', 'gateway.log'],
    ]);
    // The file note is history, not a comment in the conversation.
    expect(await made.ticketDesk.listComments(ticket.id, { includeInternal: true })).toEqual([]);
  });

  it('still records a file Zendesk refuses (a blocked file type), by its note', async () => {
    const requester = await customer();
    const ticket = await open(requester.email);
    // The ticket is read first; the upload is the next call.
    made.fake.passNext(1);
    made.fake.failNext(1, {
      status: 422,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error: 'RecordInvalid', description: 'File type is not allowed' }),
    });
    const after = await made.ticketDesk.recordAttachment(ticket.id, {
      fileName: 'tool.exe',
      actorEmail: requester.email,
      file: { bytes: new Uint8Array([1, 2, 3]), contentType: 'application/octet-stream' },
    });
    expect(after?.id).toBe(ticket.id);
    expect(made.fake.log.filter((entry) => entry.status === 422)).toHaveLength(1);
    const [put] = routes('tickets_update');
    expect(JSON.parse(put?.body ?? '{}')).toMatchObject({ ticket: { comment: { uploads: [] } } });
    const events = await made.ticketDesk.listTicketEvents(ticket.id);
    expect(events.map((event) => [event.kind, event.detail.to ?? null])).toEqual([
      ['created', null],
      ['attached', 'tool.exe'],
    ]);
  });

  it('lists My Requests for a customer by cursor, and an organisation’s for its admin', async () => {
    const organisation = `org-${Date.now().toString(36)}`;
    const [one, colleague] = [await customer(), await customer()];
    const mine = await open(one.email, { organisation });
    const theirs = await open(colleague.email, { organisation });
    await open(colleague.email);
    const requests = await made.ticketDesk.listTickets({
      scope: { kind: 'requester', email: one.email },
      order: 'updated',
      limit: 50,
      offset: 0,
    });
    expect(requests.tickets.map((ticket) => ticket.id)).toEqual([mine.id]);
    const [requested] = routes('tickets_requested');
    expect(requested?.query['page[size]']).toBe('100');
    const byOrganisation = await made.ticketDesk.listTickets({
      scope: { kind: 'organisation', organisation, email: one.email },
      order: 'created',
      limit: 50,
      offset: 0,
    });
    expect(byOrganisation.tickets.map((ticket) => ticket.id)).toEqual([mine.id, theirs.id]);
  });

  it('searches Tickets and counts them; a request’s search never reaches another requester', async () => {
    const word = `zk${Date.now().toString(36)}`;
    const [requester, other] = [await customer(), await customer()];
    const ticket = await open(requester.email, { subject: `Gateway ${word}` });
    await open(other.email, { subject: `Gateway ${word} too` });
    const tickets = await made.ticketDesk.searchTickets(query(word));
    expect(tickets.count).toBe(2);
    expect(tickets.hits.map((hit) => hit.url)).toContain(`${made.fake.url}/agent/tickets/${ticket.id}`);
    const [sent] = routes('search');
    expect(sent?.outcome.query).toBe(`type:ticket ${word}`);

    // Typed operators are words, never Zendesk's: the requester stays the one the portal names.
    made.fake.log.length = 0;
    const injected = await made.ticketDesk.searchRequests(
      query(`${word} requester:${other.email}`),
      requester.email,
    );
    expect(injected.hits).toEqual([]);
    expect(routes('search')[0]?.outcome.query).toBe(
      `type:ticket requester:"${requester.email}" ${word} requester ${other.email.split(/[@.-]/).join(' ')}`,
    );
    const requests = await made.ticketDesk.searchRequests(query(word), requester.email);
    expect(requests.hits.map((hit) => [hit.id, hit.url])).toEqual([
      [ticket.id, `${made.fake.url}/hc/requests/${ticket.id}`],
    ]);
  });

  it('never asks for page 11 at 100: the count comes from search/count.json instead', async () => {
    const page = await made.ticketDesk.searchTickets(query('gateway', 11, 100));
    expect(page.hits).toEqual([]);
    expect(page.count).toBeGreaterThan(0);
    expect(routes('search')).toEqual([]);
    expect(routes('search_count')).toHaveLength(1);
    // The fake answers as Zendesk does to a client that would ask: 422.
    const token = made.fake.tokens().find((issued) => issued.scope === 'read write')?.accessToken ?? '';
    const answer = await fetch(`${made.fake.url}/api/v2/search.json?query=type:ticket&page=11&per_page=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(422);
  });

  it('honours a 429’s Retry-After within the deadline, and fails at once when the wait does not fit', async () => {
    const requester = await customer();
    const ticket = await open(requester.email);
    made.fake.rateLimitNext(1, 1);
    const started = Date.now();
    expect((await made.ticketDesk.getTicket(ticket.id))?.id).toBe(ticket.id);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(made.fake.log.filter((entry) => entry.status === 429)).toHaveLength(1);

    made.fake.rateLimitNext(1, 30);
    const signal = new AbortController().signal;
    const quick = Date.now();
    await expect(
      made.ticketDesk.searchTickets({ query: 'gateway', page: 1, pageSize: 10, signal }),
    ).rejects.toSatisfy((error) => error instanceof ServiceError && error.code === 'UNAVAILABLE');
    expect(Date.now() - quick).toBeLessThan(5_000);
  });

  it('reads the settings: ZENDESK_TICKETS=on needs the ticket fields, named', () => {
    const zendesk = {
      NODE_ENV: 'test',
      ZENDESK_URL: 'https://acme.zendesk.com',
      ZENDESK_CLIENT_ID: 'portal',
      ZENDESK_CLIENT_SECRET: 'secret',
      ZENDESK_PROVIDED_ID_FIELD: 'provided_id',
      ZENDESK_TECH_HUB_CATEGORY_ID: '360000000001',
    };
    const problems = envProblems;
    expect(problems({ ...zendesk, ZENDESK_TICKETS: 'on' })).toEqual([
      'ZENDESK_TICKET_TYPE_FIELD: required when ZENDESK_TICKETS=on',
      'ZENDESK_TICKET_RELEASE_FIELD: required when ZENDESK_TICKETS=on',
      'ZENDESK_TICKET_PROVIDED_ID_FIELD: required when ZENDESK_TICKETS=on',
    ]);
    expect(problems({ ...zendesk, ZENDESK_TICKET_TYPE_FIELD: '1' })[0]).toMatch(
      /^ZENDESK_TICKET_TYPE_FIELD: set while ZENDESK_TICKETS is not 'on'/,
    );
    expect(problems({ ...zendesk, ZENDESK_TICKETS: 'yes' })[0]).toMatch(/^ZENDESK_TICKETS: /);
    expect(problems({ ...zendesk, ZENDESK_WEBHOOK_SECRET: 'whsec-0123456789abcdef' })).toEqual([
      "ZENDESK_WEBHOOK_SECRET: set while ZENDESK_TICKETS is not 'on': set ZENDESK_TICKETS=on too, or remove ZENDESK_WEBHOOK_SECRET",
    ]);
    expect(problems({ ...zendesk, ZENDESK_TICKETS: 'on', ZENDESK_WEBHOOK_SECRET: 'short' })).toContain(
      'ZENDESK_WEBHOOK_SECRET: must be at least 16 characters',
    );
    expect(
      problems({
        ...zendesk,
        ZENDESK_TICKETS: 'on',
        ZENDESK_TICKET_TYPE_FIELD: '360001',
        ZENDESK_TICKET_RELEASE_FIELD: 'release',
        ZENDESK_TICKET_PROVIDED_ID_FIELD: '360003',
      })[0],
    ).toMatch(/^ZENDESK_TICKET_RELEASE_FIELD: must be a Zendesk ticket field id/);
    expect(
      problems({
        ...zendesk,
        ZENDESK_TICKETS: 'on',
        ZENDESK_TICKET_TYPE_FIELD: '360001',
        ZENDESK_TICKET_RELEASE_FIELD: '360002',
        ZENDESK_TICKET_PROVIDED_ID_FIELD: '360003',
      }),
    ).toEqual([]);
  });
});
