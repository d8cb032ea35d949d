import { describe, expect, it } from 'vitest';
import { formatNoticeDate, fromLocalInput, noticeAge, toLocalInput } from './notice-time';

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

  it('prints dates as Mon DD YYYY', () => {
    expect(formatNoticeDate(new Date(2026, 10, 5, 10).toISOString())).toBe('Nov 05 2026');
    expect(formatNoticeDate(new Date(2027, 0, 31, 23).toISOString())).toBe('Jan 31 2027');
    expect(formatNoticeDate('not a date')).toBe('');
  });

  it('round-trips a datetime-local value', () => {
    const iso = new Date(2026, 11, 1, 8, 30).toISOString();
    expect(toLocalInput(iso)).toBe('2026-12-01T08:30');
    expect(fromLocalInput('2026-12-01T08:30')).toBe(iso);
    expect(fromLocalInput('')).toBeNull();
  });
});
