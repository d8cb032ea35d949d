import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { ticketListSchema, type Ticket } from '../../../src/common/contracts/tickets.js';
import { ANONYMOUS, callerOf, getAs, patchAs, postAs, type Caller } from '../../support/callers.js';
import { customerOf, openTicket, ticketBody, ticketPath } from '../../support/tickets.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * The authorization matrix: every ticket call for an anonymous visitor, two customers of different
 * organisations, an organisation admin of the first one's organisation, a colleague of the first one who is
 * not its admin (their own tickets only, as any customer: another's is the same 404 as a missing one), an
 * agent and an admin.
 */

const t = useTestApp({ seed: false });
type Role = 'anonymous' | 'owner' | 'otherOrg' | 'orgAdmin' | 'colleague' | 'agent' | 'admin';
const callers = {} as Record<Role, Caller>;
let ticket: Ticket;

beforeAll(async () => {
  callers.anonymous = ANONYMOUS;
  const owner = await customerOf(t.app, { tier: 'Enterprise' });
  callers.owner = owner;
  callers.otherOrg = await customerOf(t.app, { tier: 'Basic' });
  callers.orgAdmin = await customerOf(t.app, { providedId: owner.providedId, organisationAdmin: true });
  callers.colleague = await customerOf(t.app, { providedId: owner.providedId });
  callers.agent = await callerOf(t.app, 'agent');
  callers.admin = await callerOf(t.app, 'admin');
  ticket = await openTicket(t.app, owner);
});

const ROLES: Role[] = ['anonymous', 'owner', 'otherOrg', 'orgAdmin', 'colleague', 'agent', 'admin'];

interface Call {
  name: string;
  send: (caller: Caller) => ReturnType<typeof getAs>;
  expected: Record<Role, number>;
}

/** Expected statuses in the order of ROLES, so each call's row reads as a line of the matrix. */
const statuses = (...codes: [number, number, number, number, number, number, number]): Record<Role, number> =>
  Object.fromEntries(ROLES.map((role, index) => [role, codes[index]])) as Record<Role, number>;

// expected: statuses(anonymous, owner, otherOrg, orgAdmin, colleague, agent, admin)
const calls = (): Call[] => [
  {
    name: 'GET /api/tickets/:id',
    send: (c) => getAs(t.app, c, ticketPath(ticket.id)),
    expected: statuses(401, 200, 404, 200, 404, 200, 200),
  },
  {
    name: 'POST /api/tickets',
    send: (c) => postAs(t.app, c, apiPaths.tickets.tickets, ticketBody()),
    expected: statuses(401, 201, 201, 201, 201, 403, 403),
  },
  {
    name: 'POST /api/tickets/:id/comments (reply)',
    send: (c) => postAs(t.app, c, ticketPath(ticket.id, apiPaths.tickets.comments), { body: 'A reply.' }),
    expected: statuses(401, 201, 404, 201, 404, 201, 201),
  },
  {
    name: 'POST /api/tickets/:id/comments (internal note)',
    send: (c) =>
      postAs(t.app, c, ticketPath(ticket.id, apiPaths.tickets.comments), { body: 'A note.', internal: true }),
    expected: statuses(401, 403, 404, 403, 404, 201, 201),
  },
  {
    name: 'PATCH /api/tickets/:id (status: solved)',
    // Customers may mark their ticket solved. (The matrix's later replies reopen it.)
    send: (c) => patchAs(t.app, c, ticketPath(ticket.id), { status: 'solved' }),
    expected: statuses(401, 200, 404, 200, 404, 200, 200),
  },
  {
    name: 'PATCH /api/tickets/:id (priority)',
    send: (c) => patchAs(t.app, c, ticketPath(ticket.id), { priority: 'P3' }),
    expected: statuses(401, 403, 404, 403, 404, 200, 200),
  },
  {
    name: 'PATCH /api/tickets/:id (assign)',
    send: (c) => patchAs(t.app, c, ticketPath(ticket.id), { assigneeId: callers.agent.id }),
    expected: statuses(401, 403, 404, 403, 404, 200, 200),
  },
];

describe('the ticket calls, role by role', () => {
  const matrix = ROLES.flatMap((role) => calls().map((call, index) => ({ role, index, name: call.name })));
  it.each(matrix)('$name as $role', async ({ role, index }) => {
    const call = calls()[index];
    if (!call) throw new Error('no call');
    const res = await call.send(callers[role]);
    expect(res.statusCode, res.body).toBe(call.expected[role]);
    if (res.statusCode >= 400) expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  });

  it('lists: the owner their own, the organisation admin the organisation, the other organisation and a plain colleague none of it, staff all', async () => {
    const ids = async (role: Role) =>
      ticketListSchema
        .parse((await getAs(t.app, callers[role], `${apiPaths.tickets.tickets}?sort=updated`)).json())
        .tickets.map((item) => item.id);
    expect(await ids('owner')).toContain(ticket.id);
    expect(await ids('orgAdmin')).toContain(ticket.id);
    expect(await ids('otherOrg')).not.toContain(ticket.id);
    expect(await ids('colleague')).not.toContain(ticket.id);
    expect(await ids('agent')).toContain(ticket.id);
    expect(await ids('admin')).toContain(ticket.id);
    expect((await getAs(t.app, ANONYMOUS, apiPaths.tickets.tickets)).statusCode).toBe(401);
  });

  it('a customer never receives an internal note, in the ticket or in search', async () => {
    await postAs(t.app, callers.agent, ticketPath(ticket.id, apiPaths.tickets.comments), {
      body: 'Only for us: the xylophonic workaround',
      internal: true,
    });
    for (const role of ['owner', 'orgAdmin'] as const) {
      const body = (await getAs(t.app, callers[role], ticketPath(ticket.id))).body;
      expect(body).not.toContain('xylophonic');
      const search = await getAs(
        t.app,
        callers[role],
        `${apiPaths.pagedSearch.zendeskRequests}?searchValue=xylophonic&page=1`,
      );
      expect(search.body).not.toContain('xylophonic');
    }
    expect((await getAs(t.app, callers.agent, ticketPath(ticket.id))).body).toContain('xylophonic');
    // Agents search internal notes too (their Tickets search), customers never (above).
    const staffSearch = await getAs(
      t.app,
      callers.agent,
      `${apiPaths.pagedSearch.zendeskTickets}?searchValue=xylophonic&page=1`,
    );
    expect((staffSearch.json() as { count: number }).count).toBe(1);
  });
});
