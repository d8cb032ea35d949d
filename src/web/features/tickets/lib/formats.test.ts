import { afterEach, describe, expect, it } from 'vitest';
import { dateTime, groupedNumber, zoneLabel } from './formats';

const processZone = process.env.TZ;
/** Node reads `TZ` again when it changes: the dates below are written as a reader in `zone` sees them. */
function inZone(zone: string): void {
  process.env.TZ = zone;
}
afterEach(() => {
  if (processZone === undefined) delete process.env.TZ;
  else process.env.TZ = processZone;
});

/**
 * What `Intl` writes for the day and the zone, the portal's formats before they were written without it. Made
 * after `inZone`: a format keeps the zone it was made in.
 */
function intlFormats(): (date: Date) => { day: string; zone: string } {
  const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
  const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' });
  return (date) => ({
    day: day.format(date).replace(',', ''),
    zone: zone.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '',
  });
}

describe('dateTime', () => {
  it('writes the day, a 24-hour time and the zone', () => {
    inZone('UTC');
    expect(dateTime('2026-11-25T10:00:00.000Z')).toBe('Nov 25 2026, 10:00 UTC');
    // Intl's en-US 24-hour clock wrote half past midnight as 24:30.
    expect(dateTime('2026-01-01T00:30:00.000Z')).toBe('Jan 01 2026, 00:30 UTC');
    inZone('Europe/Berlin');
    expect(dateTime('2026-11-25T10:00:00.000Z')).toBe('Nov 25 2026, 11:00 GMT+1');
    expect(dateTime('2026-07-01T23:15:00.000Z')).toBe('Jul 02 2026, 01:15 GMT+2');
    inZone('America/St_Johns');
    expect(dateTime('2026-11-25T10:00:00.000Z')).toBe('Nov 25 2026, 06:30 GMT-3:30');
  });

  it('writes the day and the zone as Intl does, a year of instants in zones east and west', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Auckland', 'America/St_Johns']) {
      inZone(zone);
      const byIntl = intlFormats();
      const start = Date.UTC(2026, 0, 1);
      // Every 7 h 13 min: days, months, midnight and noon, the zone's summer time if any.
      for (let at = start; at < start + 366 * 86_400_000; at += 433 * 60_000) {
        const iso = new Date(at).toISOString();
        const { day, zone: intlZone } = byIntl(new Date(at));
        expect(dateTime(iso).startsWith(`${day}, `)).toBe(true);
        expect(zoneLabel(new Date(at))).toBe(intlZone);
      }
    }
  });

  it('names a zone with an English abbreviation by its offset', () => {
    inZone('America/New_York');
    expect(zoneLabel(new Date('2026-01-15T12:00:00.000Z'))).toBe('GMT-5');
    expect(zoneLabel(new Date('2026-07-15T12:00:00.000Z'))).toBe('GMT-4');
  });

  it('writes an invalid date in words, without throwing', () => {
    expect(dateTime('not a date')).toBe('Invalid date');
  });
});

describe('groupedNumber', () => {
  it('groups thousands as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 10_000, 123_456, 1_234_567, 9_007_199_254_740_991])
      expect(groupedNumber(value)).toBe(value.toLocaleString('en-US'));
  });
});
