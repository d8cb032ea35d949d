import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_TIERS, TICKET_PRIORITIES } from '../../../common/tickets.js';
import { loadConfig } from '../../config/load-config.js';
import {
  addBusinessMinutes,
  byDue,
  byNewestChange,
  clockRuns,
  createSlaClock,
  dueState,
  type ClockFacts,
  type SlaClock,
} from './sla-clock.js';

const HOURS = { days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00' };
let clock: SlaClock;

beforeAll(async () => {
  clock = createSlaClock(await loadConfig(path.resolve('config/portal.yaml')));
});

describe('the first-response due time (spec section 9: priorities, tiers, 24/7 or business hours)', () => {
  // Wednesday 2026-11-25 10:00 in New York (15:00 UTC): inside business hours.
  const wednesday = new Date('2026-11-25T15:00:00Z');
  const expected: Record<string, string> = {
    'P1/Basic': '2026-11-25T17:00:00.000Z',
    'P1/Enterprise': '2026-11-25T16:00:00.000Z',
    'P1/Enterprise Plus': '2026-11-25T15:30:00.000Z',
    'P1/Strategic': '2026-11-25T15:20:00.000Z',
    // Basic P2: 8 business hours from 10:00 = 7 h left today (to 17:00), 1 h on Thursday: 09:00 local.
    'P2/Basic': '2026-11-26T14:00:00.000Z',
    'P2/Enterprise': '2026-11-25T19:00:00.000Z',
    'P2/Enterprise Plus': '2026-11-25T19:00:00.000Z',
    'P2/Strategic': '2026-11-25T17:00:00.000Z',
    // Basic P3: 24 business hours = 7 (Wed) + 9 (Thu) + 8 (Fri, to 16:00 local).
    'P3/Basic': '2026-11-27T21:00:00.000Z',
    'P3/Enterprise': '2026-11-26T03:00:00.000Z',
    'P3/Enterprise Plus': '2026-11-25T23:00:00.000Z',
    'P3/Strategic': '2026-11-25T23:00:00.000Z',
  };
  const cases = TICKET_PRIORITIES.flatMap((priority) => SUPPORT_TIERS.map((tier) => ({ priority, tier })));
  it.each(cases)('$priority for $tier', ({ priority, tier }) => {
    const due = clock({ createdAt: wednesday, priority, tier, timeZone: 'America/New_York' });
    expect(due.toISOString()).toBe(expected[`${priority}/${tier}`]);
  });

  it('a Basic P2 opened on Friday evening is due on Monday', () => {
    // Friday 2026-11-27 18:30 in Berlin: after hours; 8 business hours = all of Monday 08:00-16:00.
    const friday = new Date('2026-11-27T17:30:00Z');
    const due = clock({ createdAt: friday, priority: 'P2', tier: 'Basic', timeZone: 'Europe/Berlin' });
    expect(due.toISOString()).toBe('2026-11-30T15:00:00.000Z');
  });

  it('a Basic P1 counts 24/7: opened on Friday evening, due that night', () => {
    const friday = new Date('2026-11-27T17:30:00Z');
    const due = clock({ createdAt: friday, priority: 'P1', tier: 'Basic', timeZone: 'Europe/Berlin' });
    expect(due.toISOString()).toBe('2026-11-27T19:30:00.000Z');
  });

  it('a ticket opened before the hours starts at opening time, and the hours follow daylight saving', () => {
    // Monday 2026-03-09 06:00 in New York, the day after clocks went forward (UTC-4): 1 h after 08:00 local.
    expect(
      addBusinessMinutes(new Date('2026-03-09T10:00:00Z'), 60, 'America/New_York', HOURS).toISOString(),
    ).toBe('2026-03-09T13:00:00.000Z');
    // The Friday before, still UTC-5.
    expect(
      addBusinessMinutes(new Date('2026-03-06T11:00:00Z'), 60, 'America/New_York', HOURS).toISOString(),
    ).toBe('2026-03-06T14:00:00.000Z');
  });

  it('a configuration without working time fails loudly instead of looping', () => {
    expect(() =>
      addBusinessMinutes(new Date(), 60, 'UTC', { ...HOURS, start: '09:00', end: '09:00' }),
    ).toThrow(/no working time/);
  });
});

const now = Date.parse('2026-11-25T10:00:00Z');
const at = (minutes: number) => new Date(now + minutes * 60_000);
const SOON = 60;

const facts = (
  status: ClockFacts['status'],
  dueInMinutes: number | null,
  respondedMinutesAgo: number | null = null,
): ClockFacts => ({
  status,
  firstResponseDueAt: dueInMinutes === null ? null : at(dueInMinutes),
  firstRespondedAt: respondedMinutesAgo === null ? null : at(-respondedMinutesAgo),
});

describe('where a ticket stands against its first-response target', () => {
  it.each([
    ['new', -30, 'overdue'],
    ['open', 0, 'overdue'],
    ['pending', 30, 'dueSoon'],
    ['hold', SOON, 'dueSoon'],
    ['open', SOON + 1, 'due'],
  ] as const)('a %s ticket due in %d min is %s while nobody has answered', (status, due, state) => {
    expect(dueState(facts(status, due), now, SOON)).toBe(state);
    expect(clockRuns(facts(status, due))).toBe(true);
  });

  it.each(['solved', 'closed'] as const)(
    'a ticket %s before any public reply is stopped, never overdue, however long ago it was due',
    (status) => {
      for (const due of [-10_000, -1, 30, 10_000]) {
        expect(dueState(facts(status, due), now, SOON)).toBe('stopped');
        expect(clockRuns(facts(status, due))).toBe(false);
      }
    },
  );

  it('an answered ticket is responded, whatever its status or due time', () => {
    for (const status of ['open', 'pending', 'solved', 'closed'] as const) {
      expect(dueState(facts(status, -120, 150), now, SOON)).toBe('responded');
      expect(clockRuns(facts(status, -120, 150))).toBe(false);
    }
  });

  it('a ticket with no due time runs no clock', () => {
    expect(dueState(facts('open', null), now, SOON)).toBe('stopped');
    expect(clockRuns(facts('open', null))).toBe(false);
  });

  it("pauses while solved: the requester's reply that reopens it runs the clock again, with the same due time", () => {
    expect(dueState(facts('solved', -30), now, SOON)).toBe('stopped');
    expect(dueState(facts('open', -30), now, SOON)).toBe('overdue');
  });

  it('the states split the running clock at now and at now + the due-soon minutes', () => {
    const states = [-1, 0, 1, SOON, SOON + 1].map((due) => dueState(facts('open', due), now, SOON));
    expect(states).toEqual(['overdue', 'overdue', 'dueSoon', 'dueSoon', 'due']);
  });
});

describe('the order of the agents’ queue', () => {
  const ticket = (id: number, updatedMinutesAgo: number, clock: ClockFacts) => ({
    id,
    updatedAt: at(-updatedMinutesAgo),
    ...clock,
  });
  const tickets = [
    ticket(1, 5, facts('open', 240)),
    ticket(2, 1, facts('solved', -600)),
    ticket(3, 50, facts('new', -90)),
    ticket(4, 3, facts('open', 60, 10)),
    ticket(5, 2, facts('pending', 30)),
    ticket(6, 4, facts('open', null)),
    ticket(7, 5, facts('hold', 240)),
  ];

  it('puts running clocks first, the most overdue on top, ties by newest change; then the rest, newest change first', () => {
    expect([...tickets].sort(byDue).map(({ id }) => id)).toEqual([3, 5, 7, 1, 2, 4, 6]);
  });

  it('by newest change: the same instant puts the newer ticket first', () => {
    expect([...tickets].sort(byNewestChange).map(({ id }) => id)).toEqual([2, 5, 4, 6, 7, 1, 3]);
  });
});
