import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { ticketListSchema, type Ticket } from '../../../src/common/contracts/tickets.js';
import { callerOf, getAs, patchAs, postAs, type Caller } from '../../support/callers.js';
import { customerOf, openTicket, ticketPath } from '../../support/tickets.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * The first-response clock in the agents' queue: a ticket solved or closed before any public agent
 * reply awaits no response, so it is neither overdue nor due (soon), and the due sort puts it after every
 * ticket whose clock runs. The list's filters and sort (SQL) and each ticket's `dueState` must agree.
 */

// A file of its own: the queue holds exactly the tickets below, so order and filters can be checked whole.
const t = useTestApp({ seed: false });
let agent: Caller;

beforeAll(async () => {
  agent = await callerOf(t.app, 'agent');
});

afterEach(() => {
  vi.useRealTimers();
});

const queue = async (query: string) => {
  const res = await getAs(t.app, agent, `${apiPaths.tickets.tickets}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ticketListSchema.parse(res.json()).tickets;
};
const ids = (tickets: Ticket[]) => tickets.map((ticket) => ticket.id);

describe('the due sort and the due filters', () => {
  it('put overdue open tickets first and never count a ticket solved or closed unanswered as overdue or due', async () => {
    const realNow = Date.now();
    // Two days ago, an Enterprise customer (24/7, P2 due in 4 hours) opened three tickets.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(realNow - 2 * 86_400_000);
    const old = await customerOf(t.app, { tier: 'Enterprise' });
    const overdueOpen = await openTicket(t.app, old, { subject: 'Still waiting' });
    const solvedUnanswered = await openTicket(t.app, old, { subject: 'Solved it myself' });
    const closedUnanswered = await openTicket(t.app, old, { subject: 'Closed by the agent' });
    const answered = await openTicket(t.app, old, { subject: 'Answered in time' });
    // The requester marks one solved before anyone answered (their session is of that time too).
    const solved = await patchAs(t.app, old, ticketPath(solvedUnanswered.id), { status: 'solved' });
    expect(solved.statusCode, solved.body).toBe(200);
    vi.useRealTimers();

    const closed = await patchAs(t.app, agent, ticketPath(closedUnanswered.id), { status: 'closed' });
    expect(closed.statusCode, closed.body).toBe(200);
    const reply = await postAs(t.app, agent, ticketPath(answered.id, apiPaths.tickets.comments), {
      body: 'Here is the answer.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    // Today: one ticket due in four hours, and one that an agent solves before answering it.
    const today = await customerOf(t.app, { tier: 'Enterprise' });
    const runningDue = await openTicket(t.app, today, { subject: 'Due later today' });
    const solvedEarly = await openTicket(t.app, today, { subject: 'Solved before an answer' });
    expect((await patchAs(t.app, agent, ticketPath(solvedEarly.id), { status: 'solved' })).statusCode).toBe(
      200,
    );

    const byDue = await queue('sort=due');
    const stateOf = new Map(byDue.map((ticket) => [ticket.id, ticket.dueState]));
    expect(stateOf.get(overdueOpen.id)).toBe('overdue');
    expect(stateOf.get(runningDue.id)).toBe('due');
    expect(stateOf.get(answered.id)).toBe('responded');
    for (const id of [solvedUnanswered.id, closedUnanswered.id, solvedEarly.id]) {
      expect(stateOf.get(id)).toBe('stopped');
    }
    // Running clocks first, soonest due on top; then the rest, newest change first.
    expect(ids(byDue)).toEqual([
      overdueOpen.id,
      runningDue.id,
      solvedEarly.id,
      answered.id,
      closedUnanswered.id,
      solvedUnanswered.id,
    ]);

    expect(ids(await queue('due=overdue'))).toEqual([overdueOpen.id]);
    expect(ids(await queue('due=dueSoon'))).toEqual([]);
    expect(ids(await queue('due=due'))).toEqual([runningDue.id]);
    expect(ids(await queue('due=responded'))).toEqual([answered.id]);
    expect(ids(await queue('due=stopped&sort=updated'))).toEqual([
      solvedEarly.id,
      closedUnanswered.id,
      solvedUnanswered.id,
    ]);
    // The customer's own view says the same.
    const mine = ticketListSchema.parse(
      (await getAs(t.app, today, `${apiPaths.tickets.tickets}?due=stopped`)).json(),
    );
    expect(mine.tickets.map((ticket) => [ticket.id, ticket.dueState])).toEqual([[solvedEarly.id, 'stopped']]);
  });
});
