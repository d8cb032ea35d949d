/**
 * Dates and counts as the ticket pages write them, without `Intl`. A page's first use of `Intl` (a
 * `DateTimeFormat`, `toLocaleString`) loads the browser's locale data: 70-300 ms of Lighthouse's 4x-throttled
 * CPU in one task, in the middle of hydrating the queue (bench/README.md, the staff ticket pages). These
 * formats are fixed (English month names, a 24-hour clock), so the date's own getters write them for nothing.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/**
 * The reader's zone at that instant, by its offset: `UTC`, `GMT+1`, `GMT-3:30`, as `Intl`'s short zone names
 * write every zone that has no English abbreviation of its own (US zones get `GMT-5` where `Intl` says `EST`).
 */
export function zoneLabel(date: Date): string {
  const offset = -date.getTimezoneOffset();
  if (offset === 0) return 'UTC';
  const minutes = Math.abs(offset) % 60;
  return `GMT${offset > 0 ? '+' : '-'}${Math.floor(Math.abs(offset) / 60)}${minutes ? `:${twoDigits(minutes)}` : ''}`;
}

/** A date and time as the portal writes them, in the reader's zone and with it: `Nov 25 2026, 10:00 UTC`. */
export function dateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  const day = `${MONTHS[date.getMonth()]} ${twoDigits(date.getDate())} ${date.getFullYear()}`;
  return `${day}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())} ${zoneLabel(date)}`;
}

/** `1,234`: a whole number with its thousands grouped, as en-US writes it. */
export function groupedNumber(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
