import { Badge } from '@mantine/core';
import type { Ticket } from '../../../../common/contracts/tickets';
import { dueText } from '../lib/due-text';
import { ClockText } from '../../../components/clock-text';

const COLORS = {
  overdue: 'red',
  dueSoon: 'orange',
  due: 'blue',
  responded: 'green',
  stopped: 'gray',
} as const;

/**
 * The first-response state of a ticket, in words (colour only repeats them): the dot variant keeps the words
 * in the body's ink, readable on any row, where the light variant's tinted text falls below 4.5:1.
 */
export function DueBadge({ ticket, now }: { ticket: Ticket; now: number }) {
  return (
    <Badge color={COLORS[ticket.dueState]} variant="dot" tt="none">
      <ClockText text={() => dueText(ticket, now)} />
    </Badge>
  );
}

/**
 * The formats of {@link dateTime}, made once: `toLocaleDateString` and `toLocaleTimeString` with options build
 * a new `Intl.DateTimeFormat` on every call, which was a sixth of the server's time for the agents' list (two
 * dates a row, 25 rows: bench/README.md, Load). Made at first use, in the zone the process has then.
 */
let formats: { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | undefined;

/** A date and time as the portal writes them, with the zone they are read in: `Nov 25 2026, 10:00 UTC`. */
export function dateTime(iso: string): string {
  formats ??= {
    day: new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' }),
    time: new Intl.DateTimeFormat('en-US', {
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZoneName: 'short',
    }),
  };
  const date = new Date(iso);
  // `format` throws on an invalid date, where the `toLocale…String` calls wrote this.
  if (Number.isNaN(date.getTime())) return 'Invalid Date, Invalid Date';
  return `${formats.day.format(date).replace(',', '')}, ${formats.time.format(date)}`;
}
