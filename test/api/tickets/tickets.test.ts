import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import {
  requesterProfileSchema,
  ticketDetailsSchema,
  ticketListSchema,
} from '../../../src/common/contracts/tickets.js';
import { callerOf, getAs, patchAs, postAs, refusal, type Caller } from '../../support/callers.js';
import { customerOf, openTicket, ticketBody, ticketPath } from '../../support/tickets.js';
import { useMailTestApp } from '../../support/use-test-app.js';

/**
 * The ticket calls: due times from the SLA (tier, priority and clock), replies and internal notes,
 * the clock stopped by the first public reply, mail to the requester, and search of the public text only.
 */

const t = useMailTestApp({ seed: false });
let agent: Caller;

beforeAll(async () => {
  agent = await callerOf(t.app, 'agent');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the first-response due time', () => {
  it('follows the tier and priority, 24/7 for an Enterprise P2', async () => {
    const customer = await customerOf(t.app, { tier: 'Enterprise' });
    const before = Date.now();
    const ticket = await openTicket(t.app, customer, { priority: 'P2' });
    expect(ticket).toMatchObject({
      tier: 'Enterprise',
      status: 'new',
      dueState: 'due',
      firstRespondedAt: null,
    });
    const due = Date.parse(ticket.firstResponseDueAt ?? '');
    expect(due - Date.parse(ticket.createdAt)).toBe(4 * 3_600_000);
    expect(Date.parse(ticket.createdAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('a Basic P2 opened on Friday evening is due on Monday; a Basic P1 counts 24/7', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Friday 2026-11-27 18:30 in Berlin.
    vi.setSystemTime(new Date('2026-11-27T17:30:00Z'));
    const customer = await customerOf(t.app, { tier: 'Basic', timeZone: 'Europe/Berlin' });
    const p2 = await openTicket(t.app, customer, { priority: 'P2' });
    expect(p2.firstResponseDueAt).toBe('2026-11-30T15:00:00.000Z');
    const p1 = await openTicket(t.app, customer, { priority: 'P1', type: 'Production outage' });
    expect(p1.firstResponseDueAt).toBe('2026-11-27T19:30:00.000Z');
  });

  it('a ticket opened without a conversation has none; a conversation id that is no id is a 400 naming it', async () => {
    const customer = await customerOf(t.app);
    const plain = await openTicket(t.app, customer);
    expect(plain.conversationId).toBeNull();
    const read = ticketDetailsSchema.parse((await getAs(t.app, customer, ticketPath(plain.id))).json());
    expect(read.conversation).toBeNull();
    for (const conversationId of ['conv_7Hq2', 'c'.repeat(101)]) {
      const res = await postAs(t.app, customer, apiPaths.tickets.tickets, {
        subject: 'x',
        description: 'y',
        priority: 'P3',
        type: 'Technical query',
        conversationId,
      });
      expect(refusal(res, 400)).toMatch(/conversationId/);
    }
  });

  it('an unknown type is a 400 naming the field; a 20-digit ticket number a 400, an unknown one a 404', async () => {
    const customer = await customerOf(t.app);
    const res = await postAs(t.app, customer, apiPaths.tickets.tickets, {
      subject: 'x',
      description: 'y',
      priority: 'P3',
      type: 'Nonsense',
    });
    expect(refusal(res, 400)).toMatch(/body\.type/);
    expect(refusal(await getAs(t.app, customer, ticketPath('12345678901234567890')), 400)).toMatch(/id/);
    expect(refusal(await getAs(t.app, customer, ticketPath('999999999')), 404)).toMatch(/no ticket/);
    expect(
      refusal(
        await postAs(t.app, customer, apiPaths.tickets.tickets, {
          subject: 'a\u0000b',
          description: 'y',
          priority: 'P3',
          type: 'Technical query',
        }),
        400,
      ),
    ).toMatch(/subject/);
  });
});

describe('replies, notes and the clock', () => {
  it("an agent's first public reply stops the clock, is mailed, and the customer never sees the internal note", async () => {
    const customer = await customerOf(t.app, { tier: 'Strategic' });
    const ticket = await openTicket(t.app, customer, {
      priority: 'P1',
      type: 'Production outage',
      subject: 'Outage of the controller',
    });

    const note = await postAs(t.app, agent, ticketPath(ticket.id, apiPaths.tickets.comments), {
      body: 'Internal: suspect the zanzibarwidget rollout',
      internal: true,
    });
    expect(note.statusCode, note.body).toBe(201);
    const afterNote = ticketDetailsSchema.parse((await getAs(t.app, agent, ticketPath(ticket.id))).json());
    expect(afterNote.ticket.firstRespondedAt).toBeNull();

    const reply = await postAs(t.app, agent, ticketPath(ticket.id, apiPaths.tickets.comments), {
      body: 'We are on it: the quokkafix patch is rolling out.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    // The requester's first mail says the request was received; the reply's comes next.
    expect((await t.sink.waitForMail(customer.email)).body).toContain('We received your request');
    const mail = await t.sink.waitForMail(customer.email);
    expect(mail.body).toContain('quokkafix');
    expect(mail.body).toContain(`/tickets/${ticket.id}`);
    expect(mail.body).not.toContain('zanzibarwidget');

    const seen = ticketDetailsSchema.parse((await getAs(t.app, customer, ticketPath(ticket.id))).json());
    expect(seen.ticket).toMatchObject({ status: 'open', dueState: 'responded' });
    expect(seen.ticket.firstRespondedAt).not.toBeNull();
    expect(seen.comments.map((comment) => comment.body)).toEqual([
      'We are on it: the quokkafix patch is rolling out.',
    ]);
    expect(JSON.stringify(seen)).not.toContain('zanzibarwidget');
    const agentView = ticketDetailsSchema.parse((await getAs(t.app, agent, ticketPath(ticket.id))).json());
    expect(agentView.comments.map((comment) => comment.internal)).toEqual([true, false]);
    // The history, for agents only: opened, noted, replied (which opened it).
    expect(agentView.history.map((entry) => entry.kind)).toEqual(['created', 'noted', 'replied', 'status']);
    expect(agentView.history.at(-1)).toMatchObject({ from: 'new', to: 'open', actor: agent.email });
    expect(seen.history).toEqual([]);

    // Search: the public reply is found in My Requests at once, the internal note never.
    const search = (q: string) =>
      getAs(t.app, customer, `${apiPaths.pagedSearch.zendeskRequests}?searchValue=${q}&page=1`).then(
        (res) => res.json() as { count: number },
      );
    expect((await search('quokkafix')).count).toBe(1);
    expect((await search('zanzibarwidget')).count).toBe(0);
  });

  it('a customer marks their ticket solved and a reply reopens it; they cannot change priority or write notes', async () => {
    const customer = await customerOf(t.app);
    const ticket = await openTicket(t.app, customer);
    const solved = await patchAs(t.app, customer, ticketPath(ticket.id), { status: 'solved' });
    expect(solved.statusCode, solved.body).toBe(200);
    expect((solved.json() as { ticket: { status: string } }).ticket.status).toBe('solved');
    refusal(await patchAs(t.app, customer, ticketPath(ticket.id), { priority: 'P1' }), 403);
    refusal(await patchAs(t.app, customer, ticketPath(ticket.id), { status: 'open' }), 403);
    refusal(
      await postAs(t.app, customer, ticketPath(ticket.id, apiPaths.tickets.comments), {
        body: 'x',
        internal: true,
      }),
      403,
    );
    await postAs(t.app, customer, ticketPath(ticket.id, apiPaths.tickets.comments), {
      body: 'Still broken.',
    });
    const reopened = ticketDetailsSchema.parse((await getAs(t.app, customer, ticketPath(ticket.id))).json());
    expect(reopened.ticket.status).toBe('open');
  });

  it('an agent assigns, changes priority (the due time follows) and solves (mailed); filters find it', async () => {
    const customer = await customerOf(t.app, { tier: 'Enterprise Plus' });
    const ticket = await openTicket(t.app, customer, { priority: 'P3' });
    const changed = await patchAs(t.app, agent, ticketPath(ticket.id), {
      priority: 'P1',
      assigneeId: agent.id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (changed.json() as { ticket: { firstResponseDueAt: string; assignee: { id: string } } })
      .ticket;
    expect(Date.parse(after.firstResponseDueAt) - Date.parse(ticket.createdAt)).toBe(30 * 60_000);
    expect(after.assignee.id).toBe(agent.id);

    const mine = ticketListSchema.parse(
      (await getAs(t.app, agent, `${apiPaths.tickets.tickets}?assignee=me&priority=P1`)).json(),
    );
    expect(mine.tickets.map((item) => item.id)).toContain(ticket.id);
    const dueSoon = ticketListSchema.parse(
      (await getAs(t.app, agent, `${apiPaths.tickets.tickets}?due=dueSoon`)).json(),
    );
    expect(dueSoon.tickets.map((item) => item.id)).toContain(ticket.id);

    expect((await patchAs(t.app, agent, ticketPath(ticket.id), { status: 'solved' })).statusCode).toBe(200);
    expect((await t.sink.waitForMail(customer.email)).body).toContain('We received your request');
    expect((await t.sink.waitForMail(customer.email)).body).toContain('marked solved');
    refusal(await patchAs(t.app, agent, ticketPath(ticket.id), { assigneeId: customer.id }), 400);
    refusal(await patchAs(t.app, agent, ticketPath(ticket.id), {}), 400);
  });

  it('a new P1 is mailed to the agents on duty', async () => {
    const customer = await customerOf(t.app);
    const ticket = await openTicket(t.app, customer, { priority: 'P1', type: 'Production outage' });
    const [onDuty] = t.app.portalConfig.ticketing.onDutyEmails;
    // Earlier tests opened P1s too: this ticket's mail is the one to find.
    await expect
      .poll(() =>
        t.sink.messages.some(
          (mail) => mail.to.includes(onDuty ?? '') && new RegExp(`/tickets/${ticket.id}\\b`).test(mail.body),
        ),
      )
      .toBe(true);
  });
});

describe('links in ticket mail', () => {
  it('come from the configured address, never from the Host a request sent', async () => {
    const customer = await customerOf(t.app);
    const forged = 'http://support-acme.evil.example';
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.tickets.tickets,
      headers: {
        ...customer.headers,
        host: 'support-acme.evil.example',
        origin: forged,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(ticketBody({ priority: 'P1', type: 'Production outage' })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().ticket as { id: number };
    const [onDuty] = t.app.portalConfig.ticketing.onDutyEmails;
    await expect
      .poll(() =>
        t.sink.messages.find(
          (mail) => mail.to.includes(onDuty ?? '') && mail.body.includes(`/tickets/${id}`),
        ),
      )
      .toBeDefined();
    const mail = t.sink.messages.find(
      (m) => m.to.includes(onDuty ?? '') && m.body.includes(`/tickets/${id}`),
    );
    expect(mail?.body).not.toContain('evil.example');
    expect(mail?.body).toContain(`http://localhost:${t.app.env.PORT}/tickets/${id}`);
  });
});

describe('what the ticket forms offer', () => {
  it("gives a customer their tier's targets and clocks; staff are refused", async () => {
    const customer = await customerOf(t.app, { tier: 'Basic' });
    const res = await getAs(t.app, customer, apiPaths.tickets.requester);
    expect(res.statusCode, res.body).toBe(200);
    const profile = requesterProfileSchema.parse(res.json());
    expect(profile.tier).toBe('Basic');
    expect(profile.targets).toEqual([
      expect.objectContaining({ priority: 'P1', target: '2 hrs', clock: '24/7' }),
      expect.objectContaining({ priority: 'P2', target: '8 hrs', clock: 'business hours' }),
      expect.objectContaining({ priority: 'P3', target: '24 hrs', clock: 'business hours' }),
    ]);
    refusal(await getAs(t.app, agent, apiPaths.tickets.requester), 403);
  });

  it('lists who tickets can be assigned to, for staff only', async () => {
    const res = await getAs(t.app, agent, apiPaths.tickets.assignees);
    expect(res.statusCode, res.body).toBe(200);
    const { assignees } = res.json() as { assignees: { id: string }[] };
    expect(assignees.map((person) => person.id)).toContain(agent.id);
    refusal(await getAs(t.app, await customerOf(t.app), apiPaths.tickets.assignees), 403);
  });
});
