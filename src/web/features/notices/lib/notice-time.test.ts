import { describe, expect, it } from 'vitest';
import { formatNoticeDate, formatNoticeTime, fromUtcInput, noticeAge, toUtcInput } from './notice-time';

describe('notice time texts (spec section 9)', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it.each([
    ['2026-11-25T11:59:59Z', '1 second ago'],
    ['2026-11-25T11:59:15Z', '45 seconds ago'],
    ['2026-11-25T11:59:00Z', '1 minute ago'],
    ['2026-11-25T11:01:00Z', '59 minutes ago'],
    ['2026-11-25T09:00:00Z', '3 hours ago'],
    ['2026-11-24T12:00:00Z', '1 day ago'],
    ['2026-10-26T12:00:00Z', '30 days ago'],
    ['2026-11-25T12:00:00Z', 'just now'],
    ['2026-11-26T12:00:00Z', 'just now'],
  ])('%s is %s', (iso, text) => {
    expect(noticeAge(iso, now)).toBe(text);
  });

  it('prints dates as Mon DD YYYY in UTC, and times with the zone', () => {
    expect(formatNoticeDate('2026-11-05T10:00:00Z')).toBe('Nov 05 2026');
    // Still the 31st in UTC, whatever zone the reader is in.
    expect(formatNoticeDate('2027-01-31T23:30:00Z')).toBe('Jan 31 2027');
    expect(formatNoticeDate('2027-01-31T23:30:00-02:00')).toBe('Feb 01 2027');
    expect(formatNoticeDate('not a date')).toBe('');
    expect(formatNoticeTime('2026-11-26T23:39:26.123Z')).toBe('Nov 26 2026, 23:39 UTC');
    expect(formatNoticeTime('2026-12-01T09:05:00+01:00')).toBe('Dec 01 2026, 08:05 UTC');
    expect(formatNoticeTime('')).toBe('');
  });

  it('round-trips a datetime-local value as UTC', () => {
    expect(toUtcInput('2026-12-01T08:30:00.000Z')).toBe('2026-12-01T08:30');
    expect(fromUtcInput('2026-12-01T08:30')).toBe('2026-12-01T08:30:00.000Z');
    expect(fromUtcInput('')).toBeNull();
    expect(fromUtcInput('2026-13-01T08:30')).toBeNull();
  });
});
