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
