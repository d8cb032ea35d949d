import { beforeAll, describe, expect, it } from 'vitest';
import type { DueState } from '../../../src/common/tickets.js';
import type { CreateTicketInput } from '../../../src/server/connectors/ticket-desk/types.js';
import { listQueue, type QueueQuery } from '../../../src/server/services/tickets/ticket-queue.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * The portal's due filters and due order over the built-in help desk, page by page: the help desk only
 * selects by plain facts, and the pages the portal puts together from the waiting tickets it orders itself
 * and the rest the help desk pages must hold every ticket once, in the order of the whole list.
 */

const t = useTestApp({ seed: false });
const SOON = 60;
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

beforeAll(async () => {
  const { helpdesk, ticketDesk } = t.app.connectors;
  let opened = 0;
  await helpdesk.createUser({ email: 'queue@example.com', name: 'Q', role: 'customer', providedId: null });
  const open = async (name: string, due: number | null, more: Partial<CreateTicketInput> = {}) => {
    const ticket = await ticketDesk.createTicket({
      subject: name,
      description: name,
      priority: 'P2',
      type: 'Technical query',
      release: null,
      requesterEmail: 'queue@example.com',
      requesterProvidedId: null,
      organisation: null,
      tier: 'Enterprise',
      // Created in this order, so the newest-change order is the reverse until something changes.
      createdAt: minutes(-600 + (opened += 1)),
      firstResponseDueAt: due === null ? null : minutes(due),
      conversationId: null,
      conversation: null,
      ...more,
    });
    return ticket;
  };
  await open('overdue', -120);
  await open('overdue-less', -5, { priority: 'P1' });
  await open('soon', 30);
  await open('later', 600);
  await open('no-due', null);
  const solved = await open('solved-unanswered', -300);
  const answered = await open('answered', -200);
  await ticketDesk.updateTicket(solved.id, { status: 'solved' }, 'agent@acme.example');
  await ticketDesk.addComment({
    ticketId: answered.id,
    author: { email: 'agent@acme.example', name: 'Agent', type: 'agent' },
    body: 'Answered.',
    internal: false,
    status: 'open',
  });
});

const page = async (query: Partial<QueueQuery> & { limit: number; offset: number }, countMax = 10_000) => {
  const result = await listQueue(
    { ticketDesk: t.app.connectors.ticketDesk, now: Date.now(), dueSoonMinutes: SOON, countMax },
    { scope: { kind: 'all' }, sort: 'due', ...query },
  );
  return { names: result.tickets.map((ticket) => ticket.subject), count: result.count };
};

/** Every page of `size` of the query, joined. */
const allPages = async (query: Partial<QueueQuery>, size: number) => {
  const names: string[] = [];
  for (let offset = 0; ; offset += size) {
    const { names: more, count } = await page({ ...query, limit: size, offset });
    names.push(...more);
    if (offset + size >= count) return { names, count };
  }
};

/**
 * Every page of `size` with the count bounded at `countMax`, as the list's pages are followed: on while the
 * count is not exact or a later page holds more; each page's count and whether it was exact.
 */
const boundedPages = async (query: Partial<QueueQuery>, size: number, countMax: number) => {
  const names: string[] = [];
  const counts: Array<[number, boolean]> = [];
  for (let offset = 0; ; offset += size) {
    const result = await listQueue(
      { ticketDesk: t.app.connectors.ticketDesk, now: Date.now(), dueSoonMinutes: SOON, countMax },
      { scope: { kind: 'all' }, sort: 'due', ...query, limit: size, offset },
    );
    names.push(...result.tickets.map((ticket) => ticket.subject));
    counts.push([result.count, result.countIsExact]);
    if (result.countIsExact && offset + size >= result.count) return { names, counts };
  }
};

describe('the queue (sort=due) over a help desk that knows no clock', () => {
  const wholeQueue = [
    'overdue',
    'overdue-less',
    'soon',
    'later',
    // The rest, newest change first: the answer and the solve are the latest changes.
    'answered',
    'solved-unanswered',
    'no-due',
  ];

  it('puts running clocks first, soonest due on top, then the rest by newest change', async () => {
    expect((await page({ limit: 25, offset: 0 })).names).toEqual(wholeQueue);
  });

  it.each([1, 2, 3, 4, 5])(
    'pages of %i hold every ticket once, across the running/rest boundary',
    async (size) => {
      expect(await allPages({}, size)).toEqual({ names: wholeQueue, count: 7 });
    },
  );

  it('filters by due state in the portal, sorted by due or by newest change, and pages the result', async () => {
    const of = async (due: DueState, sort: QueueQuery['sort'] = 'due') =>
      (await page({ due, sort, limit: 25, offset: 0 })).names;
    expect(await of('overdue')).toEqual(['overdue', 'overdue-less']);
    expect(await of('overdue', 'updated')).toEqual(['overdue-less', 'overdue']);
    expect(await of('dueSoon')).toEqual(['soon']);
    expect(await of('due')).toEqual(['later']);
    expect(await of('responded')).toEqual(['answered']);
    expect(await of('stopped')).toEqual(['solved-unanswered', 'no-due']);
    expect(await page({ due: 'overdue', limit: 1, offset: 1 })).toEqual({
      names: ['overdue-less'],
      count: 2,
    });
    expect(await page({ due: 'stopped', limit: 1, offset: 1 })).toEqual({ names: ['no-due'], count: 2 });
  });

  it('combines the due filters and order with the plain filters the help desk applies', async () => {
    expect((await page({ priority: 'P1', limit: 25, offset: 0 })).names).toEqual(['overdue-less']);
    expect((await page({ statuses: ['solved'], limit: 25, offset: 0 })).names).toEqual(['solved-unanswered']);
    expect((await page({ statuses: ['solved'], due: 'overdue', limit: 25, offset: 0 })).names).toEqual([]);
    expect((await page({ statuses: ['new'], due: 'stopped', limit: 25, offset: 0 })).names).toEqual([
      'no-due',
    ]);
    expect(await allPages({ statuses: ['new'] }, 2)).toEqual({
      names: ['overdue', 'overdue-less', 'soon', 'later', 'no-due'],
      count: 5,
    });
  });

  it('counts up to countMax, and past it says more: the pages still hold every ticket once', async () => {
    const { names, counts } = await boundedPages({}, 2, 3);
    expect(names).toEqual(wholeQueue);
    // The waiting four are read whole; the rest are counted to the bound, or to the end of the page.
    expect(counts).toEqual([
      [4, false],
      [4, false],
      [6, false],
      [7, true],
    ]);
    const updated = await boundedPages({ sort: 'updated' }, 3, 2);
    expect(updated.names).toHaveLength(7);
    expect(updated.counts).toEqual([
      [3, false],
      [6, false],
      [7, true],
    ]);
    expect((await boundedPages({ sort: 'updated' }, 25, 7)).counts).toEqual([[7, true]]);
  });

  it('sort=updated without a due filter is the help desk’s own newest-change order', async () => {
    expect((await page({ sort: 'updated', limit: 25, offset: 0 })).names).toEqual([
      'answered',
      'solved-unanswered',
      'no-due',
      'later',
      'soon',
      'overdue-less',
      'overdue',
    ]);
  });
});
