import { describe, expect, it } from 'vitest';
import { dateTime } from './due-badge';

/** How the portal wrote a date before its formats were kept: one `toLocale…String` call each, every time. */
function writtenByToLocale(iso: string): string {
  const date = new Date(iso);
  const day = date
    .toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' })
    .replace(',', '');
  const time = date.toLocaleTimeString('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZoneName: 'short',
  });
  return `${day}, ${time}`;
}

describe('dateTime', () => {
  it('writes a date as the toLocale calls did, in the zone the process has', () => {
    expect(dateTime('2026-11-25T10:00:00.000Z')).toBe(writtenByToLocale('2026-11-25T10:00:00.000Z'));
    // A year of instants, every 7 h 13 min: days, months, midnight and noon, the zone's summer time if any.
    const start = Date.UTC(2026, 0, 1);
    for (let at = start; at < start + 366 * 86_400_000; at += 433 * 60_000) {
      const iso = new Date(at).toISOString();
      expect(dateTime(iso)).toBe(writtenByToLocale(iso));
    }
  });

  it('writes an invalid date as the toLocale calls did, without throwing', () => {
    expect(dateTime('not a date')).toBe(writtenByToLocale('not a date'));
  });
});
