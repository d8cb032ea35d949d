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

/** A date and time as the portal writes them, with the zone they are read in: `Nov 25 2026, 10:00 UTC`. */
export function dateTime(iso: string): string {
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
