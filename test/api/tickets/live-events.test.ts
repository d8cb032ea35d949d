import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { callerOf, postAs, type Caller } from '../../support/callers.js';
import { openEventStream, type EventStreamReader } from '../../support/event-stream.js';
import { SAME_ORIGIN } from '../../support/http.js';
import { customerOf, openTicket, ticketPath } from '../../support/tickets.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * Live ticket lists: a change (a new ticket, a reply, an attachment) reaches the streams of those
 * who may see the ticket (its requester, staff) within seconds, and never the stream of another customer.
 */

const WITHIN_MS = 5000;
const t = useTestApp({ seed: false });
let url = '';
let owner: Caller;
let other: Caller;
let agent: Caller;
const open: EventStreamReader[] = [];

beforeAll(async () => {
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await customerOf(t.app);
  other = await customerOf(t.app);
  agent = await callerOf(t.app, 'agent');
});

afterAll(() => {
  for (const stream of open) stream.close();
});

async function streamOf(caller: Caller): Promise<EventStreamReader> {
  const reader = await openEventStream(`${url}${apiPaths.tickets.events}`, caller.headers);
  open.push(reader);
  expect(reader.status).toBe(200);
  await reader.next((event) => event.event === 'ready', WITHIN_MS);
  return reader;
}

const about = (id: number) => (event: { event: string; data: string }) =>
  event.event === 'ticket' && (JSON.parse(event.data) as { ticketId: number }).ticketId === id;

describe('the ticket event stream', () => {
  it('tells the requester and the agents of a new ticket and of a reply, and never another customer', async () => {
    const [ownerStream, otherStream, agentStream] = await Promise.all([
      streamOf(owner),
      streamOf(other),
      streamOf(agent),
    ]);
    const ticket = await openTicket(t.app, owner);
    await ownerStream.next(about(ticket.id), WITHIN_MS);
    await agentStream.next(about(ticket.id), WITHIN_MS);

    const reply = await postAs(t.app, agent, ticketPath(ticket.id, apiPaths.tickets.comments), {
      body: 'On it.',
    });
    expect(reply.statusCode).toBe(201);
    await ownerStream.next(about(ticket.id), WITHIN_MS);

    // The other customer's stream got neither; a ticket of their own arrives, so the stream itself works.
    const own = await openTicket(t.app, other);
    const first = await otherStream.next((event) => event.event === 'ticket', WITHIN_MS);
    expect(JSON.parse(first.data)).toEqual({ ticketId: own.id });
  });

  it('tells the requester and the agents of an attachment, once', async () => {
    const [ownerStream, agentStream] = await Promise.all([streamOf(owner), streamOf(agent)]);
    const ticket = await openTicket(t.app, owner);
    // Its opening first, so that what follows is the upload's.
    await ownerStream.next(about(ticket.id), WITHIN_MS);
    await agentStream.next(about(ticket.id), WITHIN_MS);
    const upload = await t.app.inject({
      method: 'POST',
      url: `${ticketPath(ticket.id, apiPaths.tickets.attachments)}?name=notes.log`,
      headers: { ...SAME_ORIGIN, ...owner.headers, 'content-type': 'text/plain' },
      payload: '2026-11-25 10:00 tunnel down\n',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    await ownerStream.next(about(ticket.id), WITHIN_MS);
    await agentStream.next(about(ticket.id), WITHIN_MS);
    // Once: the next event on the agent's stream is the next change, not a second word of the upload.
    const next = await openTicket(t.app, other);
    const after = await agentStream.next((event) => event.event === 'ticket', WITHIN_MS);
    expect(JSON.parse(after.data)).toEqual({ ticketId: next.id });
  });

  it('refuses a signed-out stream with a 401 JSON', async () => {
    const res = await fetch(`${url}${apiPaths.tickets.events}`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
