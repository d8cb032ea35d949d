import { describe, expect, it } from 'vitest';
import { dueState, firstResponseClockRuns, type TicketStatus } from './tickets';

const now = Date.parse('2026-11-25T10:00:00Z');
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
const SOON = 60;

const ticket = (
  status: TicketStatus | 'hold',
  dueInMinutes: number | null,
  respondedMinutesAgo: number | null = null,
) => ({
  status,
  firstResponseDueAt: dueInMinutes === null ? null : at(dueInMinutes),
  firstRespondedAt: respondedMinutesAgo === null ? null : at(-respondedMinutesAgo),
});

describe('dueState', () => {
  it.each([
    ['new', -30, 'overdue'],
    ['open', 0, 'overdue'],
    ['pending', 30, 'dueSoon'],
    ['hold', SOON, 'dueSoon'],
    ['open', SOON + 1, 'due'],
  ] as const)('a %s ticket due in %d min is %s while nobody has answered', (status, due, state) => {
    expect(dueState(ticket(status, due), now, SOON)).toBe(state);
    expect(firstResponseClockRuns(ticket(status, due))).toBe(true);
  });

  it.each(['solved', 'closed'] as const)(
    'a ticket %s before any public reply is stopped, never overdue, however long ago it was due',
    (status) => {
      for (const due of [-10_000, -1, 30, 10_000]) {
        expect(dueState(ticket(status, due), now, SOON)).toBe('stopped');
        expect(firstResponseClockRuns(ticket(status, due))).toBe(false);
      }
    },
  );

  it('an answered ticket is responded, whatever its status or due time', () => {
    for (const status of ['open', 'solved', 'closed'] as const) {
      expect(dueState(ticket(status, -120, 150), now, SOON)).toBe('responded');
      expect(firstResponseClockRuns(ticket(status, -120, 150))).toBe(false);
    }
  });

  it('a ticket with no due time runs no clock', () => {
    expect(dueState(ticket('open', null), now, SOON)).toBe('stopped');
    expect(firstResponseClockRuns(ticket('open', null))).toBe(false);
  });

  it("a solved ticket reopened by its requester's reply runs its clock again", () => {
    expect(dueState(ticket('solved', -30), now, SOON)).toBe('stopped');
    expect(dueState(ticket('open', -30), now, SOON)).toBe('overdue');
  });
});
