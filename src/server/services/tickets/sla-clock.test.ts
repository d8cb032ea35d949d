import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_TIERS, TICKET_PRIORITIES } from '../../../common/tickets.js';
import { loadConfig } from '../../config/load-config.js';
import { addBusinessMinutes, createSlaClock, type SlaClock } from './sla-clock.js';

const HOURS = { days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00' };
let clock: SlaClock;

beforeAll(async () => {
  clock = createSlaClock(await loadConfig(path.resolve('config/portal.yaml')));
});

describe('the first-response clock (issue 14, spec section 9)', () => {
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
