import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { ticketDetailsSchema } from '../../../src/common/contracts/tickets.js';
import { callerOf, getAs, patchAs, postAs, refusal, type Caller } from '../../support/callers.js';
import { SAME_ORIGIN } from '../../support/http.js';
import { customerOf, openTicket, ticketPath } from '../../support/tickets.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * A closed ticket is final for every way of changing it: a reply, a status (so no closed -> solved -> reply
 * -> open), a priority or assignee, an internal note and a file are each refused with 409, for the customer
 * and the agent alike, and the ticket still reads closed afterwards. Solved is not final: a reply reopens it.
 */

const t = useTestApp({ seed: false });
let agent: Caller;

beforeAll(async () => {
  agent = await callerOf(t.app, 'agent');
});

const attach = (caller: Caller, id: number) =>
  t.app.inject({
    method: 'POST',
    url: `${ticketPath(id, apiPaths.tickets.attachments)}?name=notes.txt`,
    headers: { ...SAME_ORIGIN, ...caller.headers, 'content-type': 'text/plain' },
    payload: 'the tunnel came back at 10:02\n',
  });

async function statusOf(caller: Caller, id: number): Promise<string> {
  const res = await getAs(t.app, caller, ticketPath(id));
  expect(res.statusCode, res.body).toBe(200);
  return ticketDetailsSchema.parse(res.json()).ticket.status;
}

async function closedTicket(customer: Caller): Promise<number> {
  const ticket = await openTicket(t.app, customer);
  const closed = await patchAs(t.app, agent, ticketPath(ticket.id), { status: 'closed' });
  expect(closed.statusCode, closed.body).toBe(200);
  return ticket.id;
}

describe('a closed ticket', () => {
  it('cannot be marked solved by its customer, and so cannot be reopened by a reply after that', async () => {
    const customer = await customerOf(t.app);
    const id = await closedTicket(customer);
    expect(refusal(await patchAs(t.app, customer, ticketPath(id), { status: 'solved' }), 409)).toMatch(
      /closed/,
    );
    expect(
      refusal(
        await postAs(t.app, customer, ticketPath(id, apiPaths.tickets.comments), { body: 'again' }),
        409,
      ),
    ).toMatch(/open a new ticket/);
    expect(await statusOf(customer, id)).toBe('closed');
  });

  it('takes no file from the customer or the agent', async () => {
    const customer = await customerOf(t.app);
    const id = await closedTicket(customer);
    expect(refusal(await attach(customer, id), 409)).toMatch(/takes no more files/);
    expect(refusal(await attach(agent, id), 409)).toMatch(/takes no more files/);
    const details = ticketDetailsSchema.parse((await getAs(t.app, agent, ticketPath(id))).json());
    expect(details.attachments).toEqual([]);
  });

  it('takes no status, priority, assignee or internal note from an agent either', async () => {
    const customer = await customerOf(t.app);
    const id = await closedTicket(customer);
    for (const change of [{ status: 'open' }, { priority: 'P1' }, { assigneeId: agent.id }]) {
      refusal(await patchAs(t.app, agent, ticketPath(id), change), 409);
    }
    refusal(
      await postAs(t.app, agent, ticketPath(id, apiPaths.tickets.comments), { body: 'note', internal: true }),
      409,
    );
    expect(await statusOf(agent, id)).toBe('closed');
  });
});

describe('a solved ticket', () => {
  it('is reopened by its customer’s reply, and can still take a file', async () => {
    const customer = await customerOf(t.app);
    const ticket = await openTicket(t.app, customer);
    expect((await patchAs(t.app, customer, ticketPath(ticket.id), { status: 'solved' })).statusCode).toBe(
      200,
    );
    expect((await attach(customer, ticket.id)).statusCode).toBe(201);
    const reply = await postAs(t.app, customer, ticketPath(ticket.id, apiPaths.tickets.comments), {
      body: 'It broke again',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await statusOf(customer, ticket.id)).toBe('open');
  });
});
