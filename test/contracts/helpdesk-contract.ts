import { describe, expect, it } from 'vitest';
import type { HelpdeskConnector } from '../../src/server/connectors/helpdesk/types.js';
import type { TicketDeskConnector } from '../../src/server/connectors/ticket-desk/types.js';
import type {
  CreateTicketInput,
  HelpdeskTicketRecord,
  TicketConversationMessage,
} from '../../src/server/connectors/ticket-desk/types.js';
import { ServiceError } from '../../src/server/lib/errors.js';
import { useResource } from '../support/use-test-app.js';

/**
 * What every help desk must do for the portal, written once: the built-in help desk's test file calls it, and
 * so does each vendor adapter's (with a sandbox account or a recorded double of the vendor's API). It drives
 * the connector through its interface only: users, tickets and their comments, history, files, changes, the
 * list's filters, order and paging, the ticket searches, and the answers for ids it does not have.
 *
 * `makeHelpdesk` gives a help desk and its ticket desk, with no tickets and no users; `close` releases it.
 */
export function describeHelpdeskContract(
  name: string,
  makeHelpdesk: () => Promise<{
    helpdesk: HelpdeskConnector;
    ticketDesk: TicketDeskConnector;
    close: () => Promise<void>;
  }>,
): void {
  describe(`help-desk contract: ${name}`, () => {
    const made = useResource(makeHelpdesk, (value) => value.close());
    const helpdesk = () => made.helpdesk;
    const ticketDesk = () => made.ticketDesk;

    // Each test makes people and organisations of its own, so the tests share one help desk.
    let serial = 0;
    const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(serial += 1)}`;
    const customer = async (name = 'Casey Customer') =>
      helpdesk().createUser({
        email: `${unique('customer')}@example.com`,
        name,
        role: 'customer',
        providedId: null,
      });
    const agent = async (name = 'Avery Agent') =>
      helpdesk().createUser({
        email: `${unique('agent')}@acme.example`,
        name,
        role: 'agent',
        providedId: null,
      });

    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const ticketInput = (overrides: Partial<CreateTicketInput> & { requesterEmail: string }) => ({
      subject: 'Gateway tunnel down after upgrade',
      description: 'Since the upgrade the tunnel between the transit gateways is down.',
      priority: 'P2' as const,
      type: 'Technical query',
      release: '8.1',
      requesterProvidedId: null,
      organisation: null,
      tier: 'Enterprise' as const,
      createdAt: hoursAgo(1),
      firstResponseDueAt: new Date(Date.now() + 3 * 3_600_000),
      conversationId: null,
      conversation: null,
      ...overrides,
    });
    const open = (overrides: Partial<CreateTicketInput> & { requesterEmail: string }) =>
      ticketDesk().createTicket(ticketInput(overrides));
    const ids = (tickets: HelpdeskTicketRecord[]) => tickets.map((ticket) => ticket.id);

    describe('users', () => {
      it('creates a user, finds it by email in any case, and refuses a second one with the same email', async () => {
        const user = await customer('Robin Requester');
        expect(user).toMatchObject({ name: 'Robin Requester', role: 'customer', providedId: null });
        expect(await helpdesk().findUser(user.email.toUpperCase())).toEqual(user);
        await expect(
          helpdesk().createUser({ email: user.email, name: 'Other', role: 'customer', providedId: null }),
        ).rejects.toSatisfy((error) => error instanceof ServiceError && error.code === 'CONFLICT');
        expect(await helpdesk().findUser(`${unique('nobody')}@example.com`)).toBeUndefined();
      });
    });

    describe('tickets', () => {
      it('creates a ticket as given, status new, and gives it back by id', async () => {
        const requester = await customer('Robin Requester');
        const input = ticketInput({
          requesterEmail: requester.email,
          organisation: 'Northwind',
          tier: 'Strategic',
          priority: 'P1',
        });
        const created = await ticketDesk().createTicket(input);
        expect(created).toMatchObject({
          subject: input.subject,
          description: input.description,
          status: 'new',
          priority: 'P1',
          type: input.type,
          release: '8.1',
          requester: { email: requester.email, name: 'Robin Requester' },
          organisation: 'Northwind',
          tier: 'Strategic',
          assignee: null,
          firstResponseDueAt: input.firstResponseDueAt,
          firstRespondedAt: null,
          conversationId: null,
          createdAt: input.createdAt,
        });
        expect(await ticketDesk().getTicket(created.id)).toEqual(created);
        expect(await ticketDesk().ticketConversation(created.id)).toBeNull();
        expect((await ticketDesk().listTicketEvents(created.id)).map((event) => event.kind)).toEqual([
          'created',
        ]);
      });

      it('keeps the conversation a ticket was opened from, apart from the record', async () => {
        const requester = await customer();
        const conversation: TicketConversationMessage[] = [
          {
            role: 'user',
            text: 'How do I rotate keys?',
            passages: [],
            createdAt: '2026-11-25T10:00:00.000Z',
          },
          {
            role: 'assistant',
            text: '',
            passages: [{ title: 'Key rotation', url: '/docs?article=1#rotate', excerpt: 'Rotate keys…' }],
            createdAt: '2026-11-25T10:00:01.000Z',
          },
        ];
        const conversationId = '5b0c1a3e-8c4f-4a7e-9d51-0f6a2b1c3d4e';
        const ticket = await open({ requesterEmail: requester.email, conversationId, conversation });
        expect(ticket.conversationId).toBe(conversationId);
        expect(await ticketDesk().ticketConversation(ticket.id)).toEqual(conversation);
      });

      it('answers ids it does not have: nothing to get, change, attach or list, and a comment is refused', async () => {
        const missing = 2_000_000_000;
        expect(await ticketDesk().getTicket(missing)).toBeUndefined();
        expect(
          await ticketDesk().updateTicket(missing, { status: 'open' }, 'a@acme.example'),
        ).toBeUndefined();
        expect(
          await ticketDesk().recordAttachment(missing, { fileName: 'x.log', actorEmail: 'a@acme.example' }),
        ).toBeUndefined();
        expect(await ticketDesk().listComments(missing, { includeInternal: true })).toEqual([]);
        expect(await ticketDesk().listTicketEvents(missing)).toEqual([]);
        expect(await ticketDesk().ticketConversation(missing)).toBeNull();
        await expect(
          ticketDesk().addComment({
            ticketId: missing,
            author: { email: 'a@acme.example', name: 'A', type: 'agent' },
            body: 'Hello',
            internal: false,
          }),
        ).rejects.toThrow();
      });
    });

    describe('comments', () => {
      it('keeps replies and internal notes in order; only an agent’s public reply sets firstRespondedAt, once', async () => {
        const requester = await customer();
        const staff = await agent('Avery Agent');
        const ticket = await open({ requesterEmail: requester.email });
        const asCustomer = { email: requester.email, name: requester.name, type: 'customer' as const };
        const asAgent = { email: staff.email, name: staff.name, type: 'agent' as const };

        const fromCustomer = await ticketDesk().addComment({
          ticketId: ticket.id,
          author: asCustomer,
          body: 'More detail: it fails at 02:00.',
          internal: false,
        });
        expect(fromCustomer.comment).toMatchObject({
          ticketId: ticket.id,
          author: asCustomer,
          body: 'More detail: it fails at 02:00.',
          internal: false,
        });
        expect(fromCustomer.ticket.firstRespondedAt).toBeNull();

        const note = await ticketDesk().addComment({
          ticketId: ticket.id,
          author: asAgent,
          body: 'Looks like the known IPsec rekey bug.',
          internal: true,
        });
        expect(note.ticket.firstRespondedAt).toBeNull();

        const reply = await ticketDesk().addComment({
          ticketId: ticket.id,
          author: asAgent,
          body: 'We are on it.',
          internal: false,
          status: 'open',
        });
        expect(reply.ticket.status).toBe('open');
        const respondedAt = reply.ticket.firstRespondedAt;
        expect(respondedAt).toBeInstanceOf(Date);
        expect(reply.ticket.updatedAt.getTime()).toBeGreaterThanOrEqual(ticket.updatedAt.getTime());

        const again = await ticketDesk().addComment({
          ticketId: ticket.id,
          author: asAgent,
          body: 'A fix is coming.',
          internal: false,
        });
        expect(again.ticket.firstRespondedAt).toEqual(respondedAt);

        const all = await ticketDesk().listComments(ticket.id, { includeInternal: true });
        expect(all.map((comment) => [comment.body, comment.internal])).toEqual([
          ['More detail: it fails at 02:00.', false],
          ['Looks like the known IPsec rekey bug.', true],
          ['We are on it.', false],
          ['A fix is coming.', false],
        ]);
        const publicOnly = await ticketDesk().listComments(ticket.id, { includeInternal: false });
        expect(publicOnly.map((comment) => comment.id)).toEqual(
          all.filter((comment) => !comment.internal).map((comment) => comment.id),
        );
        const events = await ticketDesk().listTicketEvents(ticket.id);
        expect(
          events.map((event) => [event.kind, event.detail.from ?? null, event.detail.to ?? null]),
        ).toEqual([
          ['created', null, null],
          ['replied', null, null],
          ['noted', null, null],
          ['replied', null, null],
          ['status', 'new', 'open'],
          ['replied', null, null],
        ]);
        expect(events.slice(1).map((event) => event.actorEmail)).toEqual([
          requester.email,
          staff.email,
          staff.email,
          staff.email,
          staff.email,
        ]);
      });
    });

    describe('changes and files', () => {
      it('changes status, priority, assignee and due time, recording each field that changed', async () => {
        const requester = await customer();
        const staff = await agent('Sam Staff');
        const ticket = await open({ requesterEmail: requester.email });
        const due = new Date(Date.now() + 30 * 60_000);
        const changed = await ticketDesk().updateTicket(
          ticket.id,
          { status: 'pending', priority: 'P1', assigneeEmail: staff.email, firstResponseDueAt: due },
          staff.email,
        );
        expect(changed).toMatchObject({
          status: 'pending',
          priority: 'P1',
          assignee: { email: staff.email, name: 'Sam Staff' },
          firstResponseDueAt: due,
        });
        expect(await ticketDesk().getTicket(ticket.id)).toEqual(changed);

        // The same status again and an unassignment: only the assignee is a change.
        const unassigned = await ticketDesk().updateTicket(
          ticket.id,
          { status: 'pending', assigneeEmail: null },
          staff.email,
        );
        expect(unassigned?.assignee).toBeNull();
        const history = (await ticketDesk().listTicketEvents(ticket.id)).map((event) => [
          event.kind,
          event.detail.from ?? null,
          event.detail.to ?? null,
        ]);
        expect(history).toEqual([
          ['created', null, null],
          ['status', 'new', 'pending'],
          ['priority', 'P2', 'P1'],
          ['assigned', null, staff.email],
          ['assigned', staff.email, null],
        ]);
      });

      it('records a file in the history as a change of the ticket', async () => {
        const requester = await customer();
        const ticket = await open({ requesterEmail: requester.email });
        const after = await ticketDesk().recordAttachment(ticket.id, {
          fileName: 'diagnostics.tar.gz',
          actorEmail: requester.email,
        });
        expect(after?.id).toBe(ticket.id);
        expect(after?.updatedAt.getTime()).toBeGreaterThan(ticket.updatedAt.getTime());
        const [, attached] = await ticketDesk().listTicketEvents(ticket.id);
        expect(attached).toMatchObject({
          kind: 'attached',
          actorEmail: requester.email,
          detail: { to: 'diagnostics.tar.gz' },
        });
      });
    });

    describe('lists', () => {
      it('selects by scope, statuses, priority, assignee and answer, leaves out ids, orders and pages', async () => {
        const organisation = unique('org');
        const [one, colleague, stranger] = [await customer(), await customer(), await customer()];
        const staff = await agent();
        const make = (requester: { email: string }, hours: number, more: Partial<CreateTicketInput> = {}) =>
          open({ requesterEmail: requester.email, organisation, createdAt: hoursAgo(hours), ...more });
        const a = await make(one, 6, { priority: 'P1' });
        const b = await make(one, 5);
        const c = await make(colleague, 4);
        const d = await make(stranger, 3, { organisation: null });
        const e = await make(one, 2, { priority: 'P3' });
        // Changes move a ticket to the top of the newest-change order: b, then c.
        await ticketDesk().updateTicket(b.id, { status: 'solved', assigneeEmail: staff.email }, staff.email);
        await ticketDesk().addComment({
          ticketId: c.id,
          author: { email: staff.email, name: staff.name, type: 'agent' },
          body: 'Answered.',
          internal: false,
          status: 'open',
        });
        const mine = [a, b, c, d, e].map((ticket) => ticket.id);
        // Every ticket of these tests' people, newest change first: other tests' tickets left out.
        const list = async (query: Omit<Parameters<TicketDeskConnector['listTickets']>[0], 'scope'>) => {
          const all = await ticketDesk().listTickets({ scope: { kind: 'all' }, ...query });
          return { ...all, tickets: all.tickets.filter((ticket) => mine.includes(ticket.id)) };
        };
        const everything = { order: 'updated' as const, limit: 1000, offset: 0 };

        expect(ids((await list(everything)).tickets)).toEqual([c.id, b.id, e.id, d.id, a.id]);
        expect(ids((await list({ ...everything, order: 'created' })).tickets)).toEqual([
          a.id,
          b.id,
          c.id,
          d.id,
          e.id,
        ]);

        const requester = await ticketDesk().listTickets({
          scope: { kind: 'requester', email: one.email },
          ...everything,
        });
        expect(ids(requester.tickets)).toEqual([b.id, e.id, a.id]);
        expect(requester.count).toBe(3);
        const byOrganisation = await ticketDesk().listTickets({
          scope: { kind: 'organisation', organisation, email: stranger.email },
          ...everything,
        });
        expect(ids(byOrganisation.tickets)).toEqual([c.id, b.id, e.id, d.id, a.id]);
        const organisationOnly = await ticketDesk().listTickets({
          scope: { kind: 'organisation', organisation, email: unique('x') },
          ...everything,
        });
        expect(ids(organisationOnly.tickets)).toEqual([c.id, b.id, e.id, a.id]);

        expect(ids((await list({ ...everything, statuses: ['solved'] })).tickets)).toEqual([b.id]);
        expect(ids((await list({ ...everything, statuses: ['new', 'solved'] })).tickets)).toEqual([
          b.id,
          e.id,
          d.id,
          a.id,
        ]);
        expect((await list({ ...everything, statuses: [] })).tickets).toEqual([]);
        expect(ids((await list({ ...everything, priority: 'P1' })).tickets)).toEqual([a.id]);
        expect(ids((await list({ ...everything, assigneeEmail: staff.email })).tickets)).toEqual([b.id]);
        expect(ids((await list({ ...everything, assigneeEmail: null })).tickets)).toEqual([
          c.id,
          e.id,
          d.id,
          a.id,
        ]);
        expect(ids((await list({ ...everything, answered: true })).tickets)).toEqual([c.id]);
        expect(ids((await list({ ...everything, answered: false })).tickets)).toEqual([
          b.id,
          e.id,
          d.id,
          a.id,
        ]);
        expect(ids((await list({ ...everything, excludeIds: [b.id, d.id] })).tickets)).toEqual([
          c.id,
          e.id,
          a.id,
        ]);

        // Pages of the requester's three: the count is of all three on every page; limit 0 counts only.
        const page = (offset: number, limit: number) =>
          ticketDesk().listTickets({
            scope: { kind: 'requester', email: one.email },
            order: 'updated',
            limit,
            offset,
          });
        const [first, second, count] = [await page(0, 2), await page(2, 2), await page(0, 0)];
        expect([ids(first.tickets), first.count]).toEqual([[b.id, e.id], 3]);
        expect([ids(second.tickets), second.count]).toEqual([[a.id], 3]);
        expect([count.tickets, count.count]).toEqual([[], 3]);
        expect([first.countIsExact, second.countIsExact, count.countIsExact]).toEqual([true, true, true]);

        // A bounded count (countMax) counts at least to the page's end; a desk may count exactly all the same.
        const bounded = await ticketDesk().listTickets({
          scope: { kind: 'requester', email: one.email },
          order: 'updated',
          limit: 1,
          offset: 0,
          countMax: 1,
        });
        expect(ids(bounded.tickets)).toEqual([b.id]);
        expect(
          bounded.countIsExact ? bounded.count === 3 : bounded.count >= 1 && bounded.count < 3,
          JSON.stringify({ count: bounded.count, countIsExact: bounded.countIsExact }),
        ).toBe(true);

        // Asked for no count: the page alone, its count the tickets on it, never said to be exact.
        const uncounted = (offset: number) =>
          ticketDesk().listTickets({
            scope: { kind: 'requester', email: one.email },
            order: 'updated',
            limit: 2,
            offset,
            count: false,
          });
        const [head, tail] = [await uncounted(0), await uncounted(2)];
        expect([ids(head.tickets), head.count, head.countIsExact]).toEqual([[b.id, e.id], 2, false]);
        expect([ids(tail.tickets), tail.count, tail.countIsExact]).toEqual([[a.id], 1, false]);
      });
    });

    describe('ticket search', () => {
      it('finds a requester’s own requests by their words, never an internal note; agents search every ticket', async () => {
        const word = `zq${Date.now().toString(36)}`;
        const [requester, other] = [await customer(), await customer()];
        const staff = await agent();
        const ticket = await open({ requesterEmail: requester.email, subject: `Tunnel ${word} flaps` });
        await open({ requesterEmail: other.email, subject: `Tunnel ${word} flaps too` });
        const note = `${word}secret`;
        await ticketDesk().addComment({
          ticketId: ticket.id,
          author: { email: staff.email, name: staff.name, type: 'agent' },
          body: `Internal: ${note}`,
          internal: true,
        });
        const query = (text: string) => ({
          query: text,
          page: 1,
          pageSize: 10,
          signal: new AbortController().signal,
        });

        const requests = await ticketDesk().searchRequests(query(word), requester.email);
        expect(requests.hits.map((hit) => hit.id)).toEqual([ticket.id]);
        expect(requests.hits[0]).toMatchObject({ subject: `Tunnel ${word} flaps`, status: 'new' });
        expect((await ticketDesk().searchRequests(query(note), requester.email)).hits).toEqual([]);
        expect((await ticketDesk().searchRequests(query(word), '')).hits).toEqual([]);

        expect((await ticketDesk().searchTickets(query(word))).count).toBe(2);
        expect((await ticketDesk().searchTickets(query(note))).hits.map((hit) => hit.id)).toEqual([
          ticket.id,
        ]);
      });
    });
  });
}
