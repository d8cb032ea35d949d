const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * Formats a date as 'Mon DD YYYY' (spec section 9, e.g. 'May 19 2025').
 * Reads the calendar date straight from the ISO string instead of going through `Date`, so server and browser
 * print the same day whatever their time zones are (a mismatch would also break hydration).
 */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return iso;
  return `${month} ${match[3]} ${match[1]}`;
}

/**
 * A moment as 'Mon DD YYYY, HH:MM UTC' (e.g. 'Nov 26 2026, 23:39 UTC'): the date as {@link formatDate} prints
 * it, the time on a 24-hour clock, always in UTC and saying so, so an admin in one zone and a customer in
 * another read the same time, and server and browser render the same text. Invalid input: ''.
 */
export function formatDateTimeUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const utc = date.toISOString();
  return `${formatDate(utc)}, ${utc.slice(11, 16)} UTC`;
}
