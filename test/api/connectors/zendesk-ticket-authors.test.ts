import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { createZendeskTicketDesk } from '../../../src/server/connectors/ticket-desk/zendesk/tickets.js';
import { USER_ID_TTL_MS } from '../../../src/server/connectors/ticket-desk/zendesk/user-ids.js';
import type { TicketDeskConnector } from '../../../src/server/connectors/ticket-desk/types.js';
import { startZendeskFake, ZENDESK_FIXTURE_USERS, type ZendeskFake } from '../../fakes/zendesk/index.js';
import type { FakeComment } from '../../fakes/zendesk/tickets.js';
import { getAs, postAs, type Caller } from '../../support/callers.js';
import { createAgent, sessionCookie } from '../../support/factories.js';
import { customerOf, openTicket, ticketPath } from '../../support/tickets.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';

/**
 * Who the portal's tickets and comments are by in Zendesk (the fake), on a portal whose ticket desk is Zendesk:
 * the requester's provided id in its ticket field, an agent's reply and note under that agent's Zendesk user,
 * the service user (with the agent's name in the body) for an agent Zendesk has no user for, and a customer's
 * reply under the requester.
 */

const FIELDS = { type: 360_101, release: 360_102, providedId: 360_103 };
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

let fake: ZendeskFake;
let database: TestDatabase;
let t: TestApp;
/** Added to the desks' clock, to pass the user-id cache's lifetime without waiting. */
let shiftMs = 0;

const deskOn = (db: TestDatabase): TicketDeskConnector =>
  createZendeskTicketDesk({
    baseUrl: fake.url,
    clientId: fake.client.identifier,
    clientSecret: fake.client.secret,
    fields: FIELDS,
    db: db.db,
    log,
    searchBudgetMs: 2000,
    callBudgetMs: 10_000,
    now: () => Date.now() + shiftMs,
  });

beforeAll(async () => {
  fake = await startZendeskFake({ publicArticles: 1 });
  database = await createTestDatabase();
  t = await createTestApp({
    seed: false,
    sharedDatabase: database,
    connectors: { ticketDesk: deskOn(database) },
  });
});

afterAll(async () => {
  await t.close();
  await database.close();
  await fake.stop();
});

beforeEach(() => {
  fake.log.length = 0;
  fake.setSearchLag(0);
});

const routes = (route: string) => fake.log.filter((entry) => entry.outcome.route === route);

/** The ticket's comments as Zendesk lists them (`GET /api/v2/tickets/{id}/comments.json`), the first included. */
async function zendeskComments(ticketId: number): Promise<FakeComment[]> {
  const token = fake.tokens().find((issued) => issued.scope === 'read write')?.accessToken ?? '';
  const res = await fetch(`${fake.url}/api/v2/tickets/${ticketId}/comments.json`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { comments: FakeComment[] }).comments;
}

/** The service token's user: the fake's client-credentials token acts as its admin. */
const serviceUserId = () => fake.user(ZENDESK_FIXTURE_USERS.admin.email)?.id;

async function agentCaller(options: { inZendesk: boolean; name: string }): Promise<Caller> {
  const agent = await createAgent(t.app, { name: options.name });
  if (options.inZendesk) fake.addUser({ email: agent.email, name: agent.name, role: 'agent' });
  const { cookie } = await sessionCookie(t.app, { id: agent.id, role: 'agent' });
  return { id: agent.id, email: agent.email, name: agent.name, headers: { cookie } };
}

const comment = (caller: Caller, ticketId: number, body: string, internal = false) =>
  postAs(t.app, caller, ticketPath(ticketId, apiPaths.tickets.comments), { body, internal });

describe('who the Zendesk ticket desk writes as', () => {
  it('opens the ticket with the requester’s provided id in its ticket field', async () => {
    const owner = await customerOf(t.app);
    const opened = await openTicket(t.app, owner, { subject: 'Controller offline' });
    const [create] = routes('tickets_create');
    const sent = JSON.parse(create?.body ?? '{}') as { ticket: { custom_fields: unknown[] } };
    expect(sent.ticket.custom_fields).toEqual([
      { id: FIELDS.type, value: 'Technical query' },
      { id: FIELDS.release, value: '8.1' },
      { id: FIELDS.providedId, value: owner.providedId },
    ]);
    expect(fake.ticket(opened.id)?.custom_fields).toContainEqual({
      id: FIELDS.providedId,
      value: owner.providedId,
    });
  });

  it('writes an agent’s reply and note as that agent’s Zendesk user, and the portal shows the agent', async () => {
    const owner = await customerOf(t.app);
    const opened = await openTicket(t.app, owner);
    const agent = await agentCaller({ inZendesk: true, name: 'Avery Agent' });
    const agentId = fake.user(agent.email)?.id;
    expect(agentId).toBeDefined();

    expect((await comment(agent, opened.id, 'Checking the controller logs.', true)).statusCode).toBe(201);
    expect((await comment(agent, opened.id, 'Please restart the controller.')).statusCode).toBe(201);

    const written = (await zendeskComments(opened.id)).slice(1);
    expect(written.map((item) => [item.body, item.public, item.author_id])).toEqual([
      ['Checking the controller logs.', false, agentId],
      ['Please restart the controller.', true, agentId],
    ]);
    expect(agentId).not.toBe(serviceUserId());

    const page = await getAs(t.app, owner, ticketPath(opened.id));
    const seen = page.json<{ comments: { body: string; author: { name: string } }[] }>().comments;
    expect(seen.map((item) => [item.body, item.author.name])).toEqual([
      ['Please restart the controller.', 'Avery Agent'],
    ]);
  });

  it('writes as the service user, with the agent’s name in the body, for an agent Zendesk has no user for', async () => {
    const owner = await customerOf(t.app);
    const opened = await openTicket(t.app, owner);
    const agent = await agentCaller({ inZendesk: false, name: 'Sam Seatless' });
    expect(fake.user(agent.email)).toBeUndefined();

    const res = await comment(agent, opened.id, 'We are looking into it.');
    expect(res.statusCode, res.body).toBe(201);
    // The portal's own view keeps the agent and the words as written.
    expect(res.json<{ comment: { body: string; author: { name: string } } }>().comment).toMatchObject({
      body: 'We are looking into it.',
      author: { name: 'Sam Seatless' },
    });
    const [put] = routes('tickets_update');
    const sent = JSON.parse(put?.body ?? '{}') as { ticket: { comment: Record<string, unknown> } };
    expect(sent.ticket.comment).not.toHaveProperty('author_id');

    const [reply] = (await zendeskComments(opened.id)).slice(1);
    expect(reply?.author_id).toBe(serviceUserId());
    expect(reply?.body).toBe('We are looking into it.\n\n— Sam Seatless, via the support portal');
  });

  it('never writes an agent’s words as an end user who shares the address', async () => {
    const owner = await customerOf(t.app);
    const opened = await openTicket(t.app, owner);
    const agent = await agentCaller({ inZendesk: false, name: 'Erin Enduser' });
    fake.addUser({ email: agent.email, name: agent.name, role: 'end-user' });

    expect((await comment(agent, opened.id, 'Noted.', true)).statusCode).toBe(201);
    const [note] = (await zendeskComments(opened.id)).slice(1);
    expect(note?.author_id).toBe(serviceUserId());
    expect(note?.body).toBe('Noted.\n\n— Erin Enduser, via the support portal');
  });

  it('writes a customer’s reply as the ticket’s requester', async () => {
    const owner = await customerOf(t.app);
    const opened = await openTicket(t.app, owner);
    const requesterId = fake.ticket(opened.id)?.requester_id;
    expect(fake.user(owner.email)?.id).toBe(requesterId);

    expect((await comment(owner, opened.id, 'It is back after a restart.')).statusCode).toBe(201);
    const [reply] = (await zendeskComments(opened.id)).slice(1);
    expect(reply).toMatchObject({ body: 'It is back after a restart.', author_id: requesterId });
    expect(requesterId).not.toBe(serviceUserId());
  });

  it('takes the requester from the ticket while Zendesk’s search does not show the new user yet', async () => {
    // A new requester, made by the ticket's create, that search shows only a minute later.
    fake.setSearchLag(60_000);
    const owner = await customerOf(t.app);
    const opened = await openTicket(t.app, owner);
    const requesterId = fake.ticket(opened.id)?.requester_id;
    // Another instance of the portal: nothing remembered.
    const fresh = deskOn(database);
    fake.log.length = 0;

    await fresh.addComment({
      ticketId: opened.id,
      author: { email: owner.email, name: owner.name, type: 'customer' },
      body: 'Still down here.',
      internal: false,
    });
    expect(routes('users_search')).toHaveLength(1);
    const [reply] = (await zendeskComments(opened.id)).slice(1);
    expect(reply?.author_id).toBe(requesterId);
  });

  it('looks an agent up once, and again once the remembered id is older than its lifetime', async () => {
    const owner = await customerOf(t.app);
    const opened = await openTicket(t.app, owner);
    const agent = await agentCaller({ inZendesk: true, name: 'Casey Cached' });
    const desk = deskOn(database);
    const reply = (body: string) =>
      desk.addComment({
        ticketId: opened.id,
        author: { email: agent.email, name: agent.name, type: 'agent' },
        body,
        internal: true,
      });
    fake.log.length = 0;
    await reply('First note.');
    await reply('Second note.');
    expect(routes('users_search')).toHaveLength(1);
    shiftMs += USER_ID_TTL_MS + 1000;
    await reply('Third note.');
    expect(routes('users_search')).toHaveLength(2);
    const agentId = fake.user(agent.email)?.id;
    expect((await zendeskComments(opened.id)).slice(1).map((item) => item.author_id)).toEqual([
      agentId,
      agentId,
      agentId,
    ]);
  });

  it('the fake refuses an author_id that is no user of the account (422)', async () => {
    const owner = await customerOf(t.app);
    const opened = await openTicket(t.app, owner);
    const token = fake.tokens().find((issued) => issued.scope === 'read write')?.accessToken ?? '';
    const res = await fetch(`${fake.url}/api/v2/tickets/${opened.id}.json`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ticket: { comment: { body: 'Ghost', author_id: 1 } } }),
    });
    expect(res.status).toBe(422);
    expect(await zendeskComments(opened.id)).toHaveLength(1);
  });
});
