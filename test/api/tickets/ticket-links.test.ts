import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { ticketContextSchema, ticketIssueItemSchema } from '../../../src/common/contracts/ticket-links.js';
import { ticketDetailsSchema, type Ticket } from '../../../src/common/contracts/tickets.js';
import { trackerIssues } from '../../../src/server/connectors/tracker/builtin/schema.js';
import { callerOf, getAs, patchAs, postAs, refusal, type Caller } from '../../support/callers.js';
import { SAME_ORIGIN } from '../../support/http.js';
import { customerOf, openTicket, ticketPath } from '../../support/tickets.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * Tracker issues on a ticket: an agent links one the tracker knows (a typo is refused) and the ticket shows
 * its current status; a key written in a note links to the issue; a customer reaches none of it. And "Submit
 * as Solved": a reply and the new status in one call, agents only.
 */

const t = useTestApp({ seed: false });
let customer: Caller;
let agent: Caller;
let ticket: Ticket;

const contextOf = async (caller: Caller) =>
  ticketContextSchema.parse(
    (await getAs(t.app, caller, ticketPath(ticket.id, apiPaths.tickets.context))).json(),
  );
const link = (caller: Caller, key: string) =>
  postAs(t.app, caller, ticketPath(ticket.id, apiPaths.tickets.issueLinks), { key });
const unlink = (caller: Caller, key: string) =>
  t.app.inject({
    method: 'DELETE',
    url: ticketPath(ticket.id, apiPaths.tickets.issueLink).replace(':key', key),
    headers: { ...SAME_ORIGIN, ...caller.headers },
  });

beforeAll(async () => {
  await t.app.db.insert(trackerIssues).values([
    {
      key: 'NET-1008',
      summary: 'Tunnel drops after rekey',
      description: 'IKEv2 rekey',
      status: 'In Progress',
    },
    { key: 'NET-1009', summary: 'Portal slow', description: 'Slow', status: 'Done' },
  ]);
  customer = await customerOf(t.app);
  agent = await callerOf(t.app, 'agent');
  ticket = await openTicket(t.app, customer, { description: 'Looks like NET-1009 and UTF-8 trouble.' });
});

describe('tracker issues on a ticket', () => {
  it('links an issue the tracker knows and shows its current status; a second link changes nothing', async () => {
    const res = await link(agent, ' net-1008 ');
    expect(res.statusCode, res.body).toBe(201);
    expect(ticketIssueItemSchema.parse(res.json()).issue).toEqual({
      key: 'NET-1008',
      summary: 'Tunnel drops after rekey',
      status: 'In Progress',
      url: '/search?q=NET-1008&chip=jiraIssues',
    });
    expect((await link(agent, 'NET-1008')).statusCode).toBe(201);
    await t.app.db.update(trackerIssues).set({ status: 'Done' });
    const context = await contextOf(agent);
    expect(context.linked.map((issue) => [issue.key, issue.status])).toEqual([['NET-1008', 'Done']]);
    expect(context.trackerProblem).toBeNull();
  });

  it('refuses a key the tracker does not know, and one that is no key', async () => {
    expect(refusal(await link(agent, 'NET-9999'), 400)).toMatch(/no issue NET-9999/);
    expect(refusal(await link(agent, 'javascript:alert(1)'), 400)).toMatch(/issue key/);
  });

  it('names the known keys written in the description, comments and notes, not look-alikes', async () => {
    const note = await postAs(t.app, agent, ticketPath(ticket.id, apiPaths.tickets.comments), {
      body: 'Same as NET-1008, see also ABC-1.',
      internal: true,
    });
    expect(note.statusCode, note.body).toBe(201);
    const context = await contextOf(agent);
    expect(context.mentioned.map((issue) => issue.key)).toEqual(['NET-1009', 'NET-1008']);
  });

  it("lists the requester's other open tickets, not solved ones nor this one", async () => {
    const other = await openTicket(t.app, customer, { subject: 'Second request' });
    const solved = await openTicket(t.app, customer, { subject: 'Solved one' });
    expect((await patchAs(t.app, customer, ticketPath(solved.id), { status: 'solved' })).statusCode).toBe(
      200,
    );
    const context = await contextOf(agent);
    expect(context.otherOpenTickets.map((entry) => entry.id)).toEqual([other.id]);
  });

  it('keeps customers out: no context, no linking, no unlinking', async () => {
    expect(
      refusal(await getAs(t.app, customer, ticketPath(ticket.id, apiPaths.tickets.context)), 403),
    ).toBeTruthy();
    expect(refusal(await link(customer, 'NET-1009'), 403)).toBeTruthy();
    expect(refusal(await unlink(customer, 'NET-1008'), 403)).toBeTruthy();
  });

  it('unlinks an issue, and answers 404 for a link that is not there', async () => {
    expect((await unlink(agent, 'NET-1008')).statusCode).toBe(204);
    expect((await contextOf(agent)).linked).toEqual([]);
    expect(refusal(await unlink(agent, 'NET-1008'), 404)).toMatch(/no link/);
  });
});

describe('a reply with a status change', () => {
  it('sends an agent reply and solves the ticket in one call', async () => {
    const res = await postAs(t.app, agent, ticketPath(ticket.id, apiPaths.tickets.comments), {
      body: 'Fixed in 8.1.2.',
      status: 'solved',
    });
    expect(res.statusCode, res.body).toBe(201);
    const details = ticketDetailsSchema.parse((await getAs(t.app, customer, ticketPath(ticket.id))).json());
    expect(details.ticket.status).toBe('solved');
    expect(details.comments.at(-1)?.body).toBe('Fixed in 8.1.2.');
  });

  it('refuses a status from a customer, keeping the reply unsent', async () => {
    const before = ticketDetailsSchema.parse((await getAs(t.app, customer, ticketPath(ticket.id))).json());
    const res = await postAs(t.app, customer, ticketPath(ticket.id, apiPaths.tickets.comments), {
      body: 'Please close it',
      status: 'pending',
    });
    expect(refusal(res, 403)).toMatch(/only agents/);
    const after = ticketDetailsSchema.parse((await getAs(t.app, customer, ticketPath(ticket.id))).json());
    expect(after.comments).toHaveLength(before.comments.length);
  });
});

describe('links past their limit', () => {
  const limited = useTestApp({ seed: false, env: { RATE_LIMIT_ISSUE_LINK_WRITES_PER_MINUTE: '2' } });

  it('the third link or unlink in a minute is refused in words, before its body is read; reads go on', async () => {
    await limited.app.db
      .insert(trackerIssues)
      .values({ key: 'NET-2001', summary: 'Rekey', description: 'Rekey', status: 'Open' });
    const owner = await customerOf(limited.app);
    const writer = await callerOf(limited.app, 'agent');
    const opened = await openTicket(limited.app, owner);
    const links = ticketPath(opened.id, apiPaths.tickets.issueLinks);
    expect((await postAs(limited.app, writer, links, { key: 'NET-2001' })).statusCode).toBe(201);
    const unlinked = await limited.app.inject({
      method: 'DELETE',
      url: ticketPath(opened.id, apiPaths.tickets.issueLink).replace(':key', 'NET-2001'),
      headers: { ...SAME_ORIGIN, ...writer.headers },
    });
    expect(unlinked.statusCode, unlinked.body).toBe(204);
    const third = await postAs(limited.app, writer, links, '{not json');
    expect(refusal(third, 429)).toMatch(
      /^You have linked or unlinked 2 issues in the last minute\. Please wait (?:\d+ seconds?|1 minute) before changing another link\.$/,
    );
    expect(third.headers['retry-after']).toBeDefined();
    // Another agent has a limit of their own, and the ticket's context is a read: neither is counted.
    const other = await callerOf(limited.app, 'agent');
    expect((await postAs(limited.app, other, links, { key: 'NET-2001' })).statusCode).toBe(201);
    const context = await getAs(limited.app, writer, ticketPath(opened.id, apiPaths.tickets.context));
    expect(context.statusCode).toBe(200);
  });
});
