import { DateTime } from 'luxon';
import {
  OPEN_WORK_STATUSES,
  SUPPORT_TIERS,
  slaMinutes,
  type DueState,
  type SupportTier,
  type TicketPriority,
  type TicketStatus,
} from '../../../common/tickets.js';
import type { PortalConfig } from '../../../common/portal-config.js';

/**
 * The portal's first-response clock, in one place: when a ticket's first response is due (the SLA table's
 * target for its priority and tier, 24/7 or in business hours), whether its clock runs, where it stands
 * against the target, and the order of the agents' queue. The help desk only keeps the facts it reads (status,
 * the due time the portal wrote, when an agent first replied in public); no help desk computes any of this.
 */

/** Weekday business hours in a time zone: ISO weekdays (Monday = 1) and local `HH:MM` bounds. */
export interface BusinessHours {
  days: readonly number[];
  start: string;
  end: string;
}

const minutesOf = (hhmm: string) => {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * The instant `minutes` of weekday business hours after `from`, counted in `timeZone` (spec section 9: 8/5
 * coverage). Time outside the hours does not count: a ticket opened on Friday evening starts its clock on
 * Monday morning. Day by day, in local wall time, so a daylight-saving change moves the hours with the clock
 * on the wall.
 */
export function addBusinessMinutes(
  from: Date,
  minutes: number,
  timeZone: string,
  hours: BusinessHours,
): Date {
  const open = minutesOf(hours.start);
  const close = minutesOf(hours.end);
  let left = minutes;
  let day = DateTime.fromJSDate(from, { zone: timeZone }).startOf('day');
  const start = DateTime.fromJSDate(from, { zone: timeZone });
  // A year of days is far more than any target needs; a configuration with no working day stops here.
  for (let days = 0; days < 366; days += 1, day = day.plus({ days: 1 })) {
    if (!hours.days.includes(day.weekday)) continue;
    const windowStart = DateTime.max(day.plus({ minutes: open }), start);
    const windowEnd = day.plus({ minutes: close });
    const available = windowEnd.diff(windowStart, 'minutes').minutes;
    if (available <= 0) continue;
    if (left <= available) return windowStart.plus({ minutes: left }).toJSDate();
    left -= available;
  }
  throw new Error('addBusinessMinutes: the business hours have no working time');
}

export type SlaClock = (input: {
  createdAt: Date;
  priority: TicketPriority;
  tier: SupportTier;
  timeZone: string;
}) => Date;

/**
 * The first-response due time of a ticket: the SLA table's target for its priority and tier,
 * counted 24/7 or, where `ticketing.businessHoursClock` says so (Basic P2 and P3), in weekday business hours
 * of the organisation's time zone.
 */
export function createSlaClock(config: Pick<PortalConfig, 'sla' | 'ticketing'>): SlaClock {
  const targets = new Map<string, number>();
  for (const row of config.sla.firstResponse) {
    row.values.forEach((value, index) => {
      const minutes = slaMinutes(value);
      const tier = SUPPORT_TIERS[index];
      if (minutes !== undefined && tier) targets.set(`${row.priority}/${tier}`, minutes);
    });
  }
  const businessHoursFor = new Set(
    config.ticketing.businessHoursClock.flatMap((rule) => rule.priorities.map((p) => `${p}/${rule.tier}`)),
  );
  return ({ createdAt, priority, tier, timeZone }) => {
    const key = `${priority}/${tier}`;
    const minutes = targets.get(key);
    if (minutes === undefined) throw new Error(`sla: no first-response target for ${key}`);
    return businessHoursFor.has(key)
      ? addBusinessMinutes(createdAt, minutes, timeZone, config.ticketing.businessHours)
      : new Date(createdAt.getTime() + minutes * 60_000);
  };
}

/** The first-response targets of one tier as the SLA table writes them, and how each counts (24/7 or not). */
export function tierTargets(config: Pick<PortalConfig, 'sla' | 'ticketing'>, tier: SupportTier) {
  const column = SUPPORT_TIERS.indexOf(tier);
  const business = new Set(
    config.ticketing.businessHoursClock
      .filter((rule) => rule.tier === tier)
      .flatMap((rule) => rule.priorities),
  );
  return config.sla.firstResponse.map((row) => ({
    priority: row.priority,
    description: row.description,
    target: row.values[column] ?? '',
    clock: business.has(row.priority) ? ('business hours' as const) : ('24/7' as const),
  }));
}

/** What the clock reads of a ticket: facts any help desk keeps. */
export interface ClockFacts {
  status: TicketStatus;
  firstResponseDueAt: Date | null;
  firstRespondedAt: Date | null;
}

/**
 * Statuses in which a ticket awaits no first response: solved or closed (by its requester or an agent) before
 * any agent replied in public. A customer's reply that reopens it starts the clock again, with the due time it
 * had: the clock pauses, it does not restart.
 */
export const CLOCK_STOPPING_STATUSES = ['solved', 'closed'] as const satisfies readonly TicketStatus[];

/** The statuses in which the clock may run: every other one. */
export const CLOCK_RUNNING_STATUSES = OPEN_WORK_STATUSES;

/** Whether a ticket's first-response clock runs: nobody has answered in public, it has a due time, and it is open. */
export function clockRuns(ticket: ClockFacts): ticket is ClockFacts & { firstResponseDueAt: Date } {
  return (
    ticket.firstRespondedAt === null &&
    ticket.firstResponseDueAt !== null &&
    !(CLOCK_STOPPING_STATUSES as readonly string[]).includes(ticket.status)
  );
}

/**
 * Where a ticket stands against its first-response target: answered (an agent's public reply stopped the
 * clock), stopped without an answer (solved or closed first, or no due time at all), or, while the clock runs,
 * overdue, due soon (within `dueSoonMinutes`) or due later.
 */
export function dueState(ticket: ClockFacts, now: number, dueSoonMinutes: number): DueState {
  if (ticket.firstRespondedAt) return 'responded';
  if (!clockRuns(ticket)) return 'stopped';
  const left = ticket.firstResponseDueAt.getTime() - now;
  if (left <= 0) return 'overdue';
  return left <= dueSoonMinutes * 60_000 ? 'dueSoon' : 'due';
}

/** What the queue's order reads of a ticket. */
type Ordered = ClockFacts & { id: number; updatedAt: Date };

/** Newest change first (the same instant: the newer ticket first): the order of every list. */
export function byNewestChange(a: Ordered, b: Ordered): number {
  return b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id;
}

/**
 * The agents' queue (`sort=due`): running clocks first, soonest due on top (so the most overdue first), ties by
 * newest change; then every other ticket, newest change first.
 */
export function byDue(a: Ordered, b: Ordered): number {
  const aRuns = clockRuns(a);
  const bRuns = clockRuns(b);
  if (aRuns !== bRuns) return aRuns ? -1 : 1;
  if (aRuns && bRuns) {
    const due = a.firstResponseDueAt.getTime() - b.firstResponseDueAt.getTime();
    if (due !== 0) return due;
  }
  return byNewestChange(a, b);
}
