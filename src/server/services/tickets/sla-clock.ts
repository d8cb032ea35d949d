import { DateTime } from 'luxon';
import { SUPPORT_TIERS, slaMinutes, type SupportTier, type TicketPriority } from '../../../common/tickets.js';
import type { PortalConfig } from '../../../common/portal-config.js';

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
 * The first-response due time of a ticket (issue 14): the SLA table's target for its priority and tier,
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
