import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { ticketListSchema } from '../../../src/common/contracts/tickets.js';
import { TICKETS_PAGE_SIZE } from '../../../src/common/tickets.js';
import { callerOf, getAs, type Caller } from '../../support/callers.js';
import { createSourceBuild } from '../../support/rendered-pages.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { countStatements, statementsDuring } from '../../support/sql-statements.js';
import { customerOf } from '../../support/tickets.js';

/**
 * The lists' bounded count: a list counts the tickets its filters select up to TICKET_LIST_COUNT_MAX (or to
 * the end of the page asked for), then says that more exist, and its pages go on past the count. Counting a
 * million tickets on every page was what made the queue time out at that size (bench/README.md, scale).
 */

const TICKETS = TICKETS_PAGE_SIZE + 5;
let t: TestApp;
let build: Awaited<ReturnType<typeof createSourceBuild>>;
let customer: Caller;
let agent: Caller;

const list = async (caller: Caller, query: string) => {
  const res = await getAs(t.app, caller, `${apiPaths.tickets.tickets}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ticketListSchema.parse(res.json());
};
const countOf = (page: { count: number; countIsExact: boolean; tickets: unknown[] }) => ({
  count: page.count,
  countIsExact: page.countIsExact,
  listed: page.tickets.length,
});

beforeAll(async () => {
  // Pages render from the sources, as in production (the queue's page is checked last).
  build = await createSourceBuild();
  t = await createTestApp({ seed: false, distDir: build.dir, env: { TICKET_LIST_COUNT_MAX: '2' } });
  customer = await customerOf(t.app);
  agent = await callerOf(t.app, 'agent');
  for (let n = 0; n < TICKETS; n += 1) {
    // Straight into the help desk (no rate limit), without a due time: no clock runs, every list is paged
    // and counted by the help desk.
    await t.app.connectors.ticketDesk.createTicket({
      subject: `Pulsar ${n}`,
      description: 'Counted, not read.',
      priority: 'P3',
      type: 'Technical query',
      release: null,
      requesterEmail: customer.email,
      requesterProvidedId: null,
      organisation: null,
      tier: 'Basic',
      createdAt: new Date(Date.now() - (TICKETS - n) * 60_000),
      firstResponseDueAt: null,
      conversationId: null,
      conversation: null,
    });
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await build?.remove();
});

describe('a list past the count bound', () => {
  it('counts to the end of its page and says more; the next page counts to its end, exactly', async () => {
    for (const query of ['sort=updated', 'status=any', 'q=pulsar']) {
      expect(countOf(await list(agent, query)), query).toEqual({
        count: TICKETS_PAGE_SIZE,
        countIsExact: false,
        listed: TICKETS_PAGE_SIZE,
      });
      expect(countOf(await list(agent, `${query}&page=2`)), query).toEqual({
        count: TICKETS,
        countIsExact: true,
        listed: 5,
      });
    }
    // Past the end: nothing listed, and the count says how many there are.
    expect(countOf(await list(agent, 'sort=updated&page=3'))).toEqual({
      count: TICKETS,
      countIsExact: true,
      listed: 0,
    });
  });

  it("is the same on the customer's own list", async () => {
    expect(countOf(await list(customer, 'status=any'))).toEqual({
      count: TICKETS_PAGE_SIZE,
      countIsExact: false,
      listed: TICKETS_PAGE_SIZE,
    });
    const second = await list(customer, 'status=any&page=2');
    expect(countOf(second)).toEqual({ count: TICKETS, countIsExact: true, listed: 5 });
    expect(second.tickets.map((ticket) => ticket.subject)).toEqual([
      'Pulsar 4',
      'Pulsar 3',
      'Pulsar 2',
      'Pulsar 1',
      'Pulsar 0',
    ]);
  });

  it('counts exactly what fits under the bound', async () => {
    expect(countOf(await list(agent, 'q=pulsar%2029'))).toEqual({ count: 1, countIsExact: true, listed: 1 });
    expect(countOf(await list(agent, 'status=solved'))).toEqual({ count: 0, countIsExact: true, listed: 0 });
  });
});

/** The statements that counted help desk tickets, of those that ran during `run`. */
async function ticketCountsDuring<T>(run: () => Promise<T>): Promise<{ result: T; counts: string[] }> {
  const { result, statements } = await statementsDuring(t.database.handle, run);
  return { result, counts: countStatements(statements).filter((sql) => sql.includes('helpdesk_tickets')) };
}

describe('a list asked for no count', () => {
  const query = { scope: { kind: 'all' }, order: 'updated', limit: 10, offset: 0 } as const;

  it('runs no count statement at the built-in desk, and answers the page alone', async () => {
    const { result, counts } = await ticketCountsDuring(() =>
      t.app.connectors.ticketDesk.listTickets({ ...query, count: false }),
    );
    expect(counts).toEqual([]);
    expect(result.tickets.map((ticket) => ticket.subject)).toHaveLength(10);
    expect([result.count, result.countIsExact]).toEqual([10, false]);
    // The same list with a count runs one (so the capture sees them).
    const counted = await ticketCountsDuring(() =>
      t.app.connectors.ticketDesk.listTickets({ ...query, countMax: 2 }),
    );
    expect(counted.counts).toHaveLength(1);
    expect([counted.result.count, counted.result.countIsExact]).toEqual([10, false]);
  });

  it("is how the agents' queue reads its waiting tickets: only the listed rest is counted", async () => {
    const { result, counts } = await ticketCountsDuring(() => list(agent, 'sort=due&status=any'));
    expect(countOf(result)).toEqual({
      count: TICKETS_PAGE_SIZE,
      countIsExact: false,
      listed: TICKETS_PAGE_SIZE,
    });
    expect(counts).toHaveLength(1);
  });
});

describe("the queue's page past the count bound", () => {
  it('says "More than" in words and offers the page after the counted ones', async () => {
    const first = await getAs(t.app, agent, '/tickets?status=any');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(`More than ${TICKETS_PAGE_SIZE} tickets`);
    expect(first.body).toContain('aria-label="Page 2"');
    // The second page counted to its end: exact, and no third page.
    const second = await getAs(t.app, agent, '/tickets?status=any&page=2');
    expect(second.body).toContain(`${TICKETS} tickets`);
    expect(second.body).not.toContain('More than');
    expect(second.body).not.toContain('aria-label="Page 3"');
  });
});
