import { formatDate, formatDateTimeUtc } from '../../../lib/format-date';

/**
 * The time texts of notices: their age, and their start and end as 'Mon DD YYYY, HH:MM UTC'. Notices are
 * shown and entered in UTC, and every label says so: one notice reaches customers in every time zone.
 */

/** The zone notice times are shown and entered in, as labels name it. */
export const NOTICE_TIME_ZONE = 'UTC';

/** `Nov 05 2026` (the UTC date). */
export function formatNoticeDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDate(date.toISOString());
}

/** `Nov 05 2026, 08:30 UTC`. */
export const formatNoticeTime = formatDateTimeUtc;

const UNITS: Array<[name: string, seconds: number]> = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** `12 seconds ago`, `1 minute ago`, `3 hours ago`, `5 days ago` (spec section 9); the future reads `just now`. */
export function noticeAge(iso: string, now: number): string {
  const seconds = Math.floor((now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 1) return 'just now';
  for (const [name, size] of UNITS) {
    if (seconds >= size) {
      const count = Math.floor(seconds / size);
      return `${count} ${name}${count === 1 ? '' : 's'} ago`;
    }
  }
  return 'just now';
}

/** The value of an `<input type="datetime-local">` for an ISO time, in UTC (`2026-12-01T08:30`). */
export function toUtcInput(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16);
}

/** An `<input type="datetime-local">` value, read as UTC, as ISO 8601; empty or invalid: null. */
export function fromUtcInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const date = new Date(`${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
